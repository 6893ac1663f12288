// `npm test`: every vitest project (unit, integration, and any added later) in one run, then one
// plain closing line "N passed, N failed" totalling them all, for people and for CI.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

interface VitestReport {
  numPassedTests: number
  numFailedTests: number
  numPendingTests: number
  numTodoTests: number
  success: boolean
}

const dir = mkdtempSync(join(tmpdir(), 'holdfast-test-'))
const reportFile = join(dir, 'report.json')
const run = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`, ...process.argv.slice(2)],
  { stdio: 'inherit', env: process.env },
)

let report: VitestReport | undefined
try {
  report = JSON.parse(readFileSync(reportFile, 'utf8')) as VitestReport
} catch {
  report = undefined
} finally {
  rmSync(dir, { recursive: true, force: true })
}

if (!report) {
  console.log('0 passed, 1 failed')
  console.error('The test runner wrote no report: it crashed before finishing (see above).')
  process.exit(1)
}
const skipped = report.numPendingTests + report.numTodoTests
const failed = report.numFailedTests + (run.status !== 0 && report.numFailedTests === 0 ? 1 : 0)
console.log(`\n${report.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(run.status === 0 && failed === 0 && report.numPassedTests > 0 ? 0 : 1)

// `npm test`: ESLint (counted as one test: passed when clean), then every vitest project (unit,
// integration, and any added later) in one run, then one plain closing line "N passed, N failed"
// totalling them all, for people and for CI.
// With TEST_DATABASE_URL set, the integration project runs a second time against that
// PostgreSQL database (the first run always uses PGlite), and the line totals both runs.
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

interface Outcome {
  passed: number
  failed: number
  skipped: number
}

/** Runs ESLint over the tree, its findings shown: one passed test when clean, one failed otherwise. */
function lint(): Outcome {
  const run = spawnSync('npx', ['eslint', '.'], { stdio: 'inherit' })
  if (run.status === 0) return { passed: 1, failed: 0, skipped: 0 }
  console.error('ESLint found problems (above): counted as one failed test.')
  return { passed: 0, failed: 1, skipped: 0 }
}

/** Runs vitest with `args`; a run that wrote no report counts as one failure. */
function vitest(args: string[], env: NodeJS.ProcessEnv): Outcome {
  const dir = mkdtempSync(join(tmpdir(), 'holdfast-test-'))
  const reportFile = join(dir, 'report.json')
  const run = spawnSync(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`, ...args],
    {
      stdio: 'inherit',
      env,
    },
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
    console.error('The test runner wrote no report: it crashed before finishing (see above).')
    return { passed: 0, failed: 1, skipped: 0 }
  }
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + (run.status !== 0 && report.numFailedTests === 0 ? 1 : 0),
    skipped: report.numPendingTests + report.numTodoTests,
  }
}

/** `args` without `--project x` / `--project=x`, and the projects they named. */
function splitProjects(args: string[]): { projects: string[]; rest: string[] } {
  const projects: string[] = []
  const rest: string[] = []
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string
    if (arg === '--project') projects.push(args[++i] ?? '')
    else if (arg.startsWith('--project=')) projects.push(arg.slice('--project='.length))
    else rest.push(arg)
  }
  return { projects, rest }
}

const args = process.argv.slice(2)
const { TEST_DATABASE_URL: databaseUrl, ...pgliteEnv } = process.env
const outcomes = [lint(), vitest(args, pgliteEnv)]
const { projects, rest } = splitProjects(args)
if (databaseUrl && (projects.length === 0 || projects.includes('integration'))) {
  console.log('\nThe integration tests again, against PostgreSQL (TEST_DATABASE_URL):\n')
  // These files open PGlite databases of their own: on the second run they would test nothing new.
  const ownPglite = ['tests/integration/local-stack.test.ts', 'tests/integration/admin-query-plans.test.ts']
  const postgresRun = ['--project', 'integration', ...ownPglite.flatMap((file) => ['--exclude', file]), '--passWithNoTests']
  outcomes.push(vitest([...postgresRun, ...rest], process.env))
}

const total = outcomes.reduce((sum, o) => ({
  passed: sum.passed + o.passed,
  failed: sum.failed + o.failed,
  skipped: sum.skipped + o.skipped,
}))
if (total.skipped) console.log(`\n(${total.skipped} skipped)`)
// The last line stays exactly "N passed, N failed": CI reads it.
console.log(`\n${total.passed} passed, ${total.failed} failed`)
process.exit(total.failed === 0 && total.passed > 0 ? 0 : 1)

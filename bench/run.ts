// `npm run bench [name…]`: runs every bench/*.bench.ts (or the named ones) one after another,
// then appends what they printed to bench/RESULTS.md with the date and the machine, below the
// earlier runs. Benchmarks print figures; none of them passes or fails on time.
import { execFileSync, spawn } from 'node:child_process'
import { appendFileSync, readdirSync } from 'node:fs'
import { availableParallelism, cpus, loadavg } from 'node:os'
import { join } from 'node:path'

const dir = new URL('.', import.meta.url).pathname
const wanted = process.argv.slice(2)
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)))
  .sort()

/** Runs one benchmark, showing its output as it comes and keeping a copy. */
function runBench(file: string): Promise<{ output: string; ok: boolean }> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsx', join(dir, file)], { stdio: ['inherit', 'pipe', 'inherit'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk)
      output += chunk.toString()
    })
    child.on('close', (code) => resolve({ output, ok: code === 0 }))
  })
}

function machine(): string {
  const memory = execFileSync('free', ['-h'], { encoding: 'utf8' }).trimEnd()
  return [
    `- CPU: ${availableParallelism()} × ${cpus()[0]?.model ?? 'unknown'} (nproc ${availableParallelism()})`,
    `- Node.js ${process.version} on ${process.platform} ${process.arch}`,
    // Other work on the machine slows every figure: say how busy it was.
    `- Load average when the run started (1, 5, 15 minutes): ${startLoad.map((load) => load.toFixed(2)).join(', ')}`,
    '- Memory (`free -h`):',
    '',
    '```',
    memory,
    '```',
  ].join('\n')
}

const started = new Date()
const startLoad = loadavg()
const sections: string[] = []
let failed = 0
for (const file of files) {
  console.log(`\n== ${file}`)
  const { output, ok } = await runBench(file)
  if (!ok) failed++
  sections.push(`### ${file}${ok ? '' : ' (did not finish)'}\n\n\`\`\`\n${output.trim()}\n\`\`\``)
}

appendFileSync(
  join(dir, 'RESULTS.md'),
  `\n## ${started.toISOString().replace(/\.\d+Z$/, 'Z')}\n\n${machine()}\n\n${sections.join('\n\n')}\n`,
)
console.log(`\nFigures appended to bench/RESULTS.md.`)
process.exit(failed ? 1 : 0)

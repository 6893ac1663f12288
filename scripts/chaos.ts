// `npm run test:chaos -- [--runs N] [--seed S]`: the chaos suite (tests/e2e/chaos.test.ts) with N
// freshly drawn seeds, or replaying the one seed S a failure printed. Without either, the fixed
// seeds that `npm test` runs.
import { spawnSync } from 'node:child_process'
import { parseArgs } from 'node:util'

const { values } = parseArgs({ options: { runs: { type: 'string' }, seed: { type: 'string' } } })
const env = { ...process.env }
if (values.runs !== undefined) env.CHAOS_RUNS = String(Number.parseInt(values.runs, 10))
if (values.seed !== undefined) env.CHAOS_SEED = String(Number.parseInt(values.seed, 10))
for (const name of ['CHAOS_RUNS', 'CHAOS_SEED'] as const) {
  if (env[name] === 'NaN') {
    console.error(`${name === 'CHAOS_RUNS' ? '--runs' : '--seed'} takes a whole number`)
    process.exit(2)
  }
}

const run = spawnSync('npx', ['vitest', 'run', '--project', 'e2e', 'tests/e2e/chaos.test.ts'], { stdio: 'inherit', env })
process.exit(run.status ?? 1)

// `npm run bench [name…]`: runs every bench/*.bench.ts (or the named ones) one after another.
// Benchmarks print figures; none of them passes or fails on time.
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'

const dir = new URL('.', import.meta.url).pathname
const wanted = process.argv.slice(2)
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)))
  .sort()

let failed = 0
for (const file of files) {
  console.log(`\n== ${file}`)
  const result = spawnSync('npx', ['tsx', join(dir, file)], { stdio: 'inherit' })
  if (result.status !== 0) failed++
}
process.exit(failed ? 1 : 0)

// `tsx scripts/with-postgres.ts <command…>`: runs the command with TEST_DATABASE_URL pointing at an
// empty database on a throwaway PostgreSQL cluster, then removes the cluster.
import { spawn } from 'node:child_process'
import { startThrowawayPostgres } from './throwaway-postgres.ts'

const [command, ...args] = process.argv.slice(2)
if (!command) {
  console.error('usage: tsx scripts/with-postgres.ts <command> [args…]')
  process.exit(2)
}
const postgres = await startThrowawayPostgres('holdfast_test')
const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: postgres.url } })
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => {
  postgres.stop()
  process.exit(code ?? (signal ? 1 : 0))
})

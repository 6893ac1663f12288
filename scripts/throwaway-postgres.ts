// A throwaway PostgreSQL cluster (in a temporary directory, on a free port) for tests and
// benchmarks, removed by `stop`.
// Needs PostgreSQL's server binaries (Debian: `apt-get install postgresql`). PostgreSQL refuses to
// run as root, so as root the cluster runs as the `postgres` user (or `nobody`).
import { spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { freePort } from './free-port.ts'

export interface ThrowawayPostgres {
  /** The URL of an empty database on the cluster. */
  url: string
  stop(): void
}

/** Where initdb and pg_ctl are: on the PATH, or Debian's newest /usr/lib/postgresql/<version>/bin. */
export function postgresBinDir(): string | undefined {
  const onPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim()
  if (onPath) return join(onPath, '..')
  const debian = '/usr/lib/postgresql'
  if (!existsSync(debian)) return undefined
  const versions = readdirSync(debian)
    .filter((v) => existsSync(join(debian, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] ? join(debian, versions[0], 'bin') : undefined
}

/** Starts a throwaway cluster and creates `database` on it. */
export async function startThrowawayPostgres(database: string): Promise<ThrowawayPostgres> {
  const bin = postgresBinDir()
  if (!bin) throw new Error('PostgreSQL server binaries (initdb, pg_ctl) not found. On Debian: apt-get install postgresql')
  const dir = mkdtempSync(join(tmpdir(), 'holdfast-postgres-'))
  const user = process.getuid?.() === 0 ? unprivilegedUser() : undefined
  if (user) chownSync(dir, user.uid, user.gid)
  const run = (command: string, args: string[]) => {
    const [file, fullArgs] = user ? ['runuser', ['-u', user.name, '--', command, ...args]] : [command, args]
    const result = spawnSync(file, fullArgs, { encoding: 'utf8' })
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout || result.error?.message}`)
  }
  const data = join(dir, 'data')
  const port = await freePort()
  try {
    run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale', '--no-sync'])
    // Durability is pointless for a cluster that lives for one test run.
    const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`
    run(join(bin, 'pg_ctl'), ['-D', data, '-o', settings, '-l', join(dir, 'server.log'), '-w', 'start'])
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
  let stopped = false
  const server = `postgres://postgres@127.0.0.1:${port}`
  const client = new pg.Client({ connectionString: `${server}/postgres` })
  await client.connect()
  await client.query(`create database ${database}`)
  await client.end()
  return {
    url: `${server}/${database}`,
    stop: () => {
      if (stopped) return
      stopped = true
      try {
        run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}

function unprivilegedUser(): { name: string; uid: number; gid: number } {
  for (const name of ['postgres', 'nobody']) {
    const id = spawnSync('id', ['-u', name], { encoding: 'utf8' })
    const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' })
    if (id.status === 0 && gid.status === 0) return { name, uid: Number(id.stdout.trim()), gid: Number(gid.stdout.trim()) }
  }
  throw new Error('Running as root, and neither a postgres nor a nobody user exists to run PostgreSQL as')
}

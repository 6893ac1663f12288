import { chmod, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const projectRoot = fileURLToPath(new URL('../../', import.meta.url))

/** Where the local stack keeps its database, JWT secret and pid file unless HOLDFAST_DATA_DIR says otherwise. */
export const defaultDataDir = join(projectRoot, '.data', 'pglite')

export function dataDirFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.HOLDFAST_DATA_DIR?.trim()
  return configured ? resolve(configured) : defaultDataDir
}

const pidFileName = 'server.pid'

/** PGlite has no lock of its own: two processes opening one data directory would corrupt it. */
export class DataDirInUse extends Error {
  constructor(
    readonly pid: number,
    dataDir: string,
  ) {
    super(
      `The Holdfast server (process ${pid}) is using ${dataDir}. Stop it first. ` +
        `If no server is running, delete ${join(dataDir, pidFileName)}.`,
    )
  }
}

/** The pid of the server that holds `dataDir`, or undefined when none does (no file, or its process is gone). */
export async function runningServerPid(dataDir: string): Promise<number | undefined> {
  let text: string
  try {
    text = await readFile(join(dataDir, pidFileName), 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  const pid = Number.parseInt(text.trim(), 10)
  if (!Number.isInteger(pid) || pid <= 0) return undefined
  return isRunning(pid) ? pid : undefined
}

/** Claims `dataDir` for this process; throws DataDirInUse when another running server holds it. */
export async function writePidFile(dataDir: string, pid: number = process.pid): Promise<void> {
  const holder = await runningServerPid(dataDir)
  if (holder !== undefined && holder !== pid) throw new DataDirInUse(holder, dataDir)
  await createPrivateDir(dataDir)
  await writeFile(join(dataDir, pidFileName), `${pid}\n`)
}

/**
 * Creates `dataDir` readable by this user alone, or takes an existing one back to that: it
 * holds the JWT secret and the database, whose write-ahead log keeps the administrator's
 * password hash.
 */
export async function createPrivateDir(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  await chmod(dataDir, 0o700)
}

/**
 * Takes group and other permissions off everything in `dataDir`. PGlite copies a new
 * database's files in world-readable and -writable (0666, whatever the umask). The
 * directory's 0700 already keeps others out; this keeps the files private too, e.g. in a
 * backup copy that keeps their modes.
 */
export async function restrictToOwner(dataDir: string): Promise<void> {
  const entries = await readdir(dataDir, { recursive: true, withFileTypes: true })
  for (const entry of entries) {
    if (!entry.isFile() && !entry.isDirectory()) continue
    const path = join(entry.parentPath, entry.name)
    const { mode } = await stat(path)
    if (mode & 0o077) await chmod(path, mode & 0o700)
  }
}

/** Removes the pid file if it still names `pid`, so a newer server's claim is left alone. */
export async function removePidFile(dataDir: string, pid: number = process.pid): Promise<void> {
  const file = join(dataDir, pidFileName)
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined
    throw error
  })
  if (text !== undefined && Number.parseInt(text.trim(), 10) === pid) await rm(file, { force: true })
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

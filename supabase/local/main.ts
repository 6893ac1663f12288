import { AdminConfigError } from './auth/admin-accounts.ts'
import { InvalidTrustedProxies, parseTrustedProxies } from './client-address.ts'
import { DataDirInUse, dataDirFromEnv, removePidFile, writePidFile } from './data-dir.ts'
import { startStack, StackStartFailed, type RunningStack } from './stack.ts'

export interface ServeOptions {
  port: number
  staticDir?: string
}

/**
 * Starts the local stack configured from the environment (PORT, HOLDFAST_DATA_DIR,
 * HOLDFAST_IN_MEMORY, DATABASE_URL, ADMIN_EMAIL, ADMIN_PASSWORD, HOLDFAST_TRUSTED_PROXIES),
 * prints how to reach it and stops cleanly on Ctrl-C. Exits with a clear message when
 * start-up fails.
 */
export async function serveFromEnvironment({ port, staticDir }: ServeOptions): Promise<RunningStack> {
  const inMemory = process.env.HOLDFAST_IN_MEMORY === '1'
  // With a PostgreSQL server the data directory keeps only the JWT secret (and the pid file).
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined
  const dataDir = inMemory ? undefined : dataDirFromEnv()
  let stack: RunningStack
  try {
    const trustedProxies = parseTrustedProxies(process.env.HOLDFAST_TRUSTED_PROXIES)
    if (dataDir) await writePidFile(dataDir)
    stack = await startStack({
      port,
      host: process.env.HOST ?? '127.0.0.1',
      dataDir,
      databaseUrl,
      staticDir,
      admin: { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD },
      trustedProxies,
      log: (line) => console.log(line),
    })
  } catch (error) {
    if (dataDir && !(error instanceof DataDirInUse)) await removePidFile(dataDir)
    // Our own start-up errors explain themselves; anything else needs its stack to be fixed.
    const known = [StackStartFailed, DataDirInUse, AdminConfigError, InvalidTrustedProxies].some((type) => error instanceof type)
    console.error(`\nHoldfast could not start: ${known ? (error as Error).message : (error as Error).stack}`)
    process.exit(1)
  }
  console.log(
    [
      '',
      `Holdfast is running at ${stack.url}`,
      `  API URL:      ${stack.url}`,
      `  anon key:     ${stack.anonKey}`,
      `  admin e-mail: ${stack.adminEmail ?? '(none)'}`,
      `  data:         ${databaseUrl ? `PostgreSQL at ${redactPassword(databaseUrl)}` : (dataDir ?? 'in memory (lost on exit)')}`,
      '',
    ].join('\n'),
  )
  const stop = async () => {
    await stack.close()
    if (dataDir) await removePidFile(dataDir)
    process.exit(0)
  }
  process.once('SIGINT', () => void stop())
  process.once('SIGTERM', () => void stop())
  return stack
}

function redactPassword(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl)
    if (url.password) url.password = '***'
    return url.href
  } catch {
    return 'DATABASE_URL'
  }
}

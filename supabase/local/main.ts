import { resolve } from 'node:path'
import { defaultDataDir, removePidFile, writePidFile } from './data-dir.ts'
import { startStack, StackStartFailed, type RunningStack } from './stack.ts'

export interface ServeOptions {
  port: number
  staticDir?: string
}

/**
 * Starts the local stack configured from the environment (PORT, HOLDFAST_DATA_DIR,
 * HOLDFAST_IN_MEMORY, ADMIN_EMAIL, ADMIN_PASSWORD), prints how to reach it and stops
 * cleanly on Ctrl-C. Exits with a clear message when start-up fails.
 */
export async function serveFromEnvironment({ port, staticDir }: ServeOptions): Promise<RunningStack> {
  const inMemory = process.env.HOLDFAST_IN_MEMORY === '1'
  const dataDir = inMemory ? undefined : resolve(process.env.HOLDFAST_DATA_DIR ?? defaultDataDir)
  let stack: RunningStack
  try {
    if (dataDir) await writePidFile(dataDir)
    stack = await startStack({
      port,
      host: process.env.HOST ?? '127.0.0.1',
      dataDir,
      staticDir,
      admin: { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD },
      log: (line) => console.log(line),
    })
  } catch (error) {
    if (dataDir) await removePidFile(dataDir)
    console.error(`\nHoldfast could not start: ${error instanceof StackStartFailed ? error.message : (error as Error).stack}`)
    process.exit(1)
  }
  console.log(
    [
      '',
      `Holdfast is running at ${stack.url}`,
      `  API URL:      ${stack.url}`,
      `  anon key:     ${stack.anonKey}`,
      `  admin e-mail: ${stack.adminEmail ?? '(none)'}`,
      `  data:         ${dataDir ?? 'in memory (lost on exit)'}`,
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

import type { TestProject } from 'vitest/node'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp } from '../../scripts/build-if-stale.ts'
import { parseTrustedProxies } from '../../supabase/local/client-address.ts'
import { startStack, type RunningStack } from '../../supabase/local/stack.ts'
import { keepOnlyTheFirstExam } from '../one-exam-school.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string
    appAnonKey: string
    appServiceRoleKey: string
    /** The built app, for tests that start a server of their own (e.g. to stop it under a service worker). */
    appBuildDir: string
  }
}

let stack: RunningStack | undefined
let buildDir: string | undefined

/**
 * The app, freshly built into a folder of this run's own (so parallel runs never share
 * dist/), served by an in-memory local stack as `npm start` serves it.
 */
export async function setup(project: TestProject): Promise<void> {
  buildDir = await mkdtemp(join(tmpdir(), 'holdfast-e2e-'))
  buildApp(buildDir)
  stack = await startStack({
    port: 0,
    staticDir: buildDir,
    admin: { email: 'admin@holdfast.test', password: 'correct-horse-battery' },
    // A test may name the browser's address in X-Forwarded-For, as a gateway on this machine would.
    trustedProxies: parseTrustedProxies('127.0.0.1, ::1'),
    // A device that dies is submitted from the server's copy within a second of its deadline and
    // grace passing (server-copy.test.ts), not after the 30 s a school's server waits.
    serverCopyEveryMs: 1_000,
  })
  await keepOnlyTheFirstExam(stack.db)
  project.provide('appUrl', stack.url)
  project.provide('appAnonKey', stack.anonKey)
  project.provide('appServiceRoleKey', stack.serviceRoleKey)
  project.provide('appBuildDir', buildDir)
}

export async function teardown(): Promise<void> {
  await stack?.close()
  if (buildDir) await rm(buildDir, { recursive: true, force: true })
}

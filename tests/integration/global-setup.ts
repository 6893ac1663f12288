import { randomUUID } from 'node:crypto'
import type { TestProject } from 'vitest/node'
import { createUser } from '../../supabase/local/auth/admin-accounts.ts'
import { parseTrustedProxies } from '../../supabase/local/client-address.ts'
import { startStack, type RunningStack } from '../../supabase/local/stack.ts'
import { keepOnlyTheFirstExam } from '../one-exam-school.ts'
import { recreatePostgresDatabase } from './fresh-postgres-database.ts'

export interface StackInfo {
  url: string
  anonKey: string
  serviceRoleKey: string
  adminEmail: string
  adminPassword: string
  /** A signed-in account that is not an administrator. */
  userEmail: string
  userPassword: string
  /** Tokens signed with the stack's own secret that must still get nowhere (the security probes). */
  signedTokens: {
    /** The administrator's access token, expired a minute ago. */
    expiredAdmin: string
    /** role authenticated for a user id that has no account. */
    stranger: string
    /** A database role PostgREST must never switch to. */
    postgresRole: string
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo
  }
}

const adminEmail = 'admin@holdfast.test'
const adminPassword = 'correct-horse-battery'
const userEmail = 'student-staff@holdfast.test'
const userPassword = 'not-an-admin-1'

let stack: RunningStack | undefined

/**
 * One local stack for the whole integration run (PGlite takes seconds to boot): in memory, or
 * on a freshly recreated PostgreSQL database when TEST_DATABASE_URL is set.
 */
export async function setup(project: TestProject): Promise<void> {
  const databaseUrl = process.env.TEST_DATABASE_URL
  if (databaseUrl) await recreatePostgresDatabase(databaseUrl)
  stack = await startStack({
    port: 0,
    databaseUrl,
    admin: { email: adminEmail, password: adminPassword },
    // The tests play a gateway on this machine, naming in X-Forwarded-For the many clients they act as.
    trustedProxies: parseTrustedProxies('127.0.0.0/8, ::1'),
    // The files share one database and leave attempts past their deadline on purpose: a timer
    // submitting them from the server's copy would change what they test, when it happens to run.
    // server-copy.test.ts calls public.submit_from_server_copies() itself.
    serverCopyEveryMs: 0,
  })
  await keepOnlyTheFirstExam(stack.db)
  await createUser(stack.db, userEmail, userPassword)
  const { rows } = await stack.db.query<{ id: string }>('select id from auth.users where email = $1', [adminEmail])
  const adminId = rows[0]?.id
  if (!adminId) throw new Error(`the stack did not create ${adminEmail}`)
  const claims = { aud: 'authenticated', role: 'authenticated' }
  project.provide('stack', {
    url: stack.url,
    anonKey: stack.anonKey,
    serviceRoleKey: stack.serviceRoleKey,
    adminEmail,
    adminPassword,
    userEmail,
    userPassword,
    signedTokens: {
      expiredAdmin: await stack.keys.sign({ ...claims, sub: adminId, email: adminEmail }, -60),
      stranger: await stack.keys.sign({ ...claims, sub: randomUUID() }, 3600),
      postgresRole: await stack.keys.sign({ ...claims, role: 'postgres', sub: adminId }, 3600),
    },
  })
}

export async function teardown(): Promise<void> {
  await stack?.close()
}

import type { TestProject } from 'vitest/node'
import { createUser } from '../../supabase/local/auth/admin-accounts.ts'
import { startStack, type RunningStack } from '../../supabase/local/stack.ts'

export interface StackInfo {
  url: string
  anonKey: string
  serviceRoleKey: string
  adminEmail: string
  adminPassword: string
  /** A signed-in account that is not an administrator. */
  userEmail: string
  userPassword: string
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

/** One in-memory local stack for the whole integration run: PGlite takes seconds to boot. */
export async function setup(project: TestProject): Promise<void> {
  stack = await startStack({ port: 0, admin: { email: adminEmail, password: adminPassword } })
  await createUser(stack.db, userEmail, userPassword)
  project.provide('stack', {
    url: stack.url,
    anonKey: stack.anonKey,
    serviceRoleKey: stack.serviceRoleKey,
    adminEmail,
    adminPassword,
    userEmail,
    userPassword,
  })
}

export async function teardown(): Promise<void> {
  await stack?.close()
}

import { randomUUID } from 'node:crypto'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { inject } from 'vitest'
import WebSocket from 'ws'
import type { Database } from '../../src/lib/api/database.types.ts'

export const stack = inject('stack')

export type Client = SupabaseClient<Database>

/**
 * A supabase-js client as a browser would make it (Node 20 needs `ws` for Realtime), with a
 * browser id of its own as the student app sends one: wrong codes are limited per browser, and
 * the files share one address.
 */
export function anonClient(): SupabaseClient<Database> {
  return anonClientWith({})
}

/**
 * An anonymous client that sends `headers` with every request (e.g. X-Forwarded-For, to act as
 * many clients), and a browser id of its own unless `headers` name one.
 */
export function anonClientWith(headers: Record<string, string>): SupabaseClient<Database> {
  return createClient<Database>(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
    global: { headers: { 'x-holdfast-client': randomUUID().replaceAll('-', ''), ...headers } },
  })
}

export async function signedInClient(email: string, password: string): Promise<SupabaseClient<Database>> {
  const client = anonClient()
  const { error } = await client.auth.signInWithPassword({ email, password })
  if (error) throw new Error(`sign-in as ${email} failed: ${error.message}`)
  return client
}

export function adminClient(): Promise<SupabaseClient<Database>> {
  return signedInClient(stack.adminEmail, stack.adminPassword)
}

/** Signed in, but not in public.admin_users: what RLS must keep out of admin data. */
export function nonAdminClient(): Promise<SupabaseClient<Database>> {
  return signedInClient(stack.userEmail, stack.userPassword)
}

/** Service-role access for arranging test data behind RLS's back. */
export function serviceClient(): SupabaseClient<Database> {
  return createClient<Database>(stack.url, stack.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  })
}

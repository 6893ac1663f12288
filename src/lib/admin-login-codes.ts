import { adminRequest, type AdminResult } from './admin-result'
import type { Tables } from './database.types'
import { getSupabase } from './supabase'

export type LoginCode = Tables<'login_codes'>

export function listLoginCodes(): Promise<AdminResult<LoginCode[]>> {
  return adminRequest({ message: 'Failed to load login codes' }, () =>
    getSupabase().from('login_codes').select('*').order('created_at', { ascending: false }),
  )
}

/** New codes, each with `extraMinutes` of extra time (an accommodation; 0 for none). */
export function createLoginCodes(codes: readonly string[], extraMinutes: number): Promise<AdminResult<null>> {
  return adminRequest({ message: 'Failed to generate codes', preferServerMessage: true }, () =>
    getSupabase()
      .from('login_codes')
      .insert(codes.map((code) => ({ code, extra_minutes: extraMinutes }))),
  )
}

export function deleteLoginCode(id: string): Promise<AdminResult<null>> {
  return adminRequest({ message: 'Failed to delete login code' }, () => getSupabase().from('login_codes').delete().eq('id', id))
}

/** Gives a code's student `minutes` of extra time; the server moves the deadline of an exam already started. */
export function setExtraMinutes(id: string, minutes: number): Promise<AdminResult<null>> {
  return adminRequest({ message: 'Failed to update extra time', preferServerMessage: true }, () =>
    getSupabase().from('login_codes').update({ extra_minutes: minutes }).eq('id', id),
  )
}

/**
 * The extra minutes of every code given extra time, by code (most codes have none, so only those
 * are read). `failure` is the message of the screen that needs them.
 */
export async function loadExtraMinutes(failure: string): Promise<AdminResult<Map<string, number>>> {
  const reply = await adminRequest({ message: failure }, () =>
    getSupabase().from('login_codes').select('code, extra_minutes').gt('extra_minutes', 0),
  )
  return reply.ok ? { ok: true, data: new Map(reply.data.map((row) => [row.code, row.extra_minutes])) } : reply
}

import { adminRequest, type AdminResult } from './admin-result'
import type { Tables } from './database.types'
import { getSupabase } from './supabase'

export type LoginCode = Tables<'login_codes'>

export function listLoginCodes(): Promise<AdminResult<LoginCode[]>> {
  return adminRequest({ message: 'Failed to load login codes' }, () =>
    getSupabase().from('login_codes').select('*').order('created_at', { ascending: false }),
  )
}

export function createLoginCodes(codes: readonly string[]): Promise<AdminResult<null>> {
  return adminRequest({ message: 'Failed to generate codes', preferServerMessage: true }, () =>
    getSupabase()
      .from('login_codes')
      .insert(codes.map((code) => ({ code }))),
  )
}

export function deleteLoginCode(id: string): Promise<AdminResult<null>> {
  return adminRequest({ message: 'Failed to delete login code' }, () => getSupabase().from('login_codes').delete().eq('id', id))
}

import * as v from 'valibot'
import { adminRequest, type AdminResult } from './admin-result'
import { guessingLimitClearedSchema, guessingLimitsSchema } from './rpc-answers'
import { getSupabase } from '../api/supabase'

/** An address whose wrong login codes keep students there from starting (migration 20261127000500). */
export interface GuessingLimit {
  address: string
  /** Wrong codes from the address in the last 10 minutes. */
  failures: number
  /** The whole address is refused: no new student there can check or start a code. */
  limited: boolean
  /** Browsers at the address refused on their own. */
  limitedBrowsers: number
  /** When the refusal ends by itself, if nothing more is tried; null when nothing is refused yet. */
  clearsAt: string | null
}

const loadFailed = 'Failed to load the limits on wrong login codes'
const clearFailed = 'Failed to clear the limit'

/** The addresses refused in whole or in part (those only close to the limit are left out). */
export async function listGuessingLimits(): Promise<AdminResult<GuessingLimit[]>> {
  const reply = await adminRequest({ message: loadFailed }, () => getSupabase().rpc('admin_guessing_limits'))
  if (!reply.ok) return reply
  const parsed = v.safeParse(guessingLimitsSchema, reply.data)
  if (!parsed.success) return { ok: false, error: loadFailed }
  return {
    ok: true,
    data: parsed.output
      .filter((row) => row.limited || row.limited_clients > 0)
      .map((row) => ({
        address: row.client_address,
        failures: row.failures,
        limited: row.limited,
        limitedBrowsers: row.limited_clients,
        clearsAt: row.clears_at,
      })),
  }
}

/** Forgets the address's wrong codes; `cleared` is false when they had already expired. */
export async function clearGuessingLimit(address: string): Promise<AdminResult<{ cleared: boolean }>> {
  const reply = await adminRequest({ message: clearFailed }, () => getSupabase().rpc('clear_guessing_limit', { address }))
  if (!reply.ok) return reply
  const parsed = v.safeParse(guessingLimitClearedSchema, reply.data)
  if (!parsed.success) return { ok: false, error: clearFailed }
  return { ok: true, data: { cleared: parsed.output.outcome === 'cleared' } }
}

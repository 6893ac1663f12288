import { adminRequest, type AdminResult } from './admin-result'
import { addressTrustEndedSchema, guessingLimitClearedSchema, guessingLimitsSchema, parseAnswer } from './rpc-answers'
import { getSupabase } from '../api/supabase'

/** An address whose wrong login codes keep students there from starting (supabase/definitions/functions/public/admin_guessing_limits.sql). */
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
  /** Until when an administrator trusts the address as the school's network (only single browsers limited); null when not trusted. */
  trustedUntil: string | null
}

/** How long "Clear and stop limiting this network" trusts an address: one exam and its retakes. */
export const trustMinutes = 120

/** What clearing did: forgot the wrong codes (`cleared` false when they had already expired), and trusted the address until when. */
export interface ClearedLimit {
  cleared: boolean
  trustedUntil: string | null
}

const loadFailed = 'Failed to load the limits on wrong login codes'
const clearFailed = 'Failed to clear the limit'
const endTrustFailed = 'Failed to limit the network again'

/** The addresses refused in whole or in part, and those trusted (those only close to the limit are left out). */
export async function listGuessingLimits(): Promise<AdminResult<GuessingLimit[]>> {
  const reply = await adminRequest({ message: loadFailed }, () => getSupabase().rpc('admin_guessing_limits'))
  const answer = parseAnswer(reply, guessingLimitsSchema, loadFailed)
  if (!answer.ok) return answer
  return {
    ok: true,
    data: answer.data
      .filter((row) => row.limited || row.limited_clients > 0 || row.trusted_until !== null)
      .map((row) => ({
        address: row.client_address,
        failures: row.failures,
        limited: row.limited,
        limitedBrowsers: row.limited_clients,
        clearsAt: row.clears_at,
        trustedUntil: row.trusted_until,
      })),
  }
}

/**
 * Forgets the address's wrong codes; with `trust` it also stops limiting the address as a whole
 * for `trustMinutes` (each browser there stays limited on its own).
 */
export async function clearGuessingLimit(address: string, trust = false): Promise<AdminResult<ClearedLimit>> {
  const reply = await adminRequest({ message: clearFailed }, () =>
    getSupabase().rpc('clear_guessing_limit', { address, trust_minutes: trust ? trustMinutes : 0 }),
  )
  const answer = parseAnswer(reply, guessingLimitClearedSchema, clearFailed)
  if (!answer.ok) return answer
  const cleared = answer.data
  return {
    ok: true,
    data: {
      cleared: cleared.outcome !== 'nothing_to_clear',
      trustedUntil: cleared.outcome === 'trusted' ? cleared.trusted_until : null,
    },
  }
}

/** Ends the trust in an address early; `ended` is false when it had already ended. */
export async function endAddressTrust(address: string): Promise<AdminResult<{ ended: boolean }>> {
  const reply = await adminRequest({ message: endTrustFailed }, () => getSupabase().rpc('end_address_trust', { address }))
  const answer = parseAnswer(reply, addressTrustEndedSchema, endTrustFailed)
  return answer.ok ? { ok: true, data: { ended: answer.data.outcome === 'ended' } } : answer
}

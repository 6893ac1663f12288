import { loadExtraMinutes } from './admin-login-codes'
import { adminRequest, type AdminResult } from './admin-result'
import type { Tables } from './database.types'
import { getSupabase } from './supabase'

/** An exam attempt as the proctor room shows it: the row, its code's extra time, and whether its submission came from a file. */
export type LiveAttempt = Tables<'exam_attempts'> & { extra_minutes: number; recovered_from_file: boolean }

/** The proctor room shows the attempts started in the last 24 hours: the day's exams, however long, and no older ones. */
const shownForMs = 24 * 60 * 60 * 1000
const loadFailed = 'Failed to load exam attempts'

export async function listLiveAttempts(): Promise<AdminResult<LiveAttempt[]>> {
  const since = new Date(Date.now() - shownForMs).toISOString()
  const [attempts, extraMinutes, recovered] = await Promise.all([
    adminRequest({ message: loadFailed }, () =>
      getSupabase().from('exam_attempts').select('*').gte('started_at', since).order('started_at', { ascending: false }),
    ),
    loadExtraMinutes(loadFailed),
    // Few submissions come from files, so only those are read.
    adminRequest({ message: loadFailed }, () =>
      getSupabase().from('submissions').select('login_code').eq('recovered_from_file', true).gte('received_at', since),
    ),
  ])
  if (!attempts.ok) return attempts
  if (!extraMinutes.ok) return extraMinutes
  if (!recovered.ok) return recovered
  const recoveredCodes = new Set(recovered.data.map((submission) => submission.login_code))
  return {
    ok: true,
    data: attempts.data.map((attempt) => ({
      ...attempt,
      extra_minutes: extraMinutes.data.get(attempt.login_code) ?? 0,
      // A code's one submission ends all its attempts, so each of them was recovered with it.
      recovered_from_file: attempt.state === 'received' && recoveredCodes.has(attempt.login_code),
    })),
  }
}

import { loadExtraMinutes } from './admin-login-codes'
import { adminRequest, type AdminResult } from './admin-result'
import type { Tables } from './database.types'
import { getSupabase } from './supabase'

/** An exam attempt as the proctor room shows it: the row, its code's extra time, and how its submission arrived (from a file, late). */
export type LiveAttempt = Tables<'exam_attempts'> & { extra_minutes: number; recovered_from_file: boolean; arrived_late: boolean }

/** The proctor room shows the attempts started in the last 24 hours: the day's exams, however long, and no older ones. */
const shownForMs = 24 * 60 * 60 * 1000
const loadFailed = 'Failed to load exam attempts'

export async function listLiveAttempts(): Promise<AdminResult<LiveAttempt[]>> {
  const since = new Date(Date.now() - shownForMs).toISOString()
  const [attempts, extraMinutes, flagged] = await Promise.all([
    adminRequest({ message: loadFailed }, () =>
      getSupabase().from('exam_attempts').select('*').gte('started_at', since).order('started_at', { ascending: false }),
    ),
    loadExtraMinutes(loadFailed),
    // Few submissions come from files or arrive late, so only those are read.
    adminRequest({ message: loadFailed }, () =>
      getSupabase()
        .from('submissions')
        .select('login_code, recovered_from_file, arrived_late')
        .or('recovered_from_file.eq.true,arrived_late.eq.true')
        .gte('received_at', since),
    ),
  ])
  if (!attempts.ok) return attempts
  if (!extraMinutes.ok) return extraMinutes
  if (!flagged.ok) return flagged
  const flags = new Map(flagged.data.map((submission) => [submission.login_code, submission]))
  return {
    ok: true,
    data: attempts.data.map((attempt) => {
      // A code's one submission ends all its attempts, so each of them arrived the way it did.
      const submission = attempt.state === 'received' ? flags.get(attempt.login_code) : undefined
      return {
        ...attempt,
        extra_minutes: extraMinutes.data.get(attempt.login_code) ?? 0,
        recovered_from_file: submission?.recovered_from_file ?? false,
        arrived_late: submission?.arrived_late ?? false,
      }
    }),
  }
}

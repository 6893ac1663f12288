import { loadExtraMinutes } from './admin-login-codes'
import { adminRequest, type AdminResult } from './admin-result'
import type { Tables } from './database.types'
import { getSupabase } from './supabase'

/** A submission as the results screen shows it: everything but the answers themselves, with its code's extra time. */
export type SubmissionResult = Omit<
  Tables<'submissions'>,
  'answers' | 'exam_category_id' | 'device_started_at' | 'device_time_taken'
> & { extra_minutes: number }

const resultColumns =
  'id, student_name, login_code, score, tab_switches, time_taken, started_at, submitted_at, received_at, answers_fingerprint, recovered_from_file, arrived_late'
const loadFailed = 'Failed to load submissions'

export async function listSubmissions(): Promise<AdminResult<SubmissionResult[]>> {
  const [submissions, extraMinutes] = await Promise.all([
    adminRequest({ message: loadFailed }, () =>
      getSupabase().from('submissions').select(resultColumns).order('submitted_at', { ascending: false }),
    ),
    loadExtraMinutes(loadFailed),
  ])
  if (!submissions.ok) return submissions
  if (!extraMinutes.ok) return extraMinutes
  return {
    ok: true,
    data: submissions.data.map((submission) => ({
      ...submission,
      extra_minutes: extraMinutes.data.get(submission.login_code) ?? 0,
    })),
  }
}

import { adminRequest, type AdminResult } from './admin-result'
import type { Tables } from './database.types'
import { getSupabase } from './supabase'

/** A submission as the results screen shows it: everything but the answers themselves. */
export type SubmissionResult = Omit<Tables<'submissions'>, 'answers' | 'exam_category_id'>

const resultColumns =
  'id, student_name, login_code, score, tab_switches, time_taken, started_at, submitted_at, received_at, answers_fingerprint'

export function listSubmissions(): Promise<AdminResult<SubmissionResult[]>> {
  return adminRequest({ message: 'Failed to load submissions' }, () =>
    getSupabase().from('submissions').select(resultColumns).order('submitted_at', { ascending: false }),
  )
}

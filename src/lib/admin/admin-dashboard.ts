import type { AdminResult } from './admin-result'
import { readCounts } from './admin-reads'
import { getSupabase } from '../api/supabase'
import type { ExamSitting } from '../../domain/active-schedule'
import { readExamSittings } from '../student/student-api'

const adminCountNames = ['questions', 'login_codes', 'codes_used', 'codes_available', 'submissions'] as const

/** The totals of the dashboard, its System Status and the Login Code Manager (public.admin_counts). */
export type AdminCounts = Record<(typeof adminCountNames)[number], number>

/**
 * Counted in SQL in one request, however many rows there are, within `examId` (every exam when
 * undefined). `failure` is the message of the screen that shows them.
 */
export function loadAdminCounts(failure: string, examId?: string): Promise<AdminResult<AdminCounts>> {
  return readCounts(failure, adminCountNames, () => getSupabase().rpc('admin_counts', { exam_id: examId }))
}

/**
 * The sittings students can start and their exams' sizes, read as students read them (the anon REST
 * API), for the dashboard's Exam Information. These facts are no figure to fail on: without an
 * answer there are none, and the panel says a line without numbers.
 */
export async function loadExamSittings(): Promise<ExamSitting[]> {
  try {
    return await readExamSittings()
  } catch (error) {
    console.error('Holdfast could not read the exam sittings for the dashboard:', error)
    return []
  }
}

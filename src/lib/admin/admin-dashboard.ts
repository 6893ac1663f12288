import type { AdminResult } from './admin-result'
import { readCounts } from './admin-reads'
import { getSupabase } from '../api/supabase'

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

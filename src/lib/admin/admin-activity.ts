import { activityKinds, type ActivityKind } from '../../domain/activity-description'
import { dateOfKey } from '../../domain/results-analytics'
import type { Tables } from '../api/database.types'
import { getSupabase } from '../api/supabase'
import { readPage, type ListPage } from './admin-reads'
import type { AdminResult } from './admin-result'

/** One row of the activity log (public.audit_log, written by the record_* trigger functions in supabase/definitions/functions/private/). */
export type ActivityRow = Tables<'audit_log'>

export interface ActivityFilter {
  /** Only actions of this kind; null for every action. */
  kind: ActivityKind | null
  /** Only this local day (YYYY-MM-DD in the administrator's time zone); null for every day. */
  day: string | null
  /** Only what happened within this exam; undefined for all exams (rows of no exam, as sign-ins, included). */
  examId?: string
}

export const activityLoadFailed = 'Failed to load activity'

/** The moments a local day starts and ends, as the browser's time zone has it. */
function dayBounds(day: string): { from: string; to: string } {
  const start = dateOfKey(day)
  const end = new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1)
  return { from: start.toISOString(), to: end.toISOString() }
}

/** Page `pageIndex` of the log for the filter, newest first, with its total. */
export function listActivity(
  filter: ActivityFilter,
  pageIndex: number,
  pageSize: number,
): Promise<AdminResult<ListPage<ActivityRow>>> {
  return readPage(activityLoadFailed, pageIndex, pageSize, (from, to) => {
    let query = getSupabase().from('audit_log').select('*', { count: 'exact' })
    if (filter.examId) query = query.eq('exam_id', filter.examId)
    if (filter.kind) query = query.in('action', [...activityKinds[filter.kind].actions])
    if (filter.day) {
      const bounds = dayBounds(filter.day)
      query = query.gte('occurred_at', bounds.from).lt('occurred_at', bounds.to)
    }
    return query.order('occurred_at', { ascending: false }).order('id', { ascending: false }).range(from, to)
  })
}

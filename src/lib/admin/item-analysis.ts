import type * as v from 'valibot'
import { getSupabase } from '../api/supabase'
import { adminRequest, type AdminResult } from './admin-result'
import { itemAnalysisSchema, parseAnswer } from './rpc-answers'

export type ItemAnalysis = v.InferOutput<typeof itemAnalysisSchema>
export type ItemStatistics = ItemAnalysis['items'][number]
export type ItemFlag = ItemStatistics['flags'][number]

/** What is analysed: a local day (YYYY-MM-DD in the administrator's time zone) or a schedule's window. */
export type ItemAnalysisScope = { day: string } | { scheduleId: string }

const loadFailed = 'Failed to load the item analysis'

/** The analysis of `scope` within `examId` (every exam when undefined: the server's answer for one exam). */
export async function loadItemAnalysis(scope: ItemAnalysisScope, examId?: string): Promise<AdminResult<ItemAnalysis>> {
  const reply = await adminRequest({ message: loadFailed }, () =>
    getSupabase().rpc('admin_item_analysis', {
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      ...('day' in scope ? { day: scope.day } : { schedule_id: scope.scheduleId }),
      exam_id: examId,
    }),
  )
  return parseAnswer(reply, itemAnalysisSchema, loadFailed)
}

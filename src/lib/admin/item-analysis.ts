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

export async function loadItemAnalysis(scope: ItemAnalysisScope): Promise<AdminResult<ItemAnalysis>> {
  const reply = await adminRequest({ message: loadFailed }, () =>
    getSupabase().rpc('admin_item_analysis', {
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      ...('day' in scope ? { day: scope.day } : { schedule_id: scope.scheduleId }),
    }),
  )
  return parseAnswer(reply, itemAnalysisSchema, loadFailed)
}

import * as v from 'valibot'
import { getSupabase } from '../api/supabase'
import { adminRequest, type AdminResult } from './admin-result'

/** admin_item_analysis's answer (migration 20261124002030_item_analysis.sql). */
const count = v.pipe(v.number(), v.integer(), v.minValue(0))
const ratio = v.nullable(v.number())
const itemSchema = v.object({
  question_number: count,
  correct_answer: v.string(),
  served: count,
  facility: v.number(),
  discrimination: ratio,
  point_biserial: ratio,
  options: v.object({ A: count, B: count, C: count, D: count }),
  blank: count,
  flags: v.array(v.picklist(['too_easy', 'too_hard', 'negative_discrimination', 'unchosen_option'])),
})
export const itemAnalysisSchema = v.object({
  students: count,
  questions: count,
  mean: ratio,
  standard_deviation: ratio,
  kr20: ratio,
  items: v.array(itemSchema),
})

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
  if (!reply.ok) return reply
  const parsed = v.safeParse(itemAnalysisSchema, reply.data)
  return parsed.success ? { ok: true, data: parsed.output } : { ok: false, error: loadFailed }
}

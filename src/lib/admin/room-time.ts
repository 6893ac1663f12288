import * as v from 'valibot'
import { adminRequest, type AdminResult } from './admin-result'
import type { Json } from '../api/database.types'
import { getSupabase } from '../api/supabase'

/** add_time_for_everyone: the minutes added and how many students they reached, or nobody was writing. */
export const roomTimeAnswerSchema = v.variant('outcome', [
  v.object({ outcome: v.literal('added'), students: v.pipe(v.number(), v.integer(), v.minValue(1)), minutes: v.number() }),
  v.object({ outcome: v.literal('nobody_writing') }),
])

const countFailed = 'Failed to count the students still writing'
const addFailed = 'Failed to add time'

/** How many students "Add time for everyone" would reach now: those still writing the current schedule. */
export async function countStudentsStillWriting(): Promise<AdminResult<number>> {
  return adminRequest({ message: countFailed }, () => getSupabase().rpc('room_time_students'))
}

/** Students reached (0: nobody was writing, nothing changed). */
export async function addTimeForEveryone(minutes: number): Promise<AdminResult<number>> {
  const reply = await adminRequest({ message: addFailed, preferServerMessage: true }, () =>
    getSupabase().rpc('add_time_for_everyone', { minutes }),
  )
  return reply.ok ? studentsReached(reply.data) : reply
}

function studentsReached(data: Json): AdminResult<number> {
  const parsed = v.safeParse(roomTimeAnswerSchema, data)
  if (!parsed.success) return { ok: false, error: addFailed }
  return { ok: true, data: parsed.output.outcome === 'added' ? parsed.output.students : 0 }
}

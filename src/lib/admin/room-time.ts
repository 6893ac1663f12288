import { adminRequest, type AdminResult } from './admin-result'
import { parseAnswer, roomTimeAnswerSchema } from './rpc-answers'
import type { Tables } from '../api/database.types'
import { getSupabase } from '../api/supabase'
import type { RoomFilter } from './admin-attempts'

const countFailed = 'Failed to count the students still writing'
const addFailed = 'Failed to add time'

/** How many students "Add time for everyone" would reach now: those of `room` (every exam when empty) still writing. */
export async function countStudentsStillWriting(room: RoomFilter = {}): Promise<AdminResult<number>> {
  return adminRequest({ message: countFailed }, () =>
    getSupabase().rpc('room_time_students', { exam_id: room.examId, sitting_id: room.sittingId }),
  )
}

/** Students of `room` reached (0: nobody was writing, nothing changed). */
export async function addTimeForEveryone(minutes: number, room: RoomFilter = {}): Promise<AdminResult<number>> {
  const reply = await adminRequest({ message: addFailed, preferServerMessage: true }, () =>
    getSupabase().rpc('add_time_for_everyone', { minutes, exam_id: room.examId, sitting_id: room.sittingId }),
  )
  const answer = parseAnswer(reply, roomTimeAnswerSchema, addFailed)
  if (!answer.ok) return answer
  return { ok: true, data: answer.data.outcome === 'added' ? answer.data.students : 0 }
}

/** A "time for everyone" as the Proctor Room lists it: minutes, the codes it reached, who and when. */
export type RoomTimeAddition = Pick<
  Tables<'room_time_additions'>,
  'id' | 'minutes' | 'login_codes' | 'added_by_email' | 'added_at'
>

/** How many of the latest additions the Proctor Room lists. */
const additionsShown = 10

/** The latest time added for everyone in the last 24 hours (the Proctor Room's span), newest first. */
export async function listRoomTimeAdditions(examId?: string): Promise<AdminResult<RoomTimeAddition[]>> {
  const since = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString()
  return adminRequest({ message: 'Failed to load the time added for everyone' }, () => {
    const query = getSupabase()
      .from('room_time_additions')
      .select('id, minutes, login_codes, added_by_email, added_at')
      .gte('added_at', since)
    return (examId ? query.eq('exam_id', examId) : query).order('added_at', { ascending: false }).limit(additionsShown)
  })
}

import type { AttemptRefusal, AttemptStatus } from '../../domain/attempt-status'
import type { AdminResult } from './admin-result'
import { readCounts, readPage, type ListPage } from './admin-reads'
import type { Database } from '../api/database.types'
import { getSupabase } from '../api/supabase'

type LiveAttemptRow = Database['public']['Functions']['admin_live_attempts']['Returns'][number]

/**
 * An exam attempt as the proctor room shows it (public.admin_live_attempts): the row, its status
 * at the server's clock when it was read, why its submission was refused, its code's extra time,
 * how its submission arrived (from a file, late), whether the device's storage is persistent, and
 * its place in the room's order. The generated types call every column of a function's result
 * non-null; these six may be null, as in exam_attempts.
 */
export type LiveAttempt = Omit<
  LiveAttemptRow,
  'student_name' | 'reported_at' | 'status' | 'refusal' | 'storage_persistent' | 'sitting_id' | 'sitting_name'
> & {
  student_name: string | null
  /** The sitting the attempt started in; null for an exam written without one. */
  sitting_id: string | null
  sitting_name: string | null
  reported_at: string | null
  status: AttemptStatus
  refusal: AttemptRefusal | null
  storage_persistent: boolean | null
}

const loadFailed = 'Failed to load exam attempts'

/** Which attempts the Proctor Room shows: those of an exam and of a sitting of it; undefined for all. */
export interface RoomFilter {
  examId?: string
  sittingId?: string
}

const roomArguments = ({ examId, sittingId }: RoomFilter) => ({ exam_id: examId, sitting_id: sittingId })

/** A page of the attempts started in the last 24 hours, problems first: the function's own order (display_order). */
export function listLiveAttempts(
  pageIndex: number,
  pageSize: number,
  filter: RoomFilter = {},
): Promise<AdminResult<ListPage<LiveAttempt>>> {
  return readPage(loadFailed, pageIndex, pageSize, (from, to) =>
    getSupabase()
      .rpc('admin_live_attempts', roomArguments(filter), { count: 'exact' })
      .range(from, to)
      // The SQL's CASE gives status only the values of AttemptStatus, and exam_attempts' check refusal only those of AttemptRefusal.
      .overrideTypes<LiveAttempt[], { merge: false }>(),
  )
}

const attemptStatuses = [
  'offline',
  'submitted_on_device',
  'refused',
  'on_track',
  'received',
] as const satisfies readonly AttemptStatus[]

/** How many of the room's attempts (every page) have each status now. */
export function loadLiveAttemptCounts(filter: RoomFilter = {}): Promise<AdminResult<Record<AttemptStatus, number>>> {
  return readCounts(loadFailed, attemptStatuses, () => getSupabase().rpc('admin_live_attempt_counts', roomArguments(filter)))
}

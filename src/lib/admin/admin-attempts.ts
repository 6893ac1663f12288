import type { AttemptRefusal, AttemptStatus } from '../../domain/attempt-status'
import type { AdminResult } from './admin-result'
import { readCounts, readPage, type ListPage } from './admin-reads'
import type { Database } from '../api/database.types'
import { getSupabase } from '../api/supabase'

type LiveAttemptRow = Database['public']['Functions']['admin_live_attempts']['Returns'][number]

/**
 * The columns of public.admin_live_attempts the Proctor Room shows, and only these travel: a page
 * of 100 rows is read twice as the screen opens (its load, then the refetch when its Realtime
 * channel joins), and with every column (the exam's and sitting's ids too) the two came to 140 KB,
 * over the screen's 100 KB (bench/admin-screens.bench.ts).
 */
const shownColumns = [
  'id',
  'login_code',
  'student_name',
  'deadline',
  'question_count',
  'answered_count',
  'tab_switches',
  'refusal',
  'last_seen',
  'status',
  'extra_minutes',
  'recovered_from_file',
  'arrived_late',
  'storage_persistent',
  'exam_name',
  'sitting_name',
] as const satisfies ReadonlyArray<keyof LiveAttemptRow>

/**
 * An exam attempt as the proctor room shows it (public.admin_live_attempts, in the room's order):
 * the attempt, its status at the server's clock when it was read, why its submission was refused,
 * its code's extra time, how its submission arrived (from a file, late), whether the device's
 * storage is persistent, and its exam and sitting. The generated types call every column of a
 * function's result non-null; these five may be null, as in exam_attempts.
 */
export type LiveAttempt = Omit<
  Pick<LiveAttemptRow, (typeof shownColumns)[number]>,
  'student_name' | 'status' | 'refusal' | 'storage_persistent' | 'sitting_name'
> & {
  student_name: string | null
  /** The sitting the attempt started in; null for an exam written without one. */
  sitting_name: string | null
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
      .select(shownColumns.join(','))
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

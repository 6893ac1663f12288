import type { AttemptRefusal, AttemptStatus, CountedAttemptStatus } from '../../domain/attempt-status'
import type { RoomWriting } from '../../domain/room-outage'
import { adminRequest, type AdminResult } from './admin-result'
import { readPage, type ListPage } from './admin-reads'
import type { Database, Tables } from '../api/database.types'
import { getSupabase } from '../api/supabase'
import { attemptMoveOfferSchema, liveAttemptCountsSchema, parseAnswer } from './rpc-answers'

type LiveAttemptRow = Database['public']['Functions']['admin_live_attempts']['Returns'][number]

/**
 * The columns of public.admin_live_attempts the Proctor Room shows, and only these travel: a page
 * of 100 rows is read twice as the screen opens (its load, then the refetch when its Realtime
 * channel joins), and with every column (the exam's and sitting's ids too) the two came to 140 KB,
 * over the screen's 100 KB (bench/admin-screens.bench.ts). The rarer marks (the move, two devices,
 * the server's copy) travel in one column, `marks`, null on a plain row: as seven columns they
 * took the Proctor Room from 89 KB to 121 KB.
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
  'marks',
] as const satisfies ReadonlyArray<keyof LiveAttemptRow>

/**
 * An exam attempt as the proctor room shows it (public.admin_live_attempts, in the room's order):
 * the attempt, its status at the server's clock when it was read, why its submission was refused,
 * its code's extra time, how its submission arrived (from a file, late, from the server's copy),
 * whether the device's storage is persistent, its exam and sitting, its move to another
 * device, and the proctor's seat and note. The generated types call every column of a function's result non-null; those below
 * may be null, as in exam_attempts and submissions.
 */
export type LiveAttempt = Omit<
  Pick<LiveAttemptRow, (typeof shownColumns)[number]>,
  'student_name' | 'status' | 'refusal' | 'storage_persistent' | 'sitting_name' | 'marks'
> & {
  student_name: string | null
  /** Where the student sits, as the proctor noted it (public.note_attempt); null when not given. */
  seat: string | null
  /** The proctor's note on the attempt; null when none. */
  note: string | null
  /** The sitting the attempt started in; null for an exam written without one. */
  sitting_name: string | null
  status: AttemptStatus
  refusal: AttemptRefusal | null
  storage_persistent: boolean | null
  /** When the attempt was moved to another device (set on the old attempt); null when it was not. */
  moved_at: string | null
  /** The attempt this one resumed after a move; null for one started with the code. */
  moved_from: string | null
  /** Who offered the resume PIN of the move (on both attempts); null without a move. */
  moved_by: string | null
  /** When the server's copy the submission was made from had been reported; null if it never was. */
  server_copy_saved_at: string | null
  /** When the device's own submission (or an answer file) replaced a submission from the server's copy; null when none did. */
  replaced_server_copy_at: string | null
  /** Whether another device of the same code reported while this one was live (or the reverse). */
  open_on_two_devices: boolean
  /** Whether the server made the submission from its copy (the device was silent at its deadline). */
  from_server_copy: boolean
}

/** The `marks` column as the server sends it: null on a plain row, else only the marks that apply. */
type LiveAttemptMarks = Partial<
  Pick<
    LiveAttempt,
    'moved_at' | 'moved_from' | 'moved_by' | 'server_copy_saved_at' | 'replaced_server_copy_at' | 'seat' | 'note'
  > & {
    open_on_two_devices: true
    from_server_copy: true
  }
> | null

type LiveAttemptReadRow = Omit<LiveAttempt, keyof NonNullable<LiveAttemptMarks>> & { marks: LiveAttemptMarks }

function liveAttempt({ marks, ...row }: LiveAttemptReadRow): LiveAttempt {
  return {
    ...row,
    moved_at: marks?.moved_at ?? null,
    moved_from: marks?.moved_from ?? null,
    moved_by: marks?.moved_by ?? null,
    server_copy_saved_at: marks?.server_copy_saved_at ?? null,
    replaced_server_copy_at: marks?.replaced_server_copy_at ?? null,
    seat: marks?.seat ?? null,
    note: marks?.note ?? null,
    open_on_two_devices: marks?.open_on_two_devices === true,
    from_server_copy: marks?.from_server_copy === true,
  }
}

const loadFailed = 'Failed to load exam attempts'

/** Which attempts the Proctor Room shows: those of an exam and of a sitting of it; undefined for all. */
export interface RoomFilter {
  examId?: string
  sittingId?: string
}

const roomArguments = ({ examId, sittingId }: RoomFilter) => ({ exam_id: examId, sitting_id: sittingId })

/** The orders the Proctor Room offers, each sorted by the server (every page), ties by login code. */
export const roomOrders = ['name', 'seat', 'problems'] as const
export type RoomOrder = (typeof roomOrders)[number]

/** A page of the attempts started in the last 24 hours in `order`: the function's own order (display_order). */
export function listLiveAttempts(
  pageIndex: number,
  pageSize: number,
  filter: RoomFilter = {},
  order: RoomOrder = 'name',
): Promise<AdminResult<ListPage<LiveAttempt>>> {
  return readPage(loadFailed, pageIndex, pageSize, async (from, to) => {
    const reply = await getSupabase()
      .rpc('admin_live_attempts', { ...roomArguments(filter), order_by: order }, { count: 'exact' })
      .select(shownColumns.join(','))
      .range(from, to)
      // The SQL's CASE gives status only the values of AttemptStatus, and exam_attempts' check refusal only those of AttemptRefusal.
      .overrideTypes<LiveAttemptReadRow[], { merge: false }>()
    return reply.error ? reply : { data: reply.data.map(liveAttempt), error: null, count: reply.count }
  })
}

/** How many of the room's attempts (every page) have each status now, and how many of those being written fell silent together. */
export type LiveAttemptCounts = Record<CountedAttemptStatus, number> & RoomWriting

export async function loadLiveAttemptCounts(filter: RoomFilter = {}): Promise<AdminResult<LiveAttemptCounts>> {
  const reply = await adminRequest({ message: loadFailed }, () =>
    getSupabase().rpc('admin_live_attempt_counts', roomArguments(filter)),
  )
  return parseAnswer(reply, liveAttemptCountsSchema, loadFailed)
}

/** The login code of an attempt, as the extra-time dialog changes it. */
export type AttemptCode = Pick<Tables<'login_codes'>, 'id' | 'code' | 'extra_minutes'>

/**
 * "Extra time" on a row: the attempt's code as it is now. Read when asked rather than carried on
 * every row, which would take a page of the Proctor Room over its 100 KB (bench/admin-screens.bench.ts).
 */
export async function loadAttemptCode(loginCode: string): Promise<AdminResult<AttemptCode>> {
  const failed = 'Failed to load the extra time'
  const reply = await adminRequest({ message: failed }, () =>
    getSupabase().from('login_codes').select('id, code, extra_minutes').eq('code', loginCode).maybeSingle(),
  )
  if (!reply.ok) return reply
  // A code deleted since the row was read has no extra time to change.
  return reply.data ? { ok: true, data: reply.data } : { ok: false, error: failed }
}

const noteFailed = 'Failed to save note'

/** "Note": the seat and note of an attempt, blanks meaning none (both blank removes the note). */
export async function noteAttempt(attemptId: string, seat: string, note: string): Promise<AdminResult<null>> {
  // The server's own refusal says what to change ("A seat can hold printable characters only, …").
  const reply = await adminRequest({ message: noteFailed, preferServerMessage: true }, () =>
    getSupabase().rpc('note_attempt', { p_attempt_id: attemptId, p_seat: seat, p_note: note }),
  )
  return reply.ok ? { ok: true, data: null } : reply
}

/** A resume PIN the proctor reads out: 6 digits, valid until `expiresAt` (10 minutes after it was made). */
export interface AttemptMoveOffer {
  pin: string
  expiresAt: string
}

const offerFailed = 'Failed to make a resume PIN'

/**
 * "Move to a new device": a resume PIN for the attempt's code, which replaces any earlier unused
 * PIN of that code. The server refuses an attempt no longer in progress (or whose code is used)
 * with its own message, which the dialog shows.
 */
export async function offerAttemptMove(attemptId: string): Promise<AdminResult<AttemptMoveOffer>> {
  const reply = await adminRequest({ message: offerFailed, preferServerMessage: true }, () =>
    getSupabase().rpc('admin_offer_attempt_move', { attempt_id: attemptId }),
  )
  const answer = parseAnswer(reply, attemptMoveOfferSchema, offerFailed)
  return answer.ok ? { ok: true, data: { pin: answer.data.pin, expiresAt: answer.data.expires_at } } : answer
}

import { scheduleWindowStatus, type ScheduleWindow } from './schedule-status'
import { counted } from './counted'

/** An active exam_schedule row (a sitting), as far as students need it. */
export interface ActiveSchedule extends ScheduleWindow {
  /** The sitting's own name. */
  exam_name: string
  duration_minutes: number
}

/** An active sitting as the login screen lists it: with its exam (whose name students know it by). */
export interface ExamSitting extends ActiveSchedule {
  exam_id: string
  /** The exam's name (public.exams.name). */
  exam: string
  created_at: string
  /**
   * How many questions a student of this exam gets now (public.exam_sizes); null when the server did not say,
   * absent from a copy cached before it was read.
   */
  question_count?: number | null
}

/**
 * The exam of a login code as check_login_code answers it: its name and the sitting the code would
 * start in now, else its next one, else its last (null: the exam has no active sitting, so no window).
 */
export interface CodeExam {
  name: string
  sitting: ActiveSchedule | null
}

/**
 * Whether no code may start yet: the window has not opened (extra minutes move only its end).
 * Without a sitting the exam is always open (the server's rule too). After the end the device
 * cannot tell: a code's extra minutes may still reach now, which only the server knows.
 */
export function isBeforeExamWindow(schedule: ScheduleWindow | null, now: Date): boolean {
  return schedule !== null && scheduleWindowStatus(schedule, now) === 'upcoming'
}

/**
 * Whether the device refuses a code the server found valid: its own exam's sitting (check_login_code's,
 * never another exam's) has not opened yet on this device's clock.
 */
export function codeWindowNotOpen(lookup: { outcome: string; exam: CodeExam | null }, now: Date): boolean {
  return lookup.outcome === 'valid' && isBeforeExamWindow(lookup.exam?.sitting ?? null, now)
}

const newestFirst = (a: { created_at: string }, b: { created_at: string }) => Date.parse(b.created_at) - Date.parse(a.created_at)

/**
 * The sitting of one exam a code starts in now, by the server's rule (check_login_code): the newest
 * of those open now, else the next to start, else the one that ended last. The device knows no
 * code's extra minutes, so a window counts as open up to its own end.
 */
export function currentSitting<S extends ExamSitting>(sittings: readonly S[], now: Date): S | null {
  const byStatus = (status: 'upcoming' | 'active' | 'ended') =>
    sittings.filter((sitting) => scheduleWindowStatus(sitting, now) === status)
  const open = byStatus('active').sort(newestFirst)
  const next = byStatus('upcoming').sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time))
  const last = byStatus('ended').sort((a, b) => Date.parse(b.end_time) - Date.parse(a.end_time))
  return open[0] ?? next[0] ?? last[0] ?? null
}

const statusOrder = { active: 0, upcoming: 1, ended: 2 } as const

/**
 * One sitting per exam, the one its codes would start in now (currentSitting): the open ones first
 * (the soonest to end first), then the coming ones (the soonest first), then those that ended.
 */
export function sittingPerExam(sittings: readonly ExamSitting[], now: Date): ExamSitting[] {
  const exams = new Set(sittings.map((sitting) => sitting.exam_id))
  const chosen = [...exams].flatMap(
    (exam) =>
      currentSitting(
        sittings.filter((sitting) => sitting.exam_id === exam),
        now,
      ) ?? [],
  )
  const moment = (sitting: ExamSitting) => {
    const status = scheduleWindowStatus(sitting, now)
    const time = Date.parse(status === 'upcoming' ? sitting.start_time : sitting.end_time)
    return { rank: statusOrder[status], time: status === 'ended' ? -time : time }
  }
  return chosen.sort((a, b) => {
    const [first, second] = [moment(a), moment(b)]
    return first.rank - second.rank || first.time - second.time || a.exam.localeCompare(b.exam)
  })
}

/** A sitting with, when known, how many questions its exam has now. */
export type SizedSitting = ActiveSchedule & Pick<ExamSitting, 'question_count'>

/**
 * An exam's length and size as the home page and the student portal say them: "30 minutes, 50 multiple-choice
 * questions"; without a known count, "30 minutes, multiple-choice questions".
 */
export function examSizeText(sitting: SizedSitting): string {
  const minutes = counted(sitting.duration_minutes, 'minute')
  const count = sitting.question_count
  if (count === null || count === undefined) return `${minutes}, multiple-choice questions`
  return `${minutes}, ${counted(count, 'multiple-choice question')}`
}

/** One line per exam on the schedule (the sitting its codes would start in now): its name and its size in words. */
export function examFactLines(sittings: readonly ExamSitting[], now: Date): Array<{ exam: string; size: string }> {
  return sittingPerExam(sittings, now).map((sitting) => ({ exam: sitting.exam, size: examSizeText(sitting) }))
}

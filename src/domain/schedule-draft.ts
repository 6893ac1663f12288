/** The range and default of an exam's duration (docs/product.md#exam-window-and-time). */
export const minDurationMinutes = 5
export const maxDurationMinutes = 180
const defaultDurationMinutes = 30
/** A new schedule is named after the product until the administrator names it. */
const defaultExamName = 'Holdfast Assessment'

/** The schedule form's fields, as typed; times are `datetime-local` values in the browser's time zone. */
export interface ScheduleDraft {
  examName: string
  startTime: string
  endTime: string
  durationMinutes: string
  isActive: boolean
  shuffleQuestions: boolean
  shuffleOptions: boolean
}

/** What the form saves to the exam_schedule table. */
export interface ScheduleFields {
  exam_name: string
  start_time: string
  end_time: string
  duration_minutes: number
  is_active: boolean
  shuffle_questions: boolean
  shuffle_options: boolean
}

/** What a new sitting starts with from its exam (public.exams); the name only where several exams need telling apart. */
export interface SittingDefaults {
  name?: string
  default_duration_minutes: number
  shuffle_questions: boolean
  shuffle_options: boolean
}

export function emptyScheduleDraft(exam?: SittingDefaults): ScheduleDraft {
  return {
    examName: exam?.name ?? defaultExamName,
    startTime: '',
    endTime: '',
    durationMinutes: String(exam?.default_duration_minutes ?? defaultDurationMinutes),
    isActive: true,
    // Issue 14: a new schedule gives each student an order of their own.
    shuffleQuestions: exam?.shuffle_questions ?? true,
    shuffleOptions: exam?.shuffle_options ?? true,
  }
}

export function draftFromSchedule(schedule: ScheduleFields): ScheduleDraft {
  return {
    examName: schedule.exam_name,
    startTime: isoToDateTimeLocal(schedule.start_time),
    endTime: isoToDateTimeLocal(schedule.end_time),
    durationMinutes: String(schedule.duration_minutes),
    isActive: schedule.is_active,
    shuffleQuestions: schedule.shuffle_questions,
    shuffleOptions: schedule.shuffle_options,
  }
}

export type ScheduleDraftResult = { ok: true; fields: ScheduleFields } | { ok: false; error: string }

/** Validates the form and shapes it for the database. */
export function scheduleFieldsFromDraft(draft: ScheduleDraft): ScheduleDraftResult {
  const examName = draft.examName.trim()
  const start = dateTimeLocalToDate(draft.startTime)
  const end = dateTimeLocalToDate(draft.endTime)
  if (examName === '' || !start || !end) return { ok: false, error: 'Please fill in all required fields' }
  if (end.getTime() <= start.getTime()) return { ok: false, error: 'End time must be after start time' }
  const duration = Number(draft.durationMinutes)
  if (!Number.isInteger(duration) || duration < minDurationMinutes || duration > maxDurationMinutes) {
    return { ok: false, error: `Duration must be between ${minDurationMinutes} and ${maxDurationMinutes} minutes` }
  }
  return {
    ok: true,
    fields: {
      exam_name: examName,
      start_time: start.toISOString(),
      end_time: end.toISOString(),
      duration_minutes: duration,
      is_active: draft.isActive,
      shuffle_questions: draft.shuffleQuestions,
      shuffle_options: draft.shuffleOptions,
    },
  }
}

/** An instant as a `datetime-local` value (YYYY-MM-DDTHH:MM) in the browser's time zone. */
export function isoToDateTimeLocal(iso: string): string {
  const date = new Date(iso)
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/** A `datetime-local` value read in the browser's time zone; null when empty or malformed. */
export function dateTimeLocalToDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value)
  if (!match) return null
  const [year, month, day, hours, minutes, seconds = '0'] = match.slice(1).map((part) => part ?? '0')
  const date = new Date(Number(year), Number(month) - 1, Number(day), Number(hours), Number(minutes), Number(seconds))
  return Number.isNaN(date.getTime()) ? null : date
}

/** How a schedule orders each student's exam, as its card in Exam Schedule says. */
export function shuffleDescription(schedule: Pick<ScheduleFields, 'shuffle_questions' | 'shuffle_options'>): string {
  if (schedule.shuffle_questions && schedule.shuffle_options) return 'Questions and options shuffled per student'
  if (schedule.shuffle_questions) return 'Questions shuffled per student'
  if (schedule.shuffle_options) return 'Options shuffled per student'
  return 'Same order for every student'
}

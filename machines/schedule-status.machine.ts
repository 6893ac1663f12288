import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { examSizeText, sittingPerExam, type CodeExam, type ExamSitting, type SizedSitting } from '../src/domain/active-schedule'
import { scheduleWindowStatus, type ScheduleWindowStatus } from '../src/domain/schedule-status'
import { scheduleStatusMessage, studentMessages, type ExamTimeFormat } from '../src/domain/student-messages'
import { formatCountdown } from '../src/domain/time-format'

export interface ScheduleStatusInput {
  now: () => number
}

/** Sent when the code step learns the code's exam (null again when the student goes back to another code). */
export type ScheduleStatusEvent = { type: 'CODE_EXAM'; exam: CodeExam | null }

interface ScheduleStatusContext extends ScheduleStatusInput {
  /** Every active sitting of an exam in use; null until read, or when it could not be. */
  sittings: ExamSitting[] | null
  codeExam: CodeExam | null
  /** The clock's reading at the last tick. */
  time: number
}

/**
 * What the login screen is about: one sitting (a school running one exam, or the code's exam once
 * known), its exam's name shown only when several exams are on; the code's exam without a sitting
 * (no window); every exam's sitting; or nothing.
 */
type Focus =
  | { kind: 'sitting'; sitting: SizedSitting; exam: string | null; examName: string }
  | { kind: 'anytime'; exam: string }
  | { kind: 'several'; sittings: ExamSitting[] }
  | { kind: 'none' }

function focusOf({ sittings, codeExam, time }: ScheduleStatusContext): Focus {
  const perExam = sittingPerExam(sittings ?? [], new Date(time))
  const [only] = perExam
  // With one exam on the schedule its window is the code's too, as it always was.
  if (perExam.length === 1 && only && (codeExam === null || codeExam.name === only.exam))
    return { kind: 'sitting', sitting: only, exam: null, examName: only.exam }
  if (codeExam)
    return codeExam.sitting
      ? {
          kind: 'sitting',
          // The code's exam's size is the schedule's (check_login_code does not say it).
          sitting: {
            ...codeExam.sitting,
            question_count: perExam.find((sitting) => sitting.exam === codeExam.name)?.question_count,
          },
          exam: codeExam.name,
          examName: codeExam.name,
        }
      : { kind: 'anytime', exam: codeExam.name }
  if (perExam.length > 1) return { kind: 'several', sittings: perExam }
  return { kind: 'none' }
}

const sittingStatusIs =
  (status: 'upcoming' | 'active') =>
  ({ context }: { context: ScheduleStatusContext }) => {
    const focus = focusOf(context)
    return focus.kind === 'sitting' && scheduleWindowStatus(focus.sitting, new Date(context.time)) === status
  }

/**
 * The login screen's schedule line: upcoming, active or ended against the sitting it is about,
 * re-evaluated every second so the countdown runs and an opening window shows as active; or, with
 * several exams and no code yet, each exam's sitting, each with its own.
 */
export const scheduleStatusMachine = setup({
  types: {
    input: {} as ScheduleStatusInput,
    context: {} as ScheduleStatusContext,
    events: {} as ScheduleStatusEvent,
  },
  actors: {
    loadSchedule: fromPromise<ExamSitting[]>(async () => {
      throw new Error('scheduleStatusMachine needs a loadSchedule actor')
    }),
  },
  actions: {
    readClock: assign({ time: ({ context }) => context.now() }),
    takeCodeExam: assign({ codeExam: ({ event }) => event.exam }),
  },
  guards: {
    unreadable: ({ context }) => context.sittings === null && context.codeExam === null,
    upcoming: sittingStatusIs('upcoming'),
    active: sittingStatusIs('active'),
    anytime: ({ context }) => focusOf(context).kind === 'anytime',
    several: ({ context }) => focusOf(context).kind === 'several',
    sitting: ({ context }) => focusOf(context).kind === 'sitting',
  },
  delays: {
    tick: 1000,
  },
}).createMachine({
  id: 'scheduleStatus',
  context: ({ input }) => ({ ...input, sittings: null, codeExam: null, time: input.now() }),
  initial: 'loading',
  // Once the sittings are read (or could not be), the code's exam changes what is shown at once.
  on: { CODE_EXAM: { target: '.evaluating', actions: 'takeCodeExam' } },
  states: {
    loading: {
      on: { CODE_EXAM: { actions: 'takeCodeExam' } },
      invoke: {
        src: 'loadSchedule',
        onDone: { target: 'evaluating', actions: assign({ sittings: ({ event }) => event.output }) },
        // Nothing is known about the window; the code step still asks the server.
        onError: 'evaluating',
      },
    },
    unknown: {},
    evaluating: {
      entry: 'readClock',
      always: [
        { guard: 'unreadable', target: 'unknown' },
        { guard: 'upcoming', target: 'upcoming' },
        { guard: 'active', target: 'active' },
        { guard: 'sitting', target: 'ended' },
        { guard: 'anytime', target: 'anytime' },
        { guard: 'several', target: 'several' },
        { target: 'noSchedule' },
      ],
    },
    noSchedule: {},
    upcoming: { after: { tick: 'evaluating' } },
    active: { after: { tick: 'evaluating' } },
    ended: {},
    anytime: {},
    // Each exam's countdown runs, and an exam whose sitting ends may show its next one.
    several: { after: { tick: 'evaluating' } },
  },
})

export interface ScheduleStatusView {
  /** anytime: the code's exam has no sitting, so no window. */
  status: ScheduleWindowStatus | 'anytime'
  message: string
  /** Once ended: that a code with extra minutes may still start, which the code step asks the server. */
  note: string | null
  /** Time until the start (upcoming) or the end (active); none once ended. */
  countdown: { label: string; text: string } | null
  /** Among several exams, the code's exam (and its sitting, when named otherwise) the line is about. */
  exam?: string
  /** The exam's length and size: "30 minutes, 50 multiple-choice questions"; none for an exam without a sitting. */
  size?: string
}

/** One exam's sitting in the list shown while several exams are on and no code is known yet. */
export type ExamSittingLine = Omit<ScheduleStatusView, 'note' | 'exam'> & { exam: string }

/**
 * What the login screen shows for a snapshot about one sitting (or one exam), or null when it is not about one;
 * its times written by `formatExamTime` (the interface's language).
 */
export function scheduleStatusView(
  snapshot: SnapshotFrom<typeof scheduleStatusMachine>,
  formatExamTime: ExamTimeFormat,
): ScheduleStatusView | null {
  const { context } = snapshot
  const focus = focusOf(context)
  if (snapshot.matches('anytime') && focus.kind === 'anytime')
    return { status: 'anytime', message: studentMessages.noExamWindow, note: null, countdown: null, exam: focus.exam }
  for (const status of ['upcoming', 'active', 'ended'] as const) {
    if (!snapshot.matches(status) || focus.kind !== 'sitting') continue
    const line = sittingLine(focus.sitting, status, context.time, formatExamTime)
    // One exam on: no title above its line, so its size names it.
    if (focus.exam === null) return { ...line, size: `${focus.examName}: ${line.size}` }
    return { ...line, exam: examTitle(focus.exam, focus.sitting) }
  }
  return null
}

/** Several exams on and no code yet: each exam's sitting, the open ones first; null otherwise. */
export function severalExamsView(
  snapshot: SnapshotFrom<typeof scheduleStatusMachine>,
  formatExamTime: ExamTimeFormat,
): ExamSittingLine[] | null {
  const focus = focusOf(snapshot.context)
  if (!snapshot.matches('several') || focus.kind !== 'several') return null
  const now = new Date(snapshot.context.time)
  return focus.sittings.map((sitting) => {
    const { note: _note, ...line } = sittingLine(
      sitting,
      scheduleWindowStatus(sitting, now),
      snapshot.context.time,
      formatExamTime,
    )
    return { ...line, exam: examTitle(sitting.exam, sitting) }
  })
}

function sittingLine(
  sitting: SizedSitting,
  status: ScheduleWindowStatus,
  time: number,
  formatExamTime: ExamTimeFormat,
): ScheduleStatusView {
  const countdownTo = { upcoming: sitting.start_time, active: sitting.end_time, ended: null }[status]
  return {
    status,
    message: scheduleStatusMessage(status, sitting, formatExamTime),
    size: examSizeText(sitting),
    note: status === 'ended' ? studentMessages.extraTimeStillOpen : null,
    countdown:
      countdownTo === null
        ? null
        : { label: status === 'upcoming' ? 'Starts in' : 'Ends in', text: formatCountdown(Date.parse(countdownTo) - time) },
  }
}

/** The exam's name, with its sitting's when the sitting is named otherwise ("Mathematics · Afternoon"). */
function examTitle(exam: string, sitting: SizedSitting): string {
  return sitting.exam_name.trim() === '' || sitting.exam_name === exam ? exam : `${exam} · ${sitting.exam_name}`
}

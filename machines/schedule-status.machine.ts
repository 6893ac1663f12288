import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import type { ActiveSchedule } from '../src/domain/active-schedule'
import { scheduleWindowStatus } from '../src/domain/schedule-status'
import { scheduleStatusMessage, studentMessages } from '../src/domain/student-messages'
import { formatCountdown } from '../src/domain/time-format'

export interface ScheduleStatusInput {
  now: () => number
}

interface ScheduleStatusContext extends ScheduleStatusInput {
  schedule: ActiveSchedule | null
  /** The clock's reading at the last tick. */
  time: number
}

const windowStatusIs =
  (status: 'upcoming' | 'active') =>
  ({ context }: { context: ScheduleStatusContext }) =>
    context.schedule !== null && scheduleWindowStatus(context.schedule, new Date(context.time)) === status

/**
 * The login screen's schedule line: upcoming, active or ended against the active schedule,
 * re-evaluated every second so the countdown runs and an opening window shows as active.
 */
export const scheduleStatusMachine = setup({
  types: {
    input: {} as ScheduleStatusInput,
    context: {} as ScheduleStatusContext,
  },
  actors: {
    loadSchedule: fromPromise<ActiveSchedule | null>(async () => {
      throw new Error('scheduleStatusMachine needs a loadSchedule actor')
    }),
  },
  actions: {
    readClock: assign({ time: ({ context }) => context.now() }),
  },
  guards: {
    noSchedule: ({ context }) => context.schedule === null,
    upcoming: windowStatusIs('upcoming'),
    active: windowStatusIs('active'),
  },
  delays: {
    tick: 1000,
  },
}).createMachine({
  id: 'scheduleStatus',
  context: ({ input }) => ({ ...input, schedule: null, time: input.now() }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadSchedule',
        onDone: { target: 'evaluating', actions: assign({ schedule: ({ event }) => event.output }) },
        // Nothing is known about the window; the code step still asks the server.
        onError: 'unknown',
      },
    },
    unknown: {},
    evaluating: {
      entry: 'readClock',
      always: [
        { guard: 'noSchedule', target: 'noSchedule' },
        { guard: 'upcoming', target: 'upcoming' },
        { guard: 'active', target: 'active' },
        { target: 'ended' },
      ],
    },
    noSchedule: {},
    upcoming: { after: { tick: 'evaluating' } },
    active: { after: { tick: 'evaluating' } },
    ended: {},
  },
})

export interface ScheduleStatusView {
  status: 'upcoming' | 'active' | 'ended'
  message: string
  /** Once ended: that a code with extra minutes may still start, which the code step asks the server. */
  note: string | null
  /** Time until the start (upcoming) or the end (active); none once ended. */
  countdown: { label: string; text: string } | null
}

/** What the login screen shows for a snapshot, or null when there is nothing to say. */
export function scheduleStatusView(snapshot: SnapshotFrom<typeof scheduleStatusMachine>): ScheduleStatusView | null {
  const { schedule, time } = snapshot.context
  if (schedule === null) return null
  for (const status of ['upcoming', 'active', 'ended'] as const) {
    if (!snapshot.matches(status)) continue
    const countdownTo = { upcoming: schedule.start_time, active: schedule.end_time, ended: null }[status]
    return {
      status,
      message: scheduleStatusMessage(status, schedule),
      note: status === 'ended' ? studentMessages.extraTimeStillOpen : null,
      countdown:
        countdownTo === null
          ? null
          : { label: status === 'upcoming' ? 'Starts in' : 'Ends in', text: formatCountdown(Date.parse(countdownTo) - time) },
    }
  }
  return null
}

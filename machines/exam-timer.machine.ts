import { assign, setup } from 'xstate'
import { timeAlertPassed, timerColour, type TimeAlertMinutes } from '../src/domain/exam-deadline'

export interface ExamTimerInput {
  /** Device-clock milliseconds at which the attempt ends. */
  deadline: number
  now: () => number
}

interface ExamTimerContext extends ExamTimerInput {
  remainingMs: number
  /** The latest alert ("5 minutes left.") this countdown passed; null until it passes one. */
  alert: TimeAlertMinutes | null
}

/**
 * Counts down to a stored deadline. Each tick measures the clock again instead of
 * subtracting a second, so a throttled background tab or a sleeping laptop shows the true
 * time left; ticks land on whole seconds before the deadline. Reaching zero is its final
 * state, which the exam treats as time up. On its way it passes the alerts at 5 and 1 minute left, each once;
 * one it starts below is never given.
 */
export const examTimerMachine = setup({
  types: {
    input: {} as ExamTimerInput,
    context: {} as ExamTimerContext,
  },
  actions: {
    measure: assign(({ context }) => {
      const remainingMs = Math.max(0, context.deadline - context.now())
      return { remainingMs, alert: timeAlertPassed(context.remainingMs, remainingMs) ?? context.alert }
    }),
  },
  guards: {
    deadlineReached: ({ context }) => context.remainingMs <= 0,
  },
  delays: {
    untilNextSecond: ({ context }) => context.remainingMs % 1000 || 1000,
  },
}).createMachine({
  id: 'examTimer',
  context: ({ input }) => ({ ...input, remainingMs: Math.max(0, input.deadline - input.now()), alert: null }),
  initial: 'running',
  states: {
    running: {
      always: { guard: 'deadlineReached', target: 'expired' },
      after: { untilNextSecond: { target: 'running', reenter: true, actions: 'measure' } },
    },
    expired: { type: 'final' },
  },
})

/** What the timer shows: seconds left and their colour (docs/product.md#exam-window-and-time). */
export function examTimerView(context: Pick<ExamTimerContext, 'remainingMs'>) {
  const seconds = Math.ceil(context.remainingMs / 1000)
  return { seconds, colour: timerColour(seconds) }
}

import { createActor, SimulatedClock } from 'xstate'
import { afterEach, describe, expect, it } from 'vitest'
import { examTimerMachine, examTimerView } from './exam-timer.machine'

const start = Date.parse('2026-11-23T09:00:00.000Z')
let stop = () => {}

afterEach(() => stop())

function startTimer(secondsToDeadline: number, offsetMs = 0) {
  const clock = new SimulatedClock()
  clock.set(start + offsetMs)
  const actor = createActor(examTimerMachine, {
    clock,
    input: { deadline: start + secondsToDeadline * 1000, now: () => clock.now() },
  }).start()
  stop = () => actor.stop()
  const view = () => examTimerView(actor.getSnapshot().context)
  return { clock, actor, view }
}

describe('examTimerMachine', () => {
  it('shows the time left to the deadline and counts down once a second', () => {
    const { clock, view } = startTimer(1800)
    expect(view()).toEqual({ seconds: 1800, colour: 'green' })
    clock.increment(1000)
    expect(view().seconds).toBe(1799)
    clock.increment(59_000)
    expect(view().seconds).toBe(1740)
  })

  it('rounds a part second up and ticks on the whole seconds before the deadline', () => {
    const { clock, view } = startTimer(10, 300)
    expect(view().seconds).toBe(10)
    clock.increment(699)
    expect(view().seconds).toBe(10)
    clock.increment(1)
    expect(view().seconds).toBe(9)
  })

  it('turns orange at 600 s and red at 300 s', () => {
    const { clock, view } = startTimer(601)
    expect(view().colour).toBe('green')
    clock.increment(1000)
    expect(view()).toEqual({ seconds: 600, colour: 'orange' })
    clock.increment(299_000)
    expect(view()).toEqual({ seconds: 301, colour: 'orange' })
    clock.increment(1000)
    expect(view()).toEqual({ seconds: 300, colour: 'red' })
  })

  it('finishes exactly at the deadline, not a moment before', () => {
    const { clock, actor, view } = startTimer(3)
    clock.increment(2999)
    expect(actor.getSnapshot().status).toBe('active')
    clock.increment(1)
    expect(actor.getSnapshot().status).toBe('done')
    expect(view()).toEqual({ seconds: 0, colour: 'red' })
  })

  it('measures the clock after a long pause instead of counting ticks', () => {
    const { clock, view } = startTimer(1800)
    // One timer callback fires, late, as after a sleeping laptop wakes.
    clock.increment(700_000)
    expect(view()).toEqual({ seconds: 1100, colour: 'green' })
  })

  it('is finished at once for a deadline already passed, as on a reload after time ran out', () => {
    const { actor } = startTimer(-5)
    expect(actor.getSnapshot().status).toBe('done')
  })

  it('alerts at 5 minutes left, then at 1 minute left, once each', () => {
    const { actor, clock } = startTimer(301)
    const alert = () => actor.getSnapshot().context.alert
    expect(alert()).toBeNull()
    clock.increment(999)
    expect(alert()).toBeNull()
    clock.increment(1)
    expect(alert()).toBe(5)
    clock.increment(239_000)
    expect(alert()).toBe(5)
    clock.increment(1000)
    expect(alert()).toBe(1)
    clock.increment(30_000)
    expect(alert()).toBe(1)
  })

  it('gives no 5-minute alert to a countdown that starts below 5 minutes', () => {
    const { actor, clock } = startTimer(299)
    clock.increment(1000)
    expect(actor.getSnapshot().context.alert).toBeNull()
    clock.increment(238_000)
    expect(actor.getSnapshot().context.alert).toBe(1)
  })

  it('gives the 1-minute alert, not the 5-minute one, after a sleep that passed both', () => {
    const { actor, clock } = startTimer(400)
    clock.increment(350_000)
    expect(actor.getSnapshot().context.alert).toBe(1)
  })
})

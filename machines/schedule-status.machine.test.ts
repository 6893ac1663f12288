import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate'
import { afterEach, describe, expect, it } from 'vitest'
import type { ActiveSchedule } from '../src/domain/active-schedule'
import { formatExamTime } from '../src/domain/student-messages'
import { scheduleStatusMachine, scheduleStatusView } from './schedule-status.machine'

const start = Date.parse('2026-11-23T09:00:00.000Z')
const schedule: ActiveSchedule = {
  exam_name: 'Holdfast Assessment',
  start_time: '2026-11-23T09:00:00.000Z',
  end_time: '2026-11-25T12:30:00.000Z',
  duration_minutes: 30,
}
let stop = () => {}

afterEach(() => stop())

async function startStatus(load: () => Promise<ActiveSchedule | null>, now: number) {
  const clock = new SimulatedClock()
  clock.set(now)
  const machine = scheduleStatusMachine.provide({ actors: { loadSchedule: fromPromise(load) } })
  const actor = createActor(machine, { clock, input: { now: () => clock.now() } }).start()
  stop = () => actor.stop()
  await waitFor(actor, (snapshot) => !snapshot.matches('loading'))
  return { clock, actor, view: () => scheduleStatusView(actor.getSnapshot()) }
}

describe('scheduleStatusMachine', () => {
  it('announces an upcoming exam in blue with a countdown to its start', async () => {
    const { clock, actor, view } = await startStatus(async () => schedule, start - 65_000)
    expect(actor.getSnapshot().matches('upcoming')).toBe(true)
    expect(view()).toEqual({
      status: 'upcoming',
      message: `Exam will start on ${formatExamTime(schedule.start_time)}`,
      note: null,
      countdown: { label: 'Starts in', text: '1m 5s' },
    })
    clock.increment(1000)
    expect(view()?.countdown?.text).toBe('1m 4s')
  })

  it('turns active when the start arrives and counts down to the end in days, hours, minutes, seconds', async () => {
    const { clock, actor, view } = await startStatus(async () => schedule, start - 2000)
    clock.increment(1000)
    expect(actor.getSnapshot().matches('upcoming')).toBe(true)
    clock.increment(1000)
    expect(actor.getSnapshot().matches('active')).toBe(true)
    expect(view()).toEqual({
      status: 'active',
      message: `Exam is active until ${formatExamTime(schedule.end_time)}`,
      note: null,
      countdown: { label: 'Ends in', text: '2d 3h 30m 0s' },
    })
  })

  it('says when the exam ended, that a code with extra time may still start, and stops counting', async () => {
    const { clock, actor, view } = await startStatus(async () => schedule, Date.parse(schedule.end_time) - 1000)
    clock.increment(1000)
    expect(actor.getSnapshot().matches('active')).toBe(true)
    clock.increment(1000)
    expect(actor.getSnapshot().matches('ended')).toBe(true)
    expect(view()).toEqual({
      status: 'ended',
      message: `Exam ended on ${formatExamTime(schedule.end_time)}`,
      note: 'A login code with extra time can still be started until its extra time runs out.',
      countdown: null,
    })
  })

  it('shows nothing without an active schedule', async () => {
    const { actor, view } = await startStatus(async () => null, start)
    expect(actor.getSnapshot().matches('noSchedule')).toBe(true)
    expect(view()).toBeNull()
  })

  it('shows nothing when the schedule cannot be read', async () => {
    const { actor, view } = await startStatus(async () => {
      throw new Error('offline')
    }, start)
    expect(actor.getSnapshot().matches('unknown')).toBe(true)
    expect(view()).toBeNull()
  })
})

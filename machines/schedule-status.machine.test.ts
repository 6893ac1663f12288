import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate'
import { afterEach, describe, expect, it } from 'vitest'
import type { CodeExam, ExamSitting } from '../src/domain/active-schedule'
import { scheduleStatusMachine, scheduleStatusView, severalExamsView } from './schedule-status.machine'

/** Marks the time so that each message can be seen to name the right one. */
const formatExamTime = (iso: string) => `<${iso}>`

const start = Date.parse('2026-11-23T09:00:00.000Z')
const schedule: ExamSitting = {
  exam_id: 'holdfast',
  exam: 'Holdfast Assessment',
  created_at: '2026-11-20T09:00:00.000Z',
  exam_name: 'Holdfast Assessment',
  start_time: '2026-11-23T09:00:00.000Z',
  end_time: '2026-11-25T12:30:00.000Z',
  duration_minutes: 30,
  question_count: 50,
}
let stop = () => {}

afterEach(() => stop())

async function startStatus(load: () => Promise<ExamSitting[]>, now: number) {
  const clock = new SimulatedClock()
  clock.set(now)
  const machine = scheduleStatusMachine.provide({ actors: { loadSchedule: fromPromise(load) } })
  const actor = createActor(machine, { clock, input: { now: () => clock.now() } }).start()
  stop = () => actor.stop()
  await waitFor(actor, (snapshot) => !snapshot.matches('loading'))
  return {
    clock,
    actor,
    view: () => scheduleStatusView(actor.getSnapshot(), formatExamTime),
    list: () => severalExamsView(actor.getSnapshot(), formatExamTime),
  }
}

describe('scheduleStatusMachine', () => {
  it('announces an upcoming exam in blue with a countdown to its start', async () => {
    const { clock, actor, view } = await startStatus(async () => [schedule], start - 65_000)
    expect(actor.getSnapshot().matches('upcoming')).toBe(true)
    expect(view()).toEqual({
      status: 'upcoming',
      message: `Exam will start on ${formatExamTime(schedule.start_time)}`,
      size: 'Holdfast Assessment: 30 minutes, 50 multiple-choice questions',
      note: null,
      countdown: { label: 'Starts in', text: '1m 5s' },
    })
    clock.increment(1000)
    expect(view()?.countdown?.text).toBe('1m 4s')
  })

  it('turns active when the start arrives and counts down to the end in days, hours, minutes, seconds', async () => {
    const { clock, actor, view } = await startStatus(async () => [schedule], start - 2000)
    clock.increment(1000)
    expect(actor.getSnapshot().matches('upcoming')).toBe(true)
    clock.increment(1000)
    expect(actor.getSnapshot().matches('active')).toBe(true)
    expect(view()).toEqual({
      status: 'active',
      message: `Exam is active until ${formatExamTime(schedule.end_time)}`,
      size: 'Holdfast Assessment: 30 minutes, 50 multiple-choice questions',
      note: null,
      countdown: { label: 'Ends in', text: '2d 3h 30m 0s' },
    })
  })

  it('says when the exam ended, that a code with extra time may still start, and stops counting', async () => {
    const { clock, actor, view } = await startStatus(async () => [schedule], Date.parse(schedule.end_time) - 1000)
    clock.increment(1000)
    expect(actor.getSnapshot().matches('active')).toBe(true)
    clock.increment(1000)
    expect(actor.getSnapshot().matches('ended')).toBe(true)
    expect(view()).toEqual({
      status: 'ended',
      message: `Exam ended on ${formatExamTime(schedule.end_time)}`,
      size: 'Holdfast Assessment: 30 minutes, 50 multiple-choice questions',
      note: 'A login code with extra time can still be started until its extra time runs out.',
      countdown: null,
    })
  })

  it('shows nothing without an active schedule', async () => {
    const { actor, view } = await startStatus(async () => [], start)
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

describe('scheduleStatusMachine with several exams', () => {
  const hour = 60 * 60 * 1000
  const at = (offset: number) => new Date(start + offset).toISOString()
  const sitting = (exam: string, name: string, from: number, to: number, created = 0): ExamSitting => ({
    exam_id: exam.toLowerCase(),
    exam,
    exam_name: name,
    start_time: at(from),
    end_time: at(to),
    duration_minutes: 45,
    created_at: at(created - 48 * hour),
    question_count: 40,
  })
  const mathsMorning = sitting('Mathematics', 'Morning', 0, 2 * hour)
  const mathsAfternoon = sitting('Mathematics', 'Afternoon', 4 * hour, 6 * hour, 1)
  const physics = sitting('Physics', 'Physics', 1 * hour, 3 * hour)
  const history = sitting('History', 'Monday', -26 * hour, -24 * hour)
  const week = [mathsMorning, mathsAfternoon, physics, history]

  it('lists each exam’s sitting by name, the open ones first, each with its own countdown', async () => {
    const { actor, clock, view, list } = await startStatus(async () => week, start + 30 * 60_000)
    expect(actor.getSnapshot().matches('several')).toBe(true)
    expect(view()).toBeNull()
    expect(list()).toEqual([
      {
        exam: 'Mathematics · Morning',
        status: 'active',
        message: `Exam is active until ${formatExamTime(mathsMorning.end_time)}`,
        size: '45 minutes, 40 multiple-choice questions',
        countdown: { label: 'Ends in', text: '1h 30m 0s' },
      },
      {
        exam: 'Physics',
        status: 'upcoming',
        message: `Exam will start on ${formatExamTime(physics.start_time)}`,
        size: '45 minutes, 40 multiple-choice questions',
        countdown: { label: 'Starts in', text: '30m 0s' },
      },
      {
        exam: 'History · Monday',
        status: 'ended',
        message: `Exam ended on ${formatExamTime(history.end_time)}`,
        size: '45 minutes, 40 multiple-choice questions',
        countdown: null,
      },
    ])
    clock.increment(1000)
    expect(list()?.[1]?.countdown?.text).toBe('29m 59s')
  })

  it('moves an exam on to its next sitting once the current one is over', async () => {
    const { clock, list } = await startStatus(async () => week, start + 2 * hour)
    clock.increment(1000)
    expect(list()?.find((line) => line.exam.startsWith('Mathematics'))).toMatchObject({
      exam: 'Mathematics · Afternoon',
      status: 'upcoming',
    })
  })

  it('shows the code’s exam once the code is known, and the list again for a code of no known exam', async () => {
    const { actor, view, list } = await startStatus(async () => week, start + 30 * 60_000)
    const codeExam: CodeExam = { name: 'Physics', sitting: physics }
    actor.send({ type: 'CODE_EXAM', exam: codeExam })
    expect(actor.getSnapshot().matches('upcoming')).toBe(true)
    expect(list()).toBeNull()
    expect(view()).toEqual({
      status: 'upcoming',
      exam: 'Physics',
      message: `Exam will start on ${formatExamTime(physics.start_time)}`,
      size: '45 minutes, 40 multiple-choice questions',
      note: null,
      countdown: { label: 'Starts in', text: '30m 0s' },
    })
    actor.send({ type: 'CODE_EXAM', exam: null })
    expect(actor.getSnapshot().matches('several')).toBe(true)
  })

  it('says a code’s exam without a sitting can be started now', async () => {
    const { actor, view } = await startStatus(async () => week, start)
    actor.send({ type: 'CODE_EXAM', exam: { name: 'Chemistry', sitting: null } })
    expect(view()).toEqual({
      status: 'anytime',
      exam: 'Chemistry',
      message: 'This exam has no set time: it can be started now.',
      note: null,
      countdown: null,
    })
  })

  it('keeps one exam’s line as it always was when its own code is entered, and names another exam’s', async () => {
    const { actor, view } = await startStatus(async () => [schedule], start + 1000)
    const plain = view()
    actor.send({ type: 'CODE_EXAM', exam: { name: 'Holdfast Assessment', sitting: schedule } })
    expect(view()).toEqual(plain)
    expect(view()).not.toHaveProperty('exam')
    actor.send({ type: 'CODE_EXAM', exam: { name: 'Physics', sitting: physics } })
    expect(view()).toMatchObject({ exam: 'Physics', status: 'upcoming' })
  })

  it('shows the code’s exam even when the schedule could not be read', async () => {
    const { actor, view } = await startStatus(async () => {
      throw new Error('offline')
    }, start)
    expect(actor.getSnapshot().matches('unknown')).toBe(true)
    actor.send({ type: 'CODE_EXAM', exam: { name: 'Physics', sitting: physics } })
    expect(view()).toMatchObject({ exam: 'Physics', status: 'upcoming' })
  })
})

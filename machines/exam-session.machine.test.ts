import { createActor, SimulatedClock, waitFor, type Actor, type SnapshotFrom } from 'xstate'
import { afterEach, describe, expect, it } from 'vitest'
import type { ExamAttempt } from '../src/domain/exam-attempt'
import { examAttempt, examQuestions, examStart } from '../tests/unit/exam-fixtures'
import { fakeExamSession, pendingSubmission, type ExamSessionFakes } from '../tests/unit/exam-session-fakes'
import { examSessionMachine } from './exam-session.machine'

let running: Actor<typeof examSessionMachine> | undefined

afterEach(() => running?.stop())

const never = <T>() => new Promise<T>(() => {})

/** A session on `attempt` (a fresh 30-minute one by default), with the device clock at the exam's start. */
function startSession(fakes: ExamSessionFakes = {}, attempt: ExamAttempt = examAttempt()) {
  const clock = new SimulatedClock()
  clock.set(examStart)
  const io = fakeExamSession(fakes)
  const actor = createActor(io.machine, { clock, input: { attempt, now: () => clock.now() } }).start()
  running = actor
  return {
    ...io,
    clock,
    actor,
    settle: (predicate: (snapshot: SnapshotFrom<typeof examSessionMachine>) => boolean) => waitFor(actor, predicate),
    snapshot: () => actor.getSnapshot(),
    context: () => actor.getSnapshot().context,
  }
}

function answerAll(actor: Actor<typeof examSessionMachine>) {
  for (const question of examQuestions) actor.send({ type: 'ANSWER', questionNumber: question.question_number, letter: 'B' })
}

/** Submit Test, then "Submit now" in the summary it opens. */
function submitManually(actor: Actor<typeof examSessionMachine>) {
  actor.send({ type: 'SUBMIT' })
  actor.send({ type: 'SUBMIT_NOW' })
}

describe('starting', () => {
  it('starts on the first question with the timer running and watches the deadline of its attempt', () => {
    const attempt = examAttempt()
    const { snapshot, log } = startSession({}, attempt)
    expect(snapshot().matches({ inProgress: { phase: 'answering', tabWarning: 'hidden' } })).toBe(true)
    expect(snapshot().context.attempt.currentIndex).toBe(0)
    expect(snapshot().children.timer?.getSnapshot().context.remainingMs).toBe(1_800_000)
    expect(log.deadlineWatches).toEqual([attempt.id])
  })
})

describe('answering', () => {
  it('hands the writer the attempt as opened, then every change in order', () => {
    const { actor, context, log } = startSession()
    actor.send({ type: 'ANSWER', questionNumber: 1, letter: 'C' })
    actor.send({ type: 'ANSWER', questionNumber: 1, letter: 'D' })
    expect(context().attempt.answers).toEqual({ '1': 'D' })
    expect(log.saves.map((save) => [save.revision, save.attempt.answers])).toEqual([
      [0, {}],
      [1, { '1': 'C' }],
      [2, { '1': 'D' }],
    ])
  })

  it('counts as saved only once the writer confirms the latest change', () => {
    const { actor, context, writer } = startSession({ confirmSaves: false })
    actor.send({ type: 'ANSWER', questionNumber: 1, letter: 'C' })
    actor.send({ type: 'ANSWER', questionNumber: 2, letter: 'A' })
    expect([context().revision, context().savedRevision]).toEqual([2, 0])
    writer.answer?.({ type: 'PROGRESS_SAVED', revision: 1 })
    expect(context().savedRevision).toBe(1)
    writer.answer?.({ type: 'PROGRESS_SAVE_FAILED', revision: 2, message: 'QuotaExceededError' })
    expect(context().saveError).toBe('QuotaExceededError')
    writer.answer?.({ type: 'PROGRESS_SAVED', revision: 2 })
    expect([context().savedRevision, context().saveError]).toEqual([2, null])
  })

  it('moves between questions within the exam and saves the position', () => {
    const { actor, context, snapshot, log } = startSession()
    expect(snapshot().can({ type: 'PREVIOUS' })).toBe(false)
    actor.send({ type: 'PREVIOUS' })
    expect(context().attempt.currentIndex).toBe(0)
    actor.send({ type: 'NEXT' })
    actor.send({ type: 'NEXT' })
    actor.send({ type: 'NEXT' })
    expect(context().attempt.currentIndex).toBe(2)
    expect(snapshot().can({ type: 'NEXT' })).toBe(false)
    actor.send({ type: 'GO_TO', index: 1 })
    actor.send({ type: 'GO_TO', index: 1 })
    actor.send({ type: 'GO_TO', index: 7 })
    expect(context().attempt.currentIndex).toBe(1)
    expect(log.saves.map((save) => save.attempt.currentIndex)).toEqual([0, 1, 2, 1])
  })

  it('refuses a manual submit until every question is answered', () => {
    const { actor, snapshot, log } = startSession()
    actor.send({ type: 'ANSWER', questionNumber: 1, letter: 'A' })
    actor.send({ type: 'SUBMIT' })
    expect(snapshot().matches({ inProgress: { phase: 'answering' } })).toBe(true)
    expect(snapshot().context.error).toBe('Please answer all questions before submitting.')
    expect(log.submitted).toEqual([])
  })
})

describe('tab switches', () => {
  it('counts a blur and a hide of one switch once, and each back-navigation attempt', () => {
    const { actor, context, log } = startSession()
    actor.send({ type: 'LEFT_PAGE' })
    actor.send({ type: 'LEFT_PAGE' })
    expect(context().attempt.tabSwitches).toBe(1)
    actor.send({ type: 'RETURNED' })
    actor.send({ type: 'RETURNED' })
    actor.send({ type: 'LEFT_PAGE' })
    expect(context().attempt.tabSwitches).toBe(2)
    actor.send({ type: 'BACK_NAVIGATION' })
    actor.send({ type: 'BACK_NAVIGATION' })
    expect(context().attempt.tabSwitches).toBe(4)
    expect(log.saves.at(-1)?.attempt.tabSwitches).toBe(4)
  })

  it('shows the warning for 5 s after the latest switch', () => {
    const { actor, clock, snapshot } = startSession()
    actor.send({ type: 'LEFT_PAGE' })
    expect(snapshot().matches({ inProgress: { tabWarning: 'shown' } })).toBe(true)
    clock.increment(3000)
    actor.send({ type: 'RETURNED' })
    actor.send({ type: 'BACK_NAVIGATION' })
    clock.increment(4999)
    expect(snapshot().matches({ inProgress: { tabWarning: 'shown' } })).toBe(true)
    clock.increment(1)
    expect(snapshot().matches({ inProgress: { tabWarning: 'hidden' } })).toBe(true)
  })
})

describe('submitting', () => {
  it('hands the answered attempt to the outbox, stamped with the time of the press', async () => {
    const { actor, clock, settle, log } = startSession({ submitAttempt: () => never() })
    answerAll(actor)
    clock.increment(61_000)
    submitManually(actor)
    await settle(() => log.submitted.length > 0)
    expect(log.submitted[0]?.submittedAt).toBe(examStart + 61_000)
    expect(log.submitted[0]?.answers).toEqual({ '1': 'B', '2': 'B', '3': 'B' })
    actor.send({ type: 'ANSWER', questionNumber: 1, letter: 'D' })
    expect(actor.getSnapshot().context.attempt.answers['1']).toBe('B')
  })

  it('ends once the submission is stored, handing back the stamped attempt and its status', async () => {
    const { actor, clock, settle, log } = startSession()
    answerAll(actor)
    clock.increment(61_000)
    submitManually(actor)
    const done = await settle((s) => s.status === 'done')
    expect(done.output).toEqual({ attempt: log.submitted[0], submission: pendingSubmission, timeUp: false })
    expect(done.output?.attempt.submittedAt).toBe(examStart + 61_000)
  })

  it('returns to the exam with the reason when the submission cannot be stored', async () => {
    const { actor, settle, snapshot } = startSession({
      submitAttempt: async () => {
        throw new Error('QuotaExceededError')
      },
    })
    answerAll(actor)
    submitManually(actor)
    await settle((s) => s.context.error !== null)
    expect(snapshot().matches({ inProgress: { phase: 'answering' } })).toBe(true)
    expect(snapshot().context.error).toBe('Failed to submit test: QuotaExceededError. Please try again.')
  })
})

describe('time running out', () => {
  it('submits unanswered questions automatically at the deadline', async () => {
    const { actor, clock, settle, snapshot, log } = startSession({ submitAttempt: () => never() })
    actor.send({ type: 'ANSWER', questionNumber: 2, letter: 'A' })
    clock.increment(1_799_999)
    expect(snapshot().matches({ inProgress: { phase: 'answering' } })).toBe(true)
    clock.increment(1)
    expect(snapshot().matches({ inProgress: { phase: 'submitting' } })).toBe(true)
    expect(snapshot().context.timeUp).toBe(true)
    await settle(() => log.submitted.length > 0)
    expect(log.submitted[0]).toMatchObject({ answers: { '2': 'A' }, submittedAt: examStart + 1_800_000 })
  })

  it('stamps the submission at the deadline when the device slept through it', async () => {
    const { clock, settle, log } = startSession({ submitAttempt: () => never() })
    clock.increment(3 * 3_600_000)
    await settle(() => log.submitted.length > 0)
    expect(log.submitted[0]?.submittedAt).toBe(examStart + 1_800_000)
  })

  it('waits for the student to retry when time is up and the submission cannot be stored', async () => {
    let failures = 1
    const { actor, clock, settle, snapshot, log } = startSession({
      submitAttempt: async () => {
        if (failures-- > 0) throw new Error('disk full')
        return pendingSubmission
      },
    })
    clock.increment(1_800_000)
    await settle((s) => s.matches({ inProgress: { phase: 'submitFailed' } }))
    expect(snapshot().context.error).toBe('Failed to submit test: disk full. Please try again.')
    actor.send({ type: 'SUBMIT' })
    const done = await settle((s) => s.status === 'done')
    expect(log.submitted).toHaveLength(2)
    expect(done.output).toMatchObject({ submission: pendingSubmission, timeUp: true })
  })
})

describe('reporting to the proctor', () => {
  const inProgress = (answers: number, tabSwitches = 0, flags: number[] = []) => ({
    state: 'in_progress',
    answers,
    tabSwitches,
    flags,
  })

  it('reports on start and every 30 s of the exam, with the progress so far', () => {
    const { actor, clock, log } = startSession()
    expect(log.reports).toEqual([inProgress(0)])
    clock.increment(29_999)
    expect(log.reports).toHaveLength(1)
    clock.increment(1)
    expect(log.reports).toEqual([inProgress(0), inProgress(0)])
    actor.send({ type: 'LEFT_PAGE' })
    clock.increment(30_000)
    expect(log.reports).toEqual([inProgress(0), inProgress(0), inProgress(0, 1), inProgress(0, 1)])
  })

  it('reports answers and flags once they have been quiet for 2 s: clicks in a row make one report', () => {
    const { actor, clock, log } = startSession()
    actor.send({ type: 'ANSWER', questionNumber: 1, letter: 'A' })
    clock.increment(1_500)
    actor.send({ type: 'ANSWER', questionNumber: 2, letter: 'C' })
    clock.increment(1_500)
    actor.send({ type: 'TOGGLE_FLAG', questionNumber: 2 })
    clock.increment(1_999)
    expect(log.reports).toEqual([inProgress(0)])
    clock.increment(1)
    expect(log.reports).toEqual([inProgress(0), inProgress(2, 0, [2])])
    // Nothing changed since: the next report is the 30 s heartbeat's.
    clock.increment(10_000)
    expect(log.reports).toHaveLength(2)
  })

  it('reports each tab switch as it is counted, and nothing for the return to the page', () => {
    const { actor, log } = startSession()
    actor.send({ type: 'LEFT_PAGE' })
    actor.send({ type: 'LEFT_PAGE' })
    actor.send({ type: 'RETURNED' })
    actor.send({ type: 'BACK_NAVIGATION' })
    expect(log.reports).toEqual([inProgress(0), inProgress(0, 1), inProgress(0, 2)])
  })

  it('reports when the connection comes back during the exam', () => {
    const { reporter, log } = startSession()
    reporter.connectionRestored?.()
    expect(log.reports).toEqual([inProgress(0), inProgress(0)])
  })

  it('reports the submission stored on the device, then no more heartbeats', async () => {
    const { actor, clock, settle, log } = startSession()
    answerAll(actor)
    submitManually(actor)
    await settle((s) => s.status === 'done')
    expect(log.reports.at(-1)).toEqual({ state: 'submitted_on_device', answers: examQuestions.length, tabSwitches: 0, flags: [] })
    const reported = log.reports.length
    clock.increment(120_000)
    expect(log.reports).toHaveLength(reported)
  })
})

describe('a deadline moved by the server', () => {
  it('counts to the later deadline when extra time is given during the exam, and submits then', async () => {
    const { clock, deadlines, settle, snapshot, log } = startSession({ submitAttempt: () => never() })
    expect(log.deadlineWatches).toEqual([snapshot().context.attempt.id])
    clock.increment(600_000)
    deadlines.change?.(examStart + 1_800_000 + 900_000)
    expect(snapshot().context.attempt.deadline).toBe(examStart + 2_700_000)
    expect(snapshot().children.timer?.getSnapshot().context.remainingMs).toBe(2_100_000)
    clock.increment(1_200_000)
    expect(snapshot().matches({ inProgress: { phase: 'answering' } })).toBe(true)
    clock.increment(900_000)
    await settle(() => log.submitted.length > 0)
    expect(log.submitted[0]?.submittedAt).toBe(examStart + 2_700_000)
  })

  it('says how many minutes the proctor added for 8 s, and says nothing when the deadline moves earlier', () => {
    const { clock, deadlines, snapshot } = startSession()
    expect(snapshot().matches({ inProgress: { timeNotice: 'hidden' } })).toBe(true)
    deadlines.change?.(examStart + 1_800_000 + 10 * 60_000)
    expect(snapshot().matches({ inProgress: { timeNotice: 'shown' } })).toBe(true)
    expect(snapshot().context.addedMinutes).toBe(10)
    clock.increment(7_999)
    expect(snapshot().matches({ inProgress: { timeNotice: 'shown' } })).toBe(true)
    clock.increment(1)
    expect(snapshot().matches({ inProgress: { timeNotice: 'hidden' } })).toBe(true)
    deadlines.change?.(examStart + 1_800_000 + 5 * 60_000)
    expect(snapshot().context.attempt.deadline).toBe(examStart + 2_100_000)
    expect(snapshot().matches({ inProgress: { timeNotice: 'hidden' } })).toBe(true)
    deadlines.change?.(examStart + 1_800_000 + 7 * 60_000)
    expect(snapshot().matches({ inProgress: { timeNotice: 'shown' } })).toBe(true)
    expect(snapshot().context.addedMinutes).toBe(2)
  })

  it('keeps counting without a restart when the deadline it is told is the one it has', () => {
    const { clock, deadlines, snapshot } = startSession()
    clock.increment(1000)
    const timer = snapshot().children.timer
    deadlines.change?.(examStart + 1_800_000)
    expect(snapshot().children.timer).toBe(timer)
  })
})

describe('review later', () => {
  it('flags and unflags a question, keeping the flags ascending and saving each change', () => {
    const { actor, context, log } = startSession()
    actor.send({ type: 'TOGGLE_FLAG', questionNumber: 3 })
    actor.send({ type: 'TOGGLE_FLAG', questionNumber: 1 })
    expect(context().attempt.flags).toEqual([1, 3])
    actor.send({ type: 'TOGGLE_FLAG', questionNumber: 3 })
    expect(context().attempt.flags).toEqual([1])
    expect(log.saves.map((save) => save.attempt.flags)).toEqual([[], [3], [1, 3], [1]])
  })

  it('changes no flag once the exam is being submitted', async () => {
    const { actor, clock, settle, context } = startSession({ submitAttempt: () => never() })
    clock.increment(1_800_000)
    await settle((s) => s.matches({ inProgress: { phase: 'submitting' } }))
    actor.send({ type: 'TOGGLE_FLAG', questionNumber: 1 })
    expect(context().attempt.flags).toEqual([])
  })
})

describe('the summary before submitting', () => {
  const reviewOpen = (snapshot: SnapshotFrom<typeof examSessionMachine>) => snapshot.matches({ inProgress: { review: 'open' } })

  it('opens on Submit Test once every question is answered, and submits only on "Submit now"', async () => {
    const { actor, snapshot, settle, log } = startSession({ submitAttempt: () => never() })
    answerAll(actor)
    actor.send({ type: 'SUBMIT' })
    expect(reviewOpen(snapshot())).toBe(true)
    expect(snapshot().matches({ inProgress: { phase: 'answering' } })).toBe(true)
    expect(log.submitted).toEqual([])
    actor.send({ type: 'SUBMIT_NOW' })
    await settle(() => log.submitted.length > 0)
    expect(reviewOpen(snapshot())).toBe(false)
  })

  it('closes on "Back to the exam", and on a jump to a question, which it shows', () => {
    const { actor, snapshot, context } = startSession()
    actor.send({ type: 'REVIEW_ANSWERS' })
    expect(reviewOpen(snapshot())).toBe(true)
    actor.send({ type: 'CLOSE_REVIEW' })
    expect(reviewOpen(snapshot())).toBe(false)
    actor.send({ type: 'REVIEW_ANSWERS' })
    actor.send({ type: 'GO_TO', index: 2 })
    expect(reviewOpen(snapshot())).toBe(false)
    expect(context().attempt.currentIndex).toBe(2)
  })

  it('opens from "Review all answers" with questions unanswered, where "Submit now" is refused', () => {
    const { actor, snapshot, log } = startSession()
    actor.send({ type: 'ANSWER', questionNumber: 1, letter: 'A' })
    actor.send({ type: 'REVIEW_ANSWERS' })
    actor.send({ type: 'SUBMIT_NOW' })
    expect(reviewOpen(snapshot())).toBe(true)
    expect(snapshot().context.error).toBe('Please answer all questions before submitting.')
    expect(log.submitted).toEqual([])
  })

  it('does not stand in the way of time running out: the deadline submits and closes it', async () => {
    const { actor, clock, snapshot, settle, log } = startSession({ submitAttempt: () => never() })
    actor.send({ type: 'REVIEW_ANSWERS' })
    clock.increment(1_800_000)
    await settle(() => log.submitted.length > 0)
    expect(reviewOpen(snapshot())).toBe(false)
    expect(snapshot().context.timeUp).toBe(true)
  })
})

describe("the server's copy and a move", () => {
  it('keeps what the server last received, as the watch tells it', () => {
    const { server, context } = startSession()
    expect(context().serverCopy).toBeNull()
    const copy = {
      answers: { '1': 'A' as const },
      flags: [1],
      reportedAt: '2026-11-23T09:00:30.000Z',
      receivedAt: examStart + 31_000,
    }
    server.copy?.(copy)
    expect(context().serverCopy).toEqual(copy)
  })

  it('stops reporting, answering and submitting here once the server says the exam moved', () => {
    const { actor, clock, server, snapshot, log } = startSession()
    actor.send({ type: 'ANSWER', questionNumber: 1, letter: 'A' })
    server.moved?.()
    expect(snapshot().matches('moved')).toBe(true)
    const reported = log.reports.length
    actor.send({ type: 'ANSWER', questionNumber: 2, letter: 'B' })
    actor.send({ type: 'LEFT_PAGE' })
    clock.increment(2 * 1_800_000)
    expect(log.reports).toHaveLength(reported)
    expect(log.submitted).toEqual([])
    // The answers entered here stay with the attempt (its answer file is still offered).
    expect(snapshot().context.attempt.answers).toEqual({ '1': 'A' })
  })

  it('ignores a move it hears of after the submission is on its way', async () => {
    const { actor, server, settle, snapshot } = startSession({ submitAttempt: () => never() })
    answerAll(actor)
    submitManually(actor)
    await settle((s) => s.matches({ inProgress: { phase: 'submitting' } }))
    server.moved?.()
    expect(snapshot().matches({ inProgress: { phase: 'submitting' } })).toBe(true)
  })
})

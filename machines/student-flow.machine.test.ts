import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor, type Actor, type EventObject } from 'xstate'
import { afterEach, describe, expect, it } from 'vitest'
import type { ExamAttempt } from '../src/domain/exam-attempt'
import type { SubmissionStatus } from '../src/domain/exam-submission'
import { examAttempt, examQuestions, examStart } from '../tests/unit/exam-fixtures'
import {
  studentFlowMachine,
  type AttemptReporterEvent,
  type CodeLookup,
  type ExamStart,
  type ProgressWriterEvent,
  type ResumePoint,
  type StudentDetails,
} from './student-flow.machine'

const pending: SubmissionStatus = { state: 'pending', fingerprint: 'fp', sendCount: 0 }

interface Fakes {
  resume?: () => Promise<ResumePoint>
  checkLoginCode?: (code: string) => Promise<CodeLookup>
  startExam?: (student: StudentDetails) => Promise<ExamStart>
  submitAttempt?: (attempt: ExamAttempt) => Promise<SubmissionStatus>
  /** Confirm each progress save at once (default) or leave it to the test. */
  confirmSaves?: boolean
}

let running: Actor<typeof studentFlowMachine> | undefined

afterEach(() => running?.stop())

const never = <T>() => new Promise<T>(() => {})

function startFlow(fakes: Fakes = {}) {
  const clock = new SimulatedClock()
  clock.set(examStart)
  const log = {
    lookups: [] as string[],
    starts: [] as StudentDetails[],
    sessions: [] as StudentDetails[],
    forgotten: 0,
    saves: [] as ProgressWriterEvent[],
    submitted: [] as ExamAttempt[],
    watched: [] as string[],
    retries: 0,
    /** What the reporter was asked to pass on: state, answered count and tab switches. */
    reports: [] as Array<{ state: string; answers: number; tabSwitches: number }>,
    deadlineWatches: [] as string[],
  }
  const writer: {
    answer?: (
      event: { type: 'PROGRESS_SAVED'; revision: number } | { type: 'PROGRESS_SAVE_FAILED'; revision: number; message: string },
    ) => void
  } = {}
  const watcher: { send?: (status: SubmissionStatus) => void } = {}
  const reporter: { connectionRestored?: () => void } = {}
  const deadlines: { change?: (deadline: number) => void } = {}
  const machine = studentFlowMachine.provide({
    actors: {
      resume: fromPromise(fakes.resume ?? (async () => ({ kind: 'none' }) as const)),
      checkLoginCode: fromPromise(async ({ input }) => {
        log.lookups.push(input.code)
        return (fakes.checkLoginCode ?? (async () => 'valid' as const))(input.code)
      }),
      startExam: fromPromise(async ({ input }) => {
        log.starts.push(input)
        return (fakes.startExam ?? (async () => ({ outcome: 'started', attempt: examAttempt() }) as const))(input)
      }),
      progressWriter: fromCallback<ProgressWriterEvent>(({ receive, sendBack }) => {
        writer.answer = sendBack
        receive((event) => {
          log.saves.push(event)
          if (fakes.confirmSaves !== false) sendBack({ type: 'PROGRESS_SAVED', revision: event.revision })
        })
      }),
      submitAttempt: fromPromise(async ({ input }) => {
        log.submitted.push(input.attempt)
        return (fakes.submitAttempt ?? (async () => pending))(input.attempt)
      }),
      watchSubmission: fromCallback<{ type: 'RETRY' }, { submissionId: string }>(({ input, receive, sendBack }) => {
        log.watched.push(input.submissionId)
        watcher.send = (status) => sendBack({ type: 'SUBMISSION_UPDATED', status })
        receive(() => log.retries++)
      }),
      attemptReporter: fromCallback<AttemptReporterEvent>(({ receive, sendBack }) => {
        reporter.connectionRestored = () => sendBack({ type: 'CONNECTION_RESTORED' })
        receive(({ attempt, state }) =>
          log.reports.push({ state, answers: Object.keys(attempt.answers).length, tabSwitches: attempt.tabSwitches }),
        )
      }),
      watchDeadline: fromCallback<EventObject, { attemptId: string }>(({ input, sendBack }) => {
        log.deadlineWatches.push(input.attemptId)
        deadlines.change = (deadline) => sendBack({ type: 'DEADLINE_CHANGED', deadline })
      }),
    },
    actions: {
      persistSession: (_, session) => log.sessions.push(session),
      forgetSession: () => log.forgotten++,
    },
  })
  const actor = createActor(machine, { clock, input: { now: () => clock.now() } }).start()
  running = actor
  const settle = (predicate: (snapshot: ReturnType<typeof actor.getSnapshot>) => boolean) => waitFor(actor, predicate)
  return {
    clock,
    actor,
    log,
    writer,
    watcher,
    reporter,
    deadlines,
    settle,
    snapshot: () => actor.getSnapshot(),
    context: () => actor.getSnapshot().context,
  }
}

async function atNameStep(fakes: Fakes = {}) {
  const flow = startFlow(fakes)
  await flow.settle((s) => s.matches('codeStep'))
  flow.actor.send({ type: 'SUBMIT_CODE', code: 'abcd1234' })
  await flow.settle((s) => s.matches('nameStep'))
  return flow
}

async function inExam(fakes: Fakes = {}) {
  const flow = await atNameStep(fakes)
  flow.actor.send({ type: 'SUBMIT_NAME', name: 'Ada Lovelace' })
  await flow.settle((s) => s.matches('exam'))
  return flow
}

function answerAll(actor: Actor<typeof studentFlowMachine>) {
  for (const question of examQuestions) actor.send({ type: 'ANSWER', questionNumber: question.question_number, letter: 'B' })
}

describe('code step', () => {
  it('is where a visitor with nothing stored starts', async () => {
    const { settle, snapshot } = startFlow()
    await settle((s) => s.matches('codeStep'))
    expect(snapshot().matches({ codeStep: 'editing' })).toBe(true)
    expect(snapshot().context.error).toBeNull()
  })

  it.each([
    ['', 'Please enter a login code'],
    ['   ', 'Please enter a login code'],
    [' ab1 ', 'Please enter a valid login code'],
  ])('refuses %j with %j without asking the server', async (code, message) => {
    const { actor, settle, snapshot, log } = startFlow()
    await settle((s) => s.matches('codeStep'))
    actor.send({ type: 'SUBMIT_CODE', code })
    expect(snapshot().matches({ codeStep: 'editing' })).toBe(true)
    expect(snapshot().context.error).toBe(message)
    expect(log.lookups).toEqual([])
  })

  it('looks up the trimmed, upper-cased code and moves on to the name step when it is valid', async () => {
    const { actor, settle, snapshot, log } = startFlow()
    await settle((s) => s.matches('codeStep'))
    actor.send({ type: 'SUBMIT_CODE', code: '  abcd1234 ' })
    expect(snapshot().matches({ codeStep: 'checking' })).toBe(true)
    await settle((s) => s.matches('nameStep'))
    expect(log.lookups).toEqual(['ABCD1234'])
    expect(snapshot().context.loginCode).toBe('ABCD1234')
  })

  it.each([
    ['used', 'This login code has already been used.'],
    ['invalid', 'Invalid login code. Please check and try again.'],
    ['rate_limited', 'Too many attempts from this network. Please wait a few minutes and try again.'],
    ['exam_closed', 'Exam is not currently available. Please check the schedule.'],
  ] as const)('stays on the code step for a %s code with %j', async (lookup, message) => {
    const { actor, settle, snapshot } = startFlow({ checkLoginCode: async () => lookup })
    await settle((s) => s.matches('codeStep'))
    actor.send({ type: 'SUBMIT_CODE', code: 'ABCD1234' })
    await settle((s) => s.context.error !== null)
    expect(snapshot().matches({ codeStep: 'editing' })).toBe(true)
    expect(snapshot().context.error).toBe(message)
  })

  it('reports a failed lookup as a validation error', async () => {
    const { actor, settle, snapshot } = startFlow({
      checkLoginCode: async () => {
        throw new TypeError('Failed to fetch')
      },
    })
    await settle((s) => s.matches('codeStep'))
    actor.send({ type: 'SUBMIT_CODE', code: 'ABCD1234' })
    await settle((s) => s.context.error !== null)
    expect(snapshot().context.error).toBe('Error validating code. Please check your connection and try again.')
  })

  it('gives up on a lookup after 10 s with the connection timeout message', async () => {
    const { actor, clock, settle, snapshot } = startFlow({ checkLoginCode: () => never() })
    await settle((s) => s.matches('codeStep'))
    actor.send({ type: 'SUBMIT_CODE', code: 'ABCD1234' })
    clock.increment(9_999)
    expect(snapshot().matches({ codeStep: 'checking' })).toBe(true)
    clock.increment(1)
    expect(snapshot().matches({ codeStep: 'editing' })).toBe(true)
    expect(snapshot().context.error).toBe('Connection timeout. Please check your internet connection and try again.')
  })

  it('clears an earlier error when a new code is tried', async () => {
    const { actor, settle, snapshot } = startFlow()
    await settle((s) => s.matches('codeStep'))
    actor.send({ type: 'SUBMIT_CODE', code: '' })
    actor.send({ type: 'SUBMIT_CODE', code: 'ABCD1234' })
    expect(snapshot().context.error).toBeNull()
  })

  it('ignores exam events', async () => {
    const { actor, settle, snapshot } = startFlow()
    await settle((s) => s.matches('codeStep'))
    expect(snapshot().can({ type: 'ANSWER', questionNumber: 1, letter: 'A' })).toBe(false)
    expect(snapshot().can({ type: 'SUBMIT' })).toBe(false)
    actor.send({ type: 'SUBMIT_NAME', name: 'Ada Lovelace' })
    expect(snapshot().matches('codeStep')).toBe(true)
  })
})

describe('name step', () => {
  it('goes back to the code step', async () => {
    const { actor, snapshot } = await atNameStep()
    actor.send({ type: 'SUBMIT_NAME', name: '' })
    actor.send({ type: 'BACK' })
    expect(snapshot().matches({ codeStep: 'editing' })).toBe(true)
    expect(snapshot().context.error).toBeNull()
  })

  it.each([
    ['', 'Please enter your full name'],
    ['  ', 'Please enter your full name'],
    [' A ', 'Please enter a valid full name'],
  ])('refuses the name %j with %j', async (name, message) => {
    const { actor, snapshot, log } = await atNameStep()
    actor.send({ type: 'SUBMIT_NAME', name })
    expect(snapshot().matches('nameStep')).toBe(true)
    expect(snapshot().context.error).toBe(message)
    expect(log.sessions).toEqual([])
  })

  it('stores the session and loads the exam for a full name', async () => {
    const { actor, snapshot, settle, log } = await atNameStep({ startExam: () => never() })
    actor.send({ type: 'SUBMIT_NAME', name: '  Ada Lovelace ' })
    expect(snapshot().matches('loadingExam')).toBe(true)
    const student = { loginCode: 'ABCD1234', studentName: 'Ada Lovelace' }
    expect(log.sessions).toEqual([student])
    await settle(() => log.starts.length > 0)
    expect(log.starts).toEqual([student])
  })
})

describe('loading the exam', () => {
  it.each([
    ['invalid', 'Invalid login code. Please check and try again.'],
    ['used', 'This login code has already been used.'],
    ['rate_limited', 'Too many attempts from this network. Please wait a few minutes and try again.'],
    ['exam_closed', 'Exam is not currently available. Please check the schedule.'],
    [
      'time_over',
      'The time for the exam with this login code is over. If your answers are waiting on another device, connect that device to send them.',
    ],
  ] as const)('returns to the code step and forgets the session when the code is %s', async (outcome, message) => {
    const { actor, settle, snapshot, log } = await atNameStep({ startExam: async () => ({ outcome }) })
    actor.send({ type: 'SUBMIT_NAME', name: 'Ada Lovelace' })
    await settle((s) => s.matches('codeStep'))
    expect(snapshot().context.error).toBe(message)
    expect(log.forgotten).toBe(1)
  })

  it.each([
    ['no_questions', 'No questions available. Please contact your administrator.'],
    ['no_valid_questions', 'No valid multiple choice questions available. Please contact your administrator.'],
    ['connection_error', 'Database connection error. Please check your internet connection and try again.'],
  ] as const)('shows the test-unavailable screen for %s', async (outcome, message) => {
    const { actor, settle, snapshot } = await atNameStep({ startExam: async () => ({ outcome }) })
    actor.send({ type: 'SUBMIT_NAME', name: 'Ada Lovelace' })
    await settle((s) => s.matches('unavailable'))
    expect(snapshot().context.error).toBe(message)
  })

  it('shows the test-unavailable screen when loading fails', async () => {
    const { actor, settle, snapshot } = await atNameStep({
      startExam: async () => {
        throw new Error('boom')
      },
    })
    actor.send({ type: 'SUBMIT_NAME', name: 'Ada Lovelace' })
    await settle((s) => s.matches('unavailable'))
    expect(snapshot().context.error).toBe('Failed to load questions. Please refresh and try again.')
  })

  it('starts the exam on the first question with the timer running', async () => {
    const { snapshot } = await inExam()
    expect(snapshot().matches({ exam: { phase: 'answering', tabWarning: 'hidden' } })).toBe(true)
    expect(snapshot().context.attempt?.currentIndex).toBe(0)
    expect(snapshot().children.timer?.getSnapshot().context.remainingMs).toBe(1_800_000)
  })
})

describe('answering', () => {
  it('records an answer and hands every change to the progress writer in order', async () => {
    const { actor, context, log } = await inExam()
    actor.send({ type: 'ANSWER', questionNumber: 1, letter: 'C' })
    actor.send({ type: 'ANSWER', questionNumber: 1, letter: 'D' })
    expect(context().attempt?.answers).toEqual({ '1': 'D' })
    expect(log.saves.map((save) => [save.revision, save.attempt.answers])).toEqual([
      [1, { '1': 'C' }],
      [2, { '1': 'D' }],
    ])
  })

  it('counts as saved only once the writer confirms the latest change', async () => {
    const { actor, context, writer } = await inExam({ confirmSaves: false })
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

  it('moves between questions within the exam and saves the position', async () => {
    const { actor, context, snapshot, log } = await inExam()
    expect(snapshot().can({ type: 'PREVIOUS' })).toBe(false)
    actor.send({ type: 'PREVIOUS' })
    expect(context().attempt?.currentIndex).toBe(0)
    actor.send({ type: 'NEXT' })
    actor.send({ type: 'NEXT' })
    actor.send({ type: 'NEXT' })
    expect(context().attempt?.currentIndex).toBe(2)
    expect(snapshot().can({ type: 'NEXT' })).toBe(false)
    actor.send({ type: 'GO_TO', index: 1 })
    actor.send({ type: 'GO_TO', index: 1 })
    actor.send({ type: 'GO_TO', index: 7 })
    expect(context().attempt?.currentIndex).toBe(1)
    expect(log.saves.map((save) => save.attempt.currentIndex)).toEqual([1, 2, 1])
  })

  it('refuses a manual submit until every question is answered', async () => {
    const { actor, snapshot, log } = await inExam()
    actor.send({ type: 'ANSWER', questionNumber: 1, letter: 'A' })
    actor.send({ type: 'SUBMIT' })
    expect(snapshot().matches({ exam: { phase: 'answering' } })).toBe(true)
    expect(snapshot().context.error).toBe('Please answer all questions before submitting.')
    expect(log.submitted).toEqual([])
  })
})

describe('tab switches', () => {
  it('counts a blur and a hide of one switch once, and each back-navigation attempt', async () => {
    const { actor, context, log } = await inExam()
    actor.send({ type: 'LEFT_PAGE' })
    actor.send({ type: 'LEFT_PAGE' })
    expect(context().attempt?.tabSwitches).toBe(1)
    actor.send({ type: 'RETURNED' })
    actor.send({ type: 'RETURNED' })
    actor.send({ type: 'LEFT_PAGE' })
    expect(context().attempt?.tabSwitches).toBe(2)
    actor.send({ type: 'BACK_NAVIGATION' })
    actor.send({ type: 'BACK_NAVIGATION' })
    expect(context().attempt?.tabSwitches).toBe(4)
    expect(log.saves.at(-1)?.attempt.tabSwitches).toBe(4)
  })

  it('shows the warning for 5 s after the latest switch', async () => {
    const { actor, clock, snapshot } = await inExam()
    actor.send({ type: 'LEFT_PAGE' })
    expect(snapshot().matches({ exam: { tabWarning: 'shown' } })).toBe(true)
    clock.increment(3000)
    actor.send({ type: 'RETURNED' })
    actor.send({ type: 'BACK_NAVIGATION' })
    clock.increment(4999)
    expect(snapshot().matches({ exam: { tabWarning: 'shown' } })).toBe(true)
    clock.increment(1)
    expect(snapshot().matches({ exam: { tabWarning: 'hidden' } })).toBe(true)
  })
})

describe('submitting', () => {
  it('hands the answered attempt to the outbox, stamped with the time of the press', async () => {
    const { actor, clock, settle, log } = await inExam({ submitAttempt: () => never() })
    answerAll(actor)
    clock.increment(61_000)
    actor.send({ type: 'SUBMIT' })
    await settle(() => log.submitted.length > 0)
    expect(log.submitted[0]?.submittedAt).toBe(examStart + 61_000)
    expect(log.submitted[0]?.answers).toEqual({ '1': 'B', '2': 'B', '3': 'B' })
    actor.send({ type: 'ANSWER', questionNumber: 1, letter: 'D' })
    expect(actor.getSnapshot().context.attempt?.answers['1']).toBe('B')
  })

  it('waits for the first send, then shows completion one second after the server accepted it', async () => {
    const { actor, clock, settle, snapshot, watcher, log } = await inExam()
    answerAll(actor)
    actor.send({ type: 'SUBMIT' })
    await settle((s) => s.matches('sending'))
    const submissionId = log.submitted[0]!.id
    expect(log.watched).toEqual([submissionId])
    watcher.send?.(pending)
    expect(snapshot().matches('sending')).toBe(true)
    const receipt = {
      submissionId,
      score: 2,
      total: 3,
      receivedAt: '2026-11-23T09:01:00Z',
      answersFingerprint: 'fp',
    }
    watcher.send?.({ state: 'accepted', fingerprint: 'fp', receipt })
    expect(snapshot().matches('confirming')).toBe(true)
    clock.increment(999)
    expect(snapshot().matches('confirming')).toBe(true)
    clock.increment(1)
    expect(snapshot().matches('completed')).toBe(true)
    expect(snapshot().context.submission).toEqual({ state: 'accepted', fingerprint: 'fp', receipt })
  })

  it('shows completion as waiting as soon as a send has failed', async () => {
    const { actor, settle, snapshot, watcher } = await inExam()
    answerAll(actor)
    actor.send({ type: 'SUBMIT' })
    await settle((s) => s.matches('sending'))
    watcher.send?.({ state: 'pending', fingerprint: 'fp', sendCount: 1 })
    expect(snapshot().matches('completed')).toBe(true)
    expect(snapshot().context.submission).toEqual({ state: 'pending', fingerprint: 'fp', sendCount: 1 })
  })

  it('shows completion as waiting when the first send hangs for 10 s', async () => {
    const { actor, clock, settle, snapshot } = await inExam()
    answerAll(actor)
    actor.send({ type: 'SUBMIT' })
    await settle((s) => s.matches('sending'))
    clock.increment(10_000)
    expect(snapshot().matches('completed')).toBe(true)
    expect(snapshot().context.submission).toEqual(pending)
  })

  it('shows a refusal at once and lets the student ask for another try', async () => {
    const { actor, settle, snapshot, watcher, log } = await inExam()
    answerAll(actor)
    actor.send({ type: 'SUBMIT' })
    await settle((s) => s.matches('sending'))
    watcher.send?.({ state: 'rejected', fingerprint: 'fp', rejection: { reason: 'failed', detail: 'bad' } })
    expect(snapshot().matches('completed')).toBe(true)
    actor.send({ type: 'RETRY_SUBMISSION' })
    expect(log.retries).toBe(1)
  })

  it('returns to the exam with the reason when the submission cannot be stored', async () => {
    const { actor, settle, snapshot } = await inExam({
      submitAttempt: async () => {
        throw new Error('QuotaExceededError')
      },
    })
    answerAll(actor)
    actor.send({ type: 'SUBMIT' })
    await settle((s) => s.context.error !== null)
    expect(snapshot().matches({ exam: { phase: 'answering' } })).toBe(true)
    expect(snapshot().context.error).toBe('Failed to submit test: QuotaExceededError. Please try again.')
  })

  it('starts over from the code step on Take Another Test, forgetting the session', async () => {
    const { actor, settle, snapshot, watcher, log } = await inExam()
    answerAll(actor)
    actor.send({ type: 'SUBMIT' })
    await settle((s) => s.matches('sending'))
    watcher.send?.({ state: 'pending', fingerprint: 'fp', sendCount: 1 })
    actor.send({ type: 'TAKE_ANOTHER' })
    expect(snapshot().matches({ codeStep: 'editing' })).toBe(true)
    expect(log.forgotten).toBe(1)
    expect(snapshot().context).toMatchObject({ loginCode: '', studentName: '', attempt: null, submission: null })
  })
})

describe('time running out', () => {
  it('submits unanswered questions automatically at the deadline', async () => {
    const { actor, clock, settle, snapshot, log } = await inExam({ submitAttempt: () => never() })
    actor.send({ type: 'ANSWER', questionNumber: 2, letter: 'A' })
    clock.increment(1_799_999)
    expect(snapshot().matches({ exam: { phase: 'answering' } })).toBe(true)
    clock.increment(1)
    expect(snapshot().matches({ exam: { phase: 'submitting' } })).toBe(true)
    expect(snapshot().context.timeUp).toBe(true)
    await settle(() => log.submitted.length > 0)
    expect(log.submitted[0]).toMatchObject({ answers: { '2': 'A' }, submittedAt: examStart + 1_800_000 })
  })

  it('stamps the submission at the deadline when the device slept through it', async () => {
    const { clock, settle, log } = await inExam({ submitAttempt: () => never() })
    clock.increment(3 * 3_600_000)
    await settle(() => log.submitted.length > 0)
    expect(log.submitted[0]?.submittedAt).toBe(examStart + 1_800_000)
  })

  it('waits for the student to retry when time is up and the submission cannot be stored', async () => {
    let failures = 1
    const { actor, clock, settle, snapshot, log } = await inExam({
      submitAttempt: async () => {
        if (failures-- > 0) throw new Error('disk full')
        return pending
      },
    })
    clock.increment(1_800_000)
    await settle((s) => s.matches({ exam: { phase: 'submitFailed' } }))
    expect(snapshot().context.error).toBe('Failed to submit test: disk full. Please try again.')
    actor.send({ type: 'SUBMIT' })
    await settle((s) => s.matches('sending'))
    expect(log.submitted).toHaveLength(2)
  })
})

describe('reporting to the proctor', () => {
  const inProgress = (answers: number, tabSwitches = 0) => ({ state: 'in_progress', answers, tabSwitches })

  it('reports on start and every 30 s of the exam, with the progress so far', async () => {
    const { actor, clock, log } = await inExam()
    expect(log.reports).toEqual([inProgress(0)])
    actor.send({ type: 'ANSWER', questionNumber: 1, letter: 'A' })
    clock.increment(29_999)
    expect(log.reports).toHaveLength(1)
    clock.increment(1)
    expect(log.reports).toEqual([inProgress(0), inProgress(1)])
    actor.send({ type: 'ANSWER', questionNumber: 3, letter: 'C' })
    clock.increment(30_000)
    expect(log.reports).toEqual([inProgress(0), inProgress(1), inProgress(2)])
  })

  it('reports each tab switch as it is counted, and nothing for the return to the page', async () => {
    const { actor, log } = await inExam()
    actor.send({ type: 'LEFT_PAGE' })
    actor.send({ type: 'LEFT_PAGE' })
    actor.send({ type: 'RETURNED' })
    actor.send({ type: 'BACK_NAVIGATION' })
    expect(log.reports).toEqual([inProgress(0), inProgress(0, 1), inProgress(0, 2)])
  })

  it('reports when the connection comes back during the exam, and not before it started', async () => {
    const flow = await atNameStep()
    flow.reporter.connectionRestored?.()
    expect(flow.log.reports).toEqual([])
    flow.actor.send({ type: 'SUBMIT_NAME', name: 'Ada Lovelace' })
    await flow.settle((s) => s.matches('exam'))
    flow.reporter.connectionRestored?.()
    expect(flow.log.reports).toEqual([inProgress(0), inProgress(0)])
  })

  it('reports the submission queued on the device, then no more heartbeats', async () => {
    const { actor, clock, settle, log } = await inExam()
    answerAll(actor)
    actor.send({ type: 'SUBMIT' })
    await settle((s) => s.matches('sending'))
    expect(log.reports.at(-1)).toEqual({ state: 'submitted_on_device', answers: examQuestions.length, tabSwitches: 0 })
    const reported = log.reports.length
    clock.increment(120_000)
    expect(log.reports).toHaveLength(reported)
  })

  it('reports on coming back to an exam in progress after a reload', async () => {
    const attempt = examAttempt({ answers: { '1': 'A' }, tabSwitches: 2 })
    const { settle, log } = startFlow({ resume: async () => ({ kind: 'attempt', attempt }) })
    await settle((s) => s.matches('exam'))
    expect(log.reports).toEqual([inProgress(1, 2)])
  })
})

describe('a deadline moved by the server', () => {
  it('counts to the later deadline when extra time is given during the exam, and submits then', async () => {
    const { clock, deadlines, settle, snapshot, log } = await inExam({ submitAttempt: () => never() })
    expect(log.deadlineWatches).toEqual([snapshot().context.attempt?.id])
    clock.increment(600_000)
    deadlines.change?.(examStart + 1_800_000 + 900_000)
    expect(snapshot().context.attempt?.deadline).toBe(examStart + 2_700_000)
    expect(snapshot().children.timer?.getSnapshot().context.remainingMs).toBe(2_100_000)
    clock.increment(1_200_000)
    expect(snapshot().matches({ exam: { phase: 'answering' } })).toBe(true)
    clock.increment(900_000)
    await settle(() => log.submitted.length > 0)
    expect(log.submitted[0]?.submittedAt).toBe(examStart + 2_700_000)
  })

  it('keeps counting without a restart when the deadline it is told is the one it has', async () => {
    const { clock, deadlines, snapshot } = await inExam()
    clock.increment(1000)
    const timer = snapshot().children.timer
    deadlines.change?.(examStart + 1_800_000)
    expect(snapshot().children.timer).toBe(timer)
  })
})

describe('resuming', () => {
  it('returns to the same question, answers, tab switches and deadline', async () => {
    const attempt = examAttempt({ answers: { '1': 'A', '2': 'C' }, currentIndex: 2, tabSwitches: 4 })
    const { clock, settle, snapshot } = startFlow({ resume: async () => ({ kind: 'attempt', attempt }) })
    await settle((s) => s.matches('exam'))
    expect(snapshot().context).toMatchObject({ attempt, loginCode: 'ABCD1234', studentName: 'Ada Lovelace' })
    expect(snapshot().children.timer?.getSnapshot().context.remainingMs).toBe(1_800_000)
    clock.increment(1000)
    expect(snapshot().children.timer?.getSnapshot().context.remainingMs).toBe(1_799_000)
  })

  it('submits at once an attempt whose deadline passed while the page was closed', async () => {
    const attempt = examAttempt({ startedAt: examStart - 3_600_000, deadline: examStart - 1_800_000 })
    const { settle, log } = startFlow({ resume: async () => ({ kind: 'attempt', attempt }), submitAttempt: () => never() })
    await settle(() => log.submitted.length > 0)
    expect(log.submitted[0]?.submittedAt).toBe(examStart - 1_800_000)
  })

  it('shows the completion of a submitted attempt and watches its submission', async () => {
    const attempt = examAttempt({ status: 'submitted', submittedAt: examStart })
    const { settle, log } = startFlow({ resume: async () => ({ kind: 'attempt', attempt }) })
    await settle((s) => s.matches('completed'))
    expect(log.watched).toEqual([attempt.id])
  })

  it('loads the exam for a session without an attempt', async () => {
    const session = { loginCode: 'ABCD1234', studentName: 'Ada Lovelace' }
    const { settle, log } = startFlow({ resume: async () => ({ kind: 'session', session }) })
    await settle((s) => s.matches('exam'))
    expect(log.starts).toEqual([session])
  })

  it('falls back to the code step when nothing can be read', async () => {
    const { settle, snapshot } = startFlow({
      resume: async () => {
        throw new Error('IndexedDB unavailable')
      },
    })
    await settle((s) => s.matches('codeStep'))
    expect(snapshot().context.error).toBeNull()
  })
})

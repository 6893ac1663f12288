import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor, type Actor } from 'xstate'
import { afterEach, describe, expect, it } from 'vitest'
import type { SubmissionStatus } from '../src/domain/exam-submission'
import { examAttempt, examQuestions, examStart } from '../tests/unit/exam-fixtures'
import { fakeExamSession, pendingSubmission as pending, type ExamSessionFakes } from '../tests/unit/exam-session-fakes'
import {
  studentFlowMachine,
  type AttemptResume,
  type CodeLookup,
  type ExamStart,
  type ResumePoint,
  type StudentDetails,
} from './student-flow.machine'

interface Fakes extends ExamSessionFakes {
  resume?: () => Promise<ResumePoint>
  checkLoginCode?: (code: string) => Promise<CodeLookup>
  startExam?: (student: StudentDetails) => Promise<ExamStart>
  resumeAttempt?: (request: { loginCode: string; pin: string }) => Promise<AttemptResume>
}

let running: Actor<typeof studentFlowMachine> | undefined

afterEach(() => running?.stop())

const never = <T>() => new Promise<T>(() => {})

function startFlow(fakes: Fakes = {}) {
  const clock = new SimulatedClock()
  clock.set(examStart)
  const examSession = fakeExamSession(fakes)
  const log = {
    // The session's recorders (saves, submissions, reports, deadline watches) beside the flow's own.
    ...examSession.log,
    lookups: [] as string[],
    starts: [] as StudentDetails[],
    resumes: [] as Array<{ loginCode: string; pin: string }>,
    sessions: [] as StudentDetails[],
    forgotten: 0,
    watched: [] as string[],
    retries: 0,
  }
  const watcher: { send?: (status: SubmissionStatus) => void } = {}
  const machine = studentFlowMachine.provide({
    actors: {
      resume: fromPromise(fakes.resume ?? (async () => ({ kind: 'none' }) as const)),
      checkLoginCode: fromPromise(async ({ input }) => {
        log.lookups.push(input.code)
        return (fakes.checkLoginCode ?? (async () => ({ outcome: 'valid', loginCode: null, exam: null }) as const))(input.code)
      }),
      startExam: fromPromise(async ({ input }) => {
        log.starts.push(input)
        return (fakes.startExam ?? (async () => ({ outcome: 'started', attempt: examAttempt() }) as const))(input)
      }),
      resumeAttempt: fromPromise(async ({ input }) => {
        log.resumes.push(input)
        return (fakes.resumeAttempt ?? (async () => ({ outcome: 'wrong_pin' }) as const))(input)
      }),
      examSession: examSession.machine,
      watchSubmission: fromCallback<{ type: 'RETRY' }, { submissionId: string }>(({ input, receive, sendBack }) => {
        log.watched.push(input.submissionId)
        watcher.send = (status) => sendBack({ type: 'SUBMISSION_UPDATED', status })
        receive(() => log.retries++)
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
  const session = () => {
    const child = actor.getSnapshot().children.examSession
    if (!child) throw new Error('no exam session is running')
    return child
  }
  return {
    clock,
    actor,
    log,
    watcher,
    reporter: examSession.reporter,
    settle,
    session,
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

/** The exam answered in full and submitted: the flow is sending the stored submission. */
async function sendingSubmission(fakes: Fakes = {}) {
  const flow = await inExam(fakes)
  for (const question of examQuestions) {
    flow.session().send({ type: 'ANSWER', questionNumber: question.question_number, letter: 'B' })
  }
  flow.session().send({ type: 'SUBMIT' })
  flow.session().send({ type: 'SUBMIT_NOW' })
  await flow.settle((s) => s.matches('sending'))
  return flow
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

  it('asks with O read as 0 and I or L as 1, then knows the code as the server stores it', async () => {
    const { actor, settle, snapshot, log } = startFlow({
      checkLoginCode: async () => ({ outcome: 'valid', loginCode: 'ID7DGZBO', exam: null }),
    })
    await settle((s) => s.matches('codeStep'))
    actor.send({ type: 'SUBMIT_CODE', code: ' id7dgzbo' })
    await settle((s) => s.matches('nameStep'))
    expect(log.lookups).toEqual(['1D7DGZB0'])
    expect(snapshot().context.loginCode).toBe('ID7DGZBO')
    actor.send({ type: 'SUBMIT_NAME', name: 'Ada Lovelace' })
    await settle((s) => s.matches('exam'))
    expect(log.starts).toEqual([{ loginCode: 'ID7DGZBO', studentName: 'Ada Lovelace' }])
  })

  it.each([
    ['used', 'This login code has already been used.'],
    ['invalid', 'Invalid login code. Please check and try again.'],
    ['rate_limited', 'Too many wrong login codes from this browser or network. Please wait a few minutes and try again.'],
    ['exam_closed', 'Exam is not currently available. Please check the schedule.'],
  ] as const)('stays on the code step for a %s code with %j', async (lookup, message) => {
    const { actor, settle, snapshot } = startFlow({
      checkLoginCode: async () => ({ outcome: lookup, loginCode: null, exam: null }),
    })
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

  it('ignores the events of later steps and runs no exam session', async () => {
    const { actor, settle, snapshot } = startFlow()
    await settle((s) => s.matches('codeStep'))
    expect(snapshot().can({ type: 'SUBMIT_NAME', name: 'Ada Lovelace' })).toBe(false)
    expect(snapshot().can({ type: 'TAKE_ANOTHER' })).toBe(false)
    actor.send({ type: 'SUBMIT_NAME', name: 'Ada Lovelace' })
    expect(snapshot().matches('codeStep')).toBe(true)
    expect(snapshot().children.examSession).toBeUndefined()
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
    ['rate_limited', 'Too many wrong login codes from this browser or network. Please wait a few minutes and try again.'],
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

  it('loads the exam again with the same code and name on Try Again from the test-unavailable screen', async () => {
    let outcome: 'no_questions' | 'started' = 'no_questions'
    const { actor, settle, snapshot, log } = await atNameStep({
      startExam: async () => (outcome === 'started' ? { outcome, attempt: examAttempt() } : { outcome }),
    })
    actor.send({ type: 'SUBMIT_NAME', name: 'Ada Lovelace' })
    await settle((s) => s.matches('unavailable'))
    outcome = 'started'
    actor.send({ type: 'RETRY_EXAM_START' })
    expect(snapshot().matches('loadingExam')).toBe(true)
    expect(snapshot().context.error).toBeNull()
    await settle((s) => s.matches('exam'))
    const student = { loginCode: 'ABCD1234', studentName: 'Ada Lovelace' }
    expect(log.starts).toEqual([student, student])
    expect(log.forgotten).toBe(0)
  })

  it('forgets the session and returns to an empty code step on Use a different code', async () => {
    const { actor, settle, snapshot, log } = await atNameStep({ startExam: async () => ({ outcome: 'no_valid_questions' }) })
    actor.send({ type: 'SUBMIT_NAME', name: 'Ada Lovelace' })
    await settle((s) => s.matches('unavailable'))
    actor.send({ type: 'USE_DIFFERENT_CODE' })
    expect(snapshot().matches({ codeStep: 'editing' })).toBe(true)
    expect(log.forgotten).toBe(1)
    expect(snapshot().context).toMatchObject({ loginCode: '', studentName: '', error: null, examStartRefusal: null })
    expect(log.starts).toHaveLength(1)
  })

  it('offers both ways out when a returning visit resumes into the test-unavailable screen, and nothing else', async () => {
    const session = { loginCode: 'ABCD1234', studentName: 'Ada Lovelace' }
    const { settle, snapshot } = startFlow({
      resume: async () => ({ kind: 'session', session }),
      startExam: async () => {
        throw new Error('boom')
      },
    })
    await settle((s) => s.matches('unavailable'))
    expect(snapshot().can({ type: 'RETRY_EXAM_START' })).toBe(true)
    expect(snapshot().can({ type: 'USE_DIFFERENT_CODE' })).toBe(true)
    expect(snapshot().can({ type: 'SUBMIT_CODE', code: 'ZZZZ9999' })).toBe(false)
    expect(snapshot().can({ type: 'TAKE_ANOTHER' })).toBe(false)
  })

  it('ignores Try Again and Use a different code outside the test-unavailable screen', async () => {
    const { actor, snapshot, log } = await atNameStep()
    actor.send({ type: 'RETRY_EXAM_START' })
    actor.send({ type: 'USE_DIFFERENT_CODE' })
    expect(snapshot().matches('nameStep')).toBe(true)
    expect(log.starts).toEqual([])
    expect(log.forgotten).toBe(0)
  })

  it('starts the exam session on the started attempt, at its first question with the timer running on the flow clock', async () => {
    const { session, snapshot } = await inExam()
    const exam = session().getSnapshot()
    expect(exam.matches({ inProgress: { phase: 'answering', tabWarning: 'hidden' } })).toBe(true)
    expect(exam.context.attempt).toEqual(snapshot().context.attempt)
    expect(exam.context.attempt.currentIndex).toBe(0)
    expect(exam.context.now).toBe(snapshot().context.now)
    expect(exam.children.timer?.getSnapshot().context.remainingMs).toBe(1_800_000)
  })
})

describe('sending the stored submission', () => {
  it('takes the attempt as the session stored it, with the time of the press and whether time ran out', async () => {
    const flow = await inExam()
    for (const question of examQuestions) {
      flow.session().send({ type: 'ANSWER', questionNumber: question.question_number, letter: 'B' })
    }
    flow.clock.increment(61_000)
    flow.session().send({ type: 'SUBMIT' })
    flow.session().send({ type: 'SUBMIT_NOW' })
    await flow.settle((s) => s.matches('sending'))
    expect(flow.snapshot().children.examSession).toBeUndefined()
    expect(flow.context()).toMatchObject({ attempt: flow.log.submitted[0], submission: pending, timeUp: false })
    expect(flow.context().attempt?.submittedAt).toBe(examStart + 61_000)
  })

  it('waits for the first send, then shows completion one second after the server accepted it', async () => {
    const { clock, snapshot, watcher, log } = await sendingSubmission()
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
    const { snapshot, watcher } = await sendingSubmission()
    watcher.send?.({ state: 'pending', fingerprint: 'fp', sendCount: 1, lastFailure: { kind: 'network' } })
    expect(snapshot().matches('completed')).toBe(true)
    expect(snapshot().context.submission).toEqual({
      state: 'pending',
      fingerprint: 'fp',
      sendCount: 1,
      lastFailure: { kind: 'network' },
    })
  })

  it('shows completion as waiting when the first send hangs for 10 s', async () => {
    const { clock, snapshot } = await sendingSubmission()
    clock.increment(9_999)
    expect(snapshot().matches('sending')).toBe(true)
    clock.increment(1)
    expect(snapshot().matches('completed')).toBe(true)
    expect(snapshot().context.submission).toEqual(pending)
  })

  it('shows a refusal at once and lets the student ask for another try', async () => {
    const { actor, snapshot, watcher, log } = await sendingSubmission()
    watcher.send?.({ state: 'rejected', fingerprint: 'fp', rejection: { reason: 'failed', detail: 'bad' } })
    expect(snapshot().matches('completed')).toBe(true)
    actor.send({ type: 'RETRY_SUBMISSION' })
    expect(log.retries).toBe(1)
  })

  it('starts over from the code step on Take Another Test, forgetting the session', async () => {
    const { actor, snapshot, watcher, log } = await sendingSubmission()
    watcher.send?.({ state: 'pending', fingerprint: 'fp', sendCount: 1, lastFailure: { kind: 'network' } })
    actor.send({ type: 'TAKE_ANOTHER' })
    expect(snapshot().matches({ codeStep: 'editing' })).toBe(true)
    expect(log.forgotten).toBe(1)
    expect(snapshot().context).toMatchObject({ loginCode: '', studentName: '', attempt: null, submission: null, timeUp: false })
  })

  it('hands the time-up of an automatic submission on to the flow', async () => {
    const { clock, settle, context } = await inExam()
    clock.increment(1_800_000)
    await settle((s) => s.matches('sending'))
    expect(context()).toMatchObject({ timeUp: true, submission: pending })
    expect(context().attempt?.submittedAt).toBe(examStart + 1_800_000)
  })
})

describe('reporting to the proctor', () => {
  const inProgress = (answers: number, tabSwitches = 0) => ({ state: 'in_progress', answers, tabSwitches, flags: [] })

  it('reports only once the exam has started: no reporter runs before it', async () => {
    const flow = await atNameStep()
    expect(flow.reporter.connectionRestored).toBeUndefined()
    expect(flow.log.reports).toEqual([])
    flow.actor.send({ type: 'SUBMIT_NAME', name: 'Ada Lovelace' })
    await flow.settle((s) => s.matches('exam'))
    flow.reporter.connectionRestored?.()
    expect(flow.log.reports).toEqual([inProgress(0), inProgress(0)])
  })

  it('reports the submission stored on the device as the exam is left, and nothing while it is sent', async () => {
    const { clock, log } = await sendingSubmission()
    expect(log.reports.at(-1)).toEqual({ state: 'submitted_on_device', answers: examQuestions.length, tabSwitches: 0, flags: [] })
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

describe('resuming', () => {
  it('returns to the same question, answers, tab switches and deadline', async () => {
    const attempt = examAttempt({ answers: { '1': 'A', '2': 'C' }, currentIndex: 2, tabSwitches: 4 })
    const { clock, settle, snapshot, session } = startFlow({ resume: async () => ({ kind: 'attempt', attempt }) })
    await settle((s) => s.matches('exam'))
    expect(snapshot().context).toMatchObject({ attempt, loginCode: 'ABCD1234', studentName: 'Ada Lovelace' })
    expect(session().getSnapshot().context).toMatchObject({ attempt, revision: 0, savedRevision: 0 })
    const remainingMs = () => session().getSnapshot().children.timer?.getSnapshot().context.remainingMs
    expect(remainingMs()).toBe(1_800_000)
    clock.increment(1000)
    expect(remainingMs()).toBe(1_799_000)
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

describe('an exam in progress on another device', () => {
  const elsewhere = async () => ({ outcome: 'in_progress_elsewhere', loginCode: null, exam: null }) as const

  async function atPinStep(fakes: Fakes = {}) {
    const flow = startFlow({ checkLoginCode: elsewhere, ...fakes })
    await flow.settle((s) => s.matches('codeStep'))
    flow.actor.send({ type: 'SUBMIT_CODE', code: 'abcd1234' })
    await flow.settle((s) => s.matches('pinStep'))
    return flow
  }

  it('asks for the resume PIN instead of the name when the code check says so, starting nothing', async () => {
    const { snapshot, log } = await atPinStep()
    expect(snapshot().matches({ pinStep: 'editing' })).toBe(true)
    expect(snapshot().context.error).toBeNull()
    expect(log.starts).toEqual([])
  })

  it('asks for the PIN when the questions are refused because another device has the exam', async () => {
    const flow = await atNameStep({ startExam: async () => ({ outcome: 'in_progress_elsewhere' }) })
    flow.actor.send({ type: 'SUBMIT_NAME', name: 'Ada Lovelace' })
    await flow.settle((s) => s.matches('pinStep'))
    expect(flow.context().error).toBeNull()
    // The session stays: a reload asks for the questions again and comes back to this step.
    expect(flow.log.forgotten).toBe(0)
  })

  it('refuses an empty PIN without asking the server', async () => {
    const { actor, snapshot, log } = await atPinStep()
    actor.send({ type: 'SUBMIT_PIN', pin: '  ' })
    expect(snapshot().context.error).toBe('Please enter the resume PIN your proctor gave you.')
    expect(log.resumes).toEqual([])
  })

  it('stays on the PIN step with the words for a wrong PIN', async () => {
    const { actor, settle, snapshot, log } = await atPinStep()
    actor.send({ type: 'SUBMIT_PIN', pin: '482 913' })
    await settle((s) => s.matches({ pinStep: 'editing' }) && s.context.error !== null)
    expect(log.resumes).toEqual([{ loginCode: 'ABCD1234', pin: '482 913' }])
    expect(snapshot().context.error).toBe('That resume PIN is not valid. Ask your proctor for a new one.')
  })

  it.each([
    ['used', 'This login code has already been used.'],
    ['not_in_progress', 'This exam is no longer in progress on another device. Please enter your login code again.'],
  ] as const)('goes back to the code step when the code is %s', async (outcome, message) => {
    const { actor, settle, snapshot, log } = await atPinStep({ resumeAttempt: async () => ({ outcome }) })
    actor.send({ type: 'SUBMIT_PIN', pin: '482913' })
    await settle((s) => s.matches('codeStep'))
    expect(snapshot().context.error).toBe(message)
    expect(log.forgotten).toBe(1)
  })

  it('runs the resumed attempt with its restored answers and flags, and keeps what it was resumed from for the notice', async () => {
    const attempt = examAttempt({ studentName: 'Grace Hopper', answers: { '1': 'C', '3': 'A' }, flags: [3] })
    const resumedFrom = { answers: 2, savedAt: examStart + 30_000 }
    const { actor, settle, snapshot, session, log } = await atPinStep({
      resumeAttempt: async () => ({ outcome: 'resumed', attempt, resumedFrom }),
    })
    actor.send({ type: 'SUBMIT_PIN', pin: '482913' })
    await settle((s) => s.matches('exam'))
    expect(snapshot().context).toMatchObject({ attempt, resumedFrom, studentName: 'Grace Hopper', error: null })
    expect(session().getSnapshot().context.attempt).toEqual(attempt)
    expect(log.sessions).toEqual([{ loginCode: 'ABCD1234', studentName: 'Grace Hopper' }])
  })

  it('leaves the PIN step for the code step on Back, forgetting the session', async () => {
    const { actor, snapshot, log } = await atPinStep()
    actor.send({ type: 'BACK' })
    expect(snapshot().matches('codeStep')).toBe(true)
    expect(log.forgotten).toBe(1)
  })
})

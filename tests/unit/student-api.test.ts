import { describe, expect, it } from 'vitest'
import { browserClientId } from '../../src/lib/api/client-id'
import { createPublicApi } from '../../src/lib/api/public-api'
import {
  checkLoginCode,
  classifyReportAnswer,
  classifySubmitAnswer,
  fetchExamQuestions,
  readExamSittings,
  resumeExamAttempt,
  sendAttemptReport,
} from '../../src/lib/student/student-api'
import { buildAttemptReport } from '../../src/domain/attempt-report'
import { examQuestionsRefusals, inProgressElsewhere, resumeAttemptRefusals } from '../../src/domain/student-refusals'
import { examAttempt, examStart } from './exam-fixtures'

// One client for the file; each test sets its answer.
let respond: (url: string) => Response | Promise<Response> = () => Response.json(null)
let requests: string[] = []
let lastBody: unknown
const client = createPublicApi({ supabaseUrl: 'http://api.test', supabaseAnonKey: 'anon-key' }, async (input, init) => {
  const url = input instanceof Request ? input.url : String(input)
  requests.push(url)
  lastBody = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
  return respond(url)
})

function answering(answer: (url: string) => Response | Promise<Response>) {
  respond = answer
  requests = []
}

const question = {
  id: 'c1d2e3f4-0000-4000-8000-000000000001',
  question_number: 1,
  question_text: 'What is the capital of France?',
  option_a: 'Berlin',
  option_b: 'Madrid',
  option_c: 'Paris',
  option_d: 'Rome',
}

/** Tests that `call` passes each of its function's refusals on as the server words it, and tells a dead network apart. */
function passesOnRefusals(call: () => Promise<unknown>, refusals: readonly string[]) {
  it.each(refusals)('passes on the refusal %s', async (outcome) => {
    answering(() => Response.json({ outcome }))
    expect(await call()).toEqual({ outcome })
  })

  it('tells a dead network apart', async () => {
    answering(() => {
      throw new TypeError('Failed to fetch')
    })
    expect(await call()).toEqual({ outcome: 'connection_error' })
  })
}

describe('classifySubmitAnswer', () => {
  const error = (code: string, message = 'boom') => ({ code, message, details: '', hint: '' })

  it.each([
    ['a network failure', { data: null, error: error('', 'TypeError: Failed to fetch'), status: 0 }],
    ['a gateway error', { data: null, error: error(''), status: 502 }],
    ['a server error', { data: null, error: error('XX000'), status: 500 }],
    ['a rate limit', { data: null, error: error(''), status: 429 }],
    ['a refusal of this network for too many wrong codes', { data: { outcome: 'rate_limited' }, error: null, status: 200 }],
  ])('retries %s, with the status it was answered with (0: none)', (_, answer) =>
    expect(classifySubmitAnswer(answer)).toMatchObject({ kind: 'retry', status: answer.status }),
  )

  it('refuses for good on a policy error', () => {
    expect(classifySubmitAnswer({ data: null, error: error('42501'), status: 401 })).toEqual({
      kind: 'rejected',
      rejection: { reason: 'access_denied' },
    })
  })

  it('refuses for good on another client error, with its reason', () => {
    expect(classifySubmitAnswer({ data: null, error: error('22023', 'answers must map question numbers'), status: 400 })).toEqual(
      {
        kind: 'rejected',
        rejection: { reason: 'failed', detail: 'answers must map question numbers' },
      },
    )
  })

  it.each(['code_used', 'invalid_code', 'exam_over', 'not_started'])('refuses for good when the server answers %s', (outcome) => {
    expect(classifySubmitAnswer({ data: { outcome }, error: null, status: 200 })).toEqual({
      kind: 'rejected',
      rejection: { reason: outcome },
    })
  })

  it('reads the receipt of an accepted submission', () => {
    const data = {
      outcome: 'accepted',
      submission_id: 'id-1',
      score: 42,
      total: 50,
      received_at: '2026-11-23T09:30:00Z',
      answers_fingerprint: '0123456789ab',
    }
    expect(classifySubmitAnswer({ data, error: null, status: 200 })).toEqual({
      kind: 'accepted',
      receipt: {
        submissionId: 'id-1',
        score: 42,
        total: 50,
        receivedAt: '2026-11-23T09:30:00Z',
        answersFingerprint: '0123456789ab',
      },
    })
  })

  it('refuses an answer it cannot read rather than guessing', () => {
    expect(classifySubmitAnswer({ data: { outcome: 'accepted' }, error: null, status: 200 })).toMatchObject({
      kind: 'rejected',
      rejection: { reason: 'failed' },
    })
  })
})

describe('fetchExamQuestions', () => {
  const attemptId = 'a1b2c3d4-0000-4000-8000-000000000001'
  const key = 'ab'.repeat(32)
  const started = {
    outcome: 'ok',
    questions: [question],
    duration_minutes: 30,
    extra_minutes: 15,
    window_end: '2026-11-30T09:00:00Z',
    deadline: '2026-11-23T09:45:00Z',
    server_now: '2026-11-23T09:00:00Z',
    answer_file_key: key,
  }
  const fetchQuestions = () => fetchExamQuestions('ABCD1234', attemptId, 'Ada Lovelace', client)

  it('names the attempt and the student, and keeps only the fields a student may see, even if the server sent more', async () => {
    answering(() => Response.json({ ...started, questions: [{ ...question, correct_answer: 'C' }] }))
    const answer = await fetchQuestions()
    expect(lastBody).toEqual({ code: 'ABCD1234', attempt_id: attemptId, student_name: 'Ada Lovelace' })
    expect(requests).toEqual(['http://api.test/rest/v1/rpc/exam_questions'])
    expect(answer).toEqual({
      outcome: 'ok',
      // A server before migration 20261124001010 sends no option order: shown as stored.
      questions: [{ ...question, option_order: 'ABCD' }],
      durationMinutes: 30,
      extraMinutes: 15,
      deadline: '2026-11-23T09:45:00Z',
      serverNow: '2026-11-23T09:00:00Z',
      answerFileKey: key,
      // A server before several exams names no exam, and one before issue 27 not the stored code.
      examName: null,
      loginCode: null,
    })
  })

  it('keeps the name of the code’s exam and the code as the server stores it', async () => {
    answering(() => Response.json({ ...started, exam_name: 'Mathematics', sitting_name: 'Morning', login_code: 'ABCDOIL4' }))
    expect(await fetchQuestions()).toMatchObject({ outcome: 'ok', examName: 'Mathematics', loginCode: 'ABCDOIL4' })
  })

  it('keeps each question’s option order, and refuses one that is no order of A to D', async () => {
    answering(() => Response.json({ ...started, questions: [{ ...question, option_order: 'DBCA' }] }))
    expect(await fetchQuestions()).toMatchObject({ questions: [{ ...question, option_order: 'DBCA' }] })
    answering(() => Response.json({ ...started, questions: [{ ...question, option_order: 'AABC' }] }))
    await expect(fetchQuestions()).rejects.toThrow(/unexpected shape/)
  })

  passesOnRefusals(fetchQuestions, [...examQuestionsRefusals, inProgressElsewhere])

  it('throws on other failures', async () => {
    answering(() => Response.json({ message: 'boom' }, { status: 500 }))
    await expect(fetchQuestions()).rejects.toThrow('boom')
    answering(() => Response.json({ outcome: 'ok', questions: [{ id: 1 }] }))
    await expect(fetchQuestions()).rejects.toThrow(/unexpected shape/)
  })

  it.each([
    ['no deadline', { deadline: undefined }],
    ['a deadline that is no time', { deadline: 'soon' }],
    ['no answer-file key', { answer_file_key: undefined }],
    ['a key that is not 32 bytes of hex', { answer_file_key: 'xyz' }],
  ])('refuses a start with %s rather than guessing', async (_name, fields) => {
    answering(() => Response.json({ ...started, ...fields }))
    await expect(fetchQuestions()).rejects.toThrow(/unexpected shape/)
  })
})

describe('classifyReportAnswer', () => {
  const error = (code: string, message = 'boom') => ({ code, message, details: '', hint: '' })

  it('reads the deadline the server sent back for a delivered report', () => {
    expect(classifyReportAnswer({ data: { outcome: 'ok', deadline: '2026-11-23T09:45:00Z' }, error: null, status: 200 })).toEqual(
      {
        kind: 'delivered',
        deadline: '2026-11-23T09:45:00Z',
      },
    )
  })

  it('reads that the attempt continues on another device', () => {
    expect(
      classifyReportAnswer({ data: { outcome: 'moved', moved_at: '2026-11-23T09:20:00Z' }, error: null, status: 200 }),
    ).toEqual({ kind: 'moved', movedAt: '2026-11-23T09:20:00Z' })
    expect(classifyReportAnswer({ data: { outcome: 'moved' }, error: null, status: 200 }).kind).toBe('dropped')
  })

  it.each([
    ['a network failure', { data: null, error: error('', 'TypeError: Failed to fetch'), status: 0 }],
    ['a server error', { data: null, error: error('XX000'), status: 500 }],
    ['a refusal of this network for too many wrong codes', { data: { outcome: 'rate_limited' }, error: null, status: 200 }],
  ])('tries again after %s', (_, answer) => expect(classifyReportAnswer(answer).kind).toBe('retry'))

  it.each([
    ['an attempt the server does not know', { data: { outcome: 'invalid' }, error: null, status: 200 }],
    ['a closed window', { data: { outcome: 'exam_closed' }, error: null, status: 200 }],
    ['a report out of bounds', { data: null, error: error('22023', 'answered_count is more'), status: 400 }],
    ['an answer it cannot read', { data: { outcome: 'ok' }, error: null, status: 200 }],
  ])('drops a report after %s', (_, answer) => expect(classifyReportAnswer(answer).kind).toBe('dropped'))
})

describe('sendAttemptReport', () => {
  it('sends the answers the device holds with the progress, as submit_exam takes them', async () => {
    answering(() => Response.json({ outcome: 'ok', deadline: '2026-11-23T09:30:00Z', server_now: '2026-11-23T09:05:00Z' }))
    const attempt = examAttempt({ answers: { '1': 'B', '3': 'D' }, flags: [3], tabSwitches: 2 })
    const report = buildAttemptReport(attempt, 'in_progress', examStart + 30_000, true, true)
    expect(await sendAttemptReport(report, client)).toEqual({ kind: 'delivered', deadline: '2026-11-23T09:30:00Z' })
    expect(requests).toEqual(['http://api.test/rest/v1/rpc/report_exam_attempt'])
    expect(lastBody).toEqual({
      attempt_id: attempt.id,
      code: 'ABCD1234',
      answered_count: 2,
      tab_switches: 2,
      state: 'in_progress',
      online: true,
      reported_at: '2026-11-23T09:00:30.000Z',
      storage_persistent: true,
      answers: { '1': 'B', '3': 'D' },
      flags: [3],
    })
    expect(JSON.stringify(lastBody).length).toBeLessThan(1024)
  })

  it('sends a report an older app stored without answers as it was, leaving the server’s copy alone', async () => {
    answering(() => Response.json({ outcome: 'ok', deadline: '2026-11-23T09:30:00Z', server_now: '2026-11-23T09:05:00Z' }))
    const { answers: _answers, ...stored } = buildAttemptReport(examAttempt(), 'in_progress', examStart, true, null)
    await sendAttemptReport(stored, client)
    expect(lastBody).not.toHaveProperty('answers')
    expect(lastBody).not.toHaveProperty('storage_persistent')
  })
})

describe('checkLoginCode and readExamSittings', () => {
  it('reads the code status a server before several exams answers, without an exam', async () => {
    answering(() => Response.json('used'))
    expect(await checkLoginCode('ABCD1234', undefined, client)).toEqual({ outcome: 'used', loginCode: null, exam: null })
    answering(() => Response.json('rate_limited'))
    expect(await checkLoginCode('ABCD1234', undefined, client)).toEqual({ outcome: 'rate_limited', loginCode: null, exam: null })
  })

  it('reads the code’s exam and the sitting it would start in', async () => {
    const sitting = {
      name: 'Afternoon',
      start_time: '2026-11-23T13:00:00Z',
      end_time: '2026-11-23T15:00:00Z',
      duration_minutes: 45,
    }
    answering(() => Response.json({ outcome: 'exam_closed', login_code: 'ABCD1234', exam: { name: 'Mathematics', sitting } }))
    expect(await checkLoginCode('ABCD1234', undefined, client)).toEqual({
      outcome: 'exam_closed',
      loginCode: 'ABCD1234',
      exam: {
        name: 'Mathematics',
        sitting: { exam_name: 'Afternoon', start_time: sitting.start_time, end_time: sitting.end_time, duration_minutes: 45 },
      },
    })
    answering(() => Response.json({ outcome: 'valid', exam: { name: 'Physics', sitting: null } }))
    expect(await checkLoginCode('ABCD1234', undefined, client)).toEqual({
      outcome: 'valid',
      loginCode: null,
      exam: { name: 'Physics', sitting: null },
    })
    answering(() => Response.json({ outcome: 'invalid' }))
    expect(await checkLoginCode('ABCD1234', undefined, client)).toEqual({ outcome: 'invalid', loginCode: null, exam: null })
  })

  it('reads a code whose exam is in progress on another device, with its exam', async () => {
    answering(() =>
      Response.json({ outcome: 'in_progress_elsewhere', login_code: 'ID7DGZBO', exam: { name: 'Physics', sitting: null } }),
    )
    expect(await checkLoginCode('1D7DGZB0', undefined, client)).toEqual({
      outcome: 'in_progress_elsewhere',
      loginCode: 'ID7DGZBO',
      exam: { name: 'Physics', sitting: null },
    })
  })

  it('refuses a status it does not know', async () => {
    answering(() => Response.json({ outcome: 'maybe' }))
    await expect(checkLoginCode('ABCD1234', undefined, client)).rejects.toThrow('Unexpected code status')
  })

  it('reads every active sitting with its exam’s name and size, leaving out a sitting whose exam students no longer see', async () => {
    const sitting = (exam_id: string, exam_name: string) => ({
      exam_id,
      exam_name,
      start_time: '2026-11-23T09:00:00Z',
      end_time: '2026-11-23T11:00:00Z',
      duration_minutes: 30,
      created_at: '2026-11-20T09:00:00Z',
    })
    const sittings = [sitting('e1', 'Morning'), sitting('e2', 'Hall'), sitting('archived', 'Old')]
    const answers: Record<string, unknown> = {
      '/rest/v1/exams': [
        { id: 'e1', name: 'Mathematics' },
        { id: 'e2', name: 'Physics' },
      ],
      '/rest/v1/exam_schedule': sittings,
      // Physics has no size: it counts as unknown.
      '/rest/v1/rpc/exam_sizes': [{ exam_id: 'e1', question_count: 42 }],
    }
    answering((url) => Response.json(answers[new URL(url).pathname]))
    expect(await readExamSittings(undefined, client)).toEqual([
      { ...sittings[0], exam: 'Mathematics', question_count: 42 },
      { ...sittings[1], exam: 'Physics', question_count: null },
    ])
    const asked = Object.fromEntries(
      requests.map((request) => [new URL(request).pathname, Object.fromEntries(new URL(request).searchParams)]),
    )
    expect(asked).toEqual({
      '/rest/v1/exam_schedule': {
        select: 'exam_id,exam_name,start_time,end_time,duration_minutes,created_at',
        is_active: 'eq.true',
        order: 'created_at.desc',
      },
      '/rest/v1/exams': { select: 'id,name' },
      '/rest/v1/rpc/exam_sizes': {},
    })
  })

  it('still reads the sittings from a server that cannot say the exams’ sizes', async () => {
    const sitting = {
      exam_id: 'e1',
      exam_name: 'Morning',
      start_time: '2026-11-23T09:00:00Z',
      end_time: '2026-11-23T11:00:00Z',
      duration_minutes: 30,
      created_at: '2026-11-20T09:00:00Z',
    }
    answering((url) => {
      const path = new URL(url).pathname
      if (path === '/rest/v1/rpc/exam_sizes') return Response.json({ message: 'no such function' }, { status: 404 })
      return Response.json(path === '/rest/v1/exams' ? [{ id: 'e1', name: 'Mathematics' }] : [sitting])
    })
    expect(await readExamSittings(undefined, client)).toEqual([{ ...sitting, exam: 'Mathematics', question_count: null }])
  })
})

describe('the browser id sent with every student request', () => {
  it('is the same id, kept in storage, on every request and every client made in this browser', async () => {
    const storageOf = (stored = new Map<string, string>()) => ({
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
    })
    const storage = storageOf()
    const sent: Array<string | null> = []
    const fetchRecording = async (_input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(new Headers(init?.headers).get('x-holdfast-client'))
      return Response.json('valid')
    }
    const config = { supabaseUrl: 'http://api.test', supabaseAnonKey: 'anon-key' }
    await checkLoginCode('ABCD1234', undefined, createPublicApi(config, fetchRecording, browserClientId(storage)))
    await checkLoginCode('ABCD1234', undefined, createPublicApi(config, fetchRecording, browserClientId(storage)))
    expect(sent[0]).toMatch(/^[0-9a-f]{32}$/)
    expect(sent[1]).toBe(sent[0])
    expect(browserClientId(storageOf())).not.toBe(sent[0])
  })

  it('lasts the page when storage refuses', () => {
    const refusing = {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError')
      },
      setItem: () => undefined,
    }
    expect(browserClientId(refusing)).toMatch(/^[0-9a-f]{32}$/)
  })
})

describe('resumeExamAttempt', () => {
  const attemptId = 'a1b2c3d4-0000-4000-8000-000000000002'
  const key = 'cd'.repeat(32)
  const resumed = {
    outcome: 'ok',
    questions: [{ ...question, option_order: 'DCBA' }],
    duration_minutes: 30,
    extra_minutes: 0,
    window_end: '2026-11-30T09:00:00Z',
    deadline: '2026-11-23T09:30:00Z',
    server_now: '2026-11-23T09:12:00Z',
    answer_file_key: key,
    exam_name: 'Physics',
    sitting_name: 'Main hall',
    student_name: 'Ada Lovelace',
    login_code: 'ABCD1234',
    restored: { answers: { '1': 'C' }, flags: [1], saved_at: '2026-11-23T09:10:30Z' },
  }
  const resume = () => resumeExamAttempt('ABCD1234', '482 913', attemptId, client)

  it('sends the code, the PIN as typed and the new attempt, and reads the exam with the server’s copy', async () => {
    answering(() => Response.json(resumed))
    const answer = await resume()
    expect(requests).toEqual(['http://api.test/rest/v1/rpc/resume_exam_attempt'])
    expect(lastBody).toEqual({ code: 'ABCD1234', pin: '482 913', attempt_id: attemptId })
    expect(answer).toEqual({
      outcome: 'ok',
      questions: [{ ...question, option_order: 'DCBA' }],
      durationMinutes: 30,
      extraMinutes: 0,
      deadline: '2026-11-23T09:30:00Z',
      serverNow: '2026-11-23T09:12:00Z',
      answerFileKey: key,
      examName: 'Physics',
      loginCode: 'ABCD1234',
      studentName: 'Ada Lovelace',
      restored: { answers: { '1': 'C' }, flags: [1], savedAt: '2026-11-23T09:10:30Z' },
    })
  })

  it('reads a copy the server never received (nothing saved yet)', async () => {
    answering(() => Response.json({ ...resumed, restored: { answers: {}, flags: [], saved_at: null } }))
    expect(await resume()).toMatchObject({ restored: { answers: {}, flags: [], savedAt: null } })
  })

  it.each([
    ['a letter that is no answer', { answers: { '1': 'E' }, flags: [], saved_at: null }],
    ['a flag that is no question number', { answers: {}, flags: [51], saved_at: null }],
  ])('refuses a copy with %s rather than guessing', async (_name, restored) => {
    answering(() => Response.json({ ...resumed, restored }))
    await expect(resume()).rejects.toThrow(/unexpected shape/)
  })

  passesOnRefusals(resume, resumeAttemptRefusals)
})

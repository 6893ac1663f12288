import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { adminClient, anonClient, serviceClient, signedInClient, stack } from './clients.ts'
import {
  allQuestions,
  hour,
  isUsableMcq,
  isoFromNow,
  loginCodesPerFile,
  minute,
  moveSubmissionPastItsExam,
  must,
  readCode,
  startedSubmission,
  submissionsFor,
  submitExamArgs,
  succeeded,
  withEveryAttemptOver,
  withEveryExamOver,
  withNoSolutionsShownSince,
  withOnlySchedule,
  type Question,
} from './exam-data.ts'

/**
 * The holes of the outside review that live in the database (migration 20261124000100), probed
 * as an attacker would, through the API: the answer key through error details, tab switches
 * taken back by a new submission id, an administrator's token after sign-out, client timings
 * stored as given, and solutions handed out while the room is still writing.
 */

const anon = anonClient()
const service = serviceClient()
const { newCode } = loginCodesPerFile()

/** The raw body of a call to an RPC, as any HTTP client (not only supabase-js) would see it. */
async function rpcBody(fn: string, args: object, token = stack.anonKey): Promise<{ status: number; body: string }> {
  const response = await fetch(`${stack.url}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(args),
  })
  return { status: response.status, body: await response.text() }
}

let probe: Question
const wrongLetter = (q: Question) => ['A', 'B', 'C', 'D'].find((l) => l !== q.correct_answer) as string

beforeAll(async () => {
  const usable = (await allQuestions()).filter(isUsableMcq)
  probe = usable[0] as Question
  expect(probe).toBeDefined()
})

describe('the answer key through a refused submission', () => {
  // Each argument out of its bounds, as the review's attacker sent them.
  const hostileFields: Array<[string, Record<string, unknown>]> = [
    ['time_taken over a day', { time_taken: 86_401 }],
    ['a negative time_taken', { time_taken: -1 }],
    ['no time_taken', { time_taken: null }],
    ['a negative tab count', { tab_switches: -1 }],
    ['a tab count over its bound', { tab_switches: 100_001 }],
    ['a one-letter name', { student_name: 'A' }],
    ['a 201-character name', { student_name: 'N'.repeat(201) }],
    ['no name', { student_name: null }],
    ['an endless start', { started_at: '-infinity' }],
    ['an endless submission moment', { submitted_at: 'infinity' }],
    ['no submission id', { submission_id: null }],
  ]

  it.each(hostileFields)(
    'answers %s identically for a right and a wrong answer, and leaves the code unused',
    async (_, fields) => {
      const code = await newCode()
      const call = (letter: string) =>
        rpcBody('submit_exam', submitExamArgs(code, { answers: { [probe.question_number]: letter }, ...fields }))
      const right = await call(probe.correct_answer)
      const wrong = await call(wrongLetter(probe))
      expect(right.status).toBe(400)
      expect(right).toEqual(wrong)
      expect(JSON.parse(right.body)).toMatchObject({ code: '22023', details: null, hint: null })
      expect(right.body).not.toMatch(/score|Failing row|correct/i)
      expect(await readCode(code)).toMatchObject({ is_used: false })
      expect(await submissionsFor(code)).toEqual([])
    },
  )

  // Every function anon may execute (local-stack.test.ts pins that there are exactly these five),
  // with arguments no app would send: no answer may carry a detail, a score or an answer.
  const hostileCalls: Array<[string, (code: string) => object]> = [
    ['check_login_code', () => ({ code: 'x'.repeat(10_000) })],
    ['check_login_code', () => ({ code: null })],
    ['exam_questions', (code) => ({ code, attempt_id: randomUUID(), student_name: 'N'.repeat(201) })],
    ['exam_questions', (code) => ({ code, attempt_id: 'not-a-uuid' })],
    ['lookup_result', () => ({ code: '\u0000' })],
    ['lookup_result', (code) => ({ code: `${code}' or 1=1 --` })],
    [
      'report_exam_attempt',
      (code) => ({
        attempt_id: randomUUID(),
        code,
        answered_count: -5,
        tab_switches: 0,
        state: 'in_progress',
        online: true,
        reported_at: null,
      }),
    ],
    [
      'report_exam_attempt',
      (code) => ({
        attempt_id: randomUUID(),
        code,
        answered_count: 1,
        tab_switches: 0,
        state: 'received',
        online: true,
        reported_at: null,
      }),
    ],
    ['submit_exam', (code) => submitExamArgs(code, { answers: { [probe.question_number]: probe.correct_answer, '0': 'A' } })],
    ['submit_exam', (code) => submitExamArgs(code, { answers: [probe.correct_answer] as never })],
    ['submit_exam', (code) => submitExamArgs(code, { time_taken: (2 ** 40) as never })],
  ]

  it.each(hostileCalls)('%s answers hostile arguments without a detail, a score or an answer', async (fn, args) => {
    const code = await newCode()
    const { status, body } = await rpcBody(fn, args(code))
    expect(status === 200 || status === 400, `${status} ${body}`).toBe(true)
    expect(body).not.toMatch(/Failing row|"score"|correct_answer/)
    if (status !== 200) expect(JSON.parse(body)).toMatchObject({ details: null, hint: null })
    expect(await readCode(code)).toMatchObject({ is_used: false })
  })

  it('strips the detail from an error the student functions did not raise themselves', async () => {
    // A stray submission row for a code set unused again: the insert meets the unique key.
    const code = await newCode()
    const stray = await startedSubmission(code)
    expect(must(await anon.rpc('submit_exam', stray))).toMatchObject({ outcome: 'accepted' })
    succeeded(await service.from('login_codes').update({ is_used: false, used_by: null, used_at: null }).eq('code', code))
    const { status, body } = await rpcBody(
      'submit_exam',
      submitExamArgs(code, { answers: { [probe.question_number]: probe.correct_answer } }),
    )
    expect(status).toBe(409)
    expect(JSON.parse(body)).toMatchObject({ code: '23505', details: null, hint: null })
    expect(body).not.toContain(code)
  })
})

describe('a student function called by GET', () => {
  // PostgREST runs a GET in a read-only transaction: recording a failed guess would fail for an
  // unknown code only, telling live codes from invalid ones without counting a guess.
  it.each([
    ['check_login_code', (code: string) => `code=${code}`],
    ['exam_questions', (code: string) => `code=${code}`],
    ['lookup_result', (code: string) => `code=${code}`],
  ])('%s answers a live and an unknown code alike, and counts nothing', async (fn, query) => {
    const live = await newCode()
    const call = async (code: string) => {
      const response = await fetch(`${stack.url}/rest/v1/rpc/${fn}?${query(code)}`, { headers: { apikey: stack.anonKey } })
      return { status: response.status, body: await response.text() }
    }
    const [forLive, forUnknown] = [await call(live), await call('ZZZZZZZZ')]
    expect(forLive).toEqual(forUnknown)
    expect(forLive.status).toBe(405)
    expect(await readCode(live)).toMatchObject({ is_used: false })
    expect(must(await service.from('exam_attempts').select('id').eq('login_code', live))).toEqual([])
  })
})

/** A device starting the exam with its own attempt id. */
async function start(code: string, attemptId = randomUUID()): Promise<string> {
  const answer = must(await anon.rpc('exam_questions', { code, attempt_id: attemptId, student_name: 'Ada Lovelace' }))
  expect(answer).toMatchObject({ outcome: 'ok' })
  return attemptId
}

async function report(
  code: string,
  attemptId: string,
  tabSwitches: number,
  state: 'in_progress' | 'submitted_on_device' = 'in_progress',
): Promise<void> {
  const answer = must(
    await anon.rpc('report_exam_attempt', {
      attempt_id: attemptId,
      code,
      answered_count: 0,
      tab_switches: tabSwitches,
      state,
      online: true,
      reported_at: new Date().toISOString(),
    }),
  )
  expect(answer).toMatchObject({ outcome: 'ok' })
}

describe('tab switches', () => {
  it('keeps the most ever reported for the code when the submission comes under a new id with fewer', async () => {
    const code = await newCode()
    const attemptId = await start(code)
    await report(code, attemptId, 7)
    const receipt = must(await anon.rpc('submit_exam', submitExamArgs(code, { tab_switches: 0 })))
    expect(receipt).toMatchObject({ outcome: 'accepted' })
    expect((await submissionsFor(code))[0]?.tab_switches).toBe(7)
    const attempts = must(await service.from('exam_attempts').select('tab_switches').eq('login_code', code))
    expect(attempts).toEqual([{ tab_switches: 7 }])
  })

  it("takes the submission's own count when it is the highest", async () => {
    const code = await newCode()
    const attemptId = await start(code)
    await report(code, attemptId, 2)
    must(await anon.rpc('submit_exam', submitExamArgs(code, { submission_id: attemptId, tab_switches: 9 })))
    expect((await submissionsFor(code))[0]?.tab_switches).toBe(9)
  })
})

describe('timings of a submission with a recorded start', () => {
  it("stores the server's start and time taken, and keeps the device's claim beside them", async () => {
    const code = await newCode()
    const attemptId = await start(code)
    const tenMinutesAgo = isoFromNow(-10 * minute)
    const [row] = must(
      await service
        .from('exam_attempts')
        .update({ started_at: tenMinutesAgo, deadline: isoFromNow(20 * minute) })
        .eq('id', attemptId)
        .select(),
    )
    const claimedStart = isoFromNow(-minute)
    must(
      await anon.rpc(
        'submit_exam',
        submitExamArgs(code, {
          submission_id: attemptId,
          started_at: claimedStart,
          time_taken: 5,
          submitted_at: new Date().toISOString(),
        }),
      ),
    )
    const [stored] = await submissionsFor(code)
    expect(Date.parse(stored?.started_at as string)).toBe(Date.parse(row?.started_at as string))
    expect(stored?.time_taken).toBeGreaterThanOrEqual(10 * 60 - 5)
    expect(stored?.time_taken).toBeLessThanOrEqual(10 * 60 + 60)
    expect(stored).toMatchObject({ device_time_taken: 5 })
    expect(Date.parse(stored?.device_started_at as string)).toBe(Date.parse(claimedStart))
  })
})

describe('an administrator who signed out', () => {
  it('loses access with the old access token at once, on tables and on the recovery function', async () => {
    const client = await signedInClient(stack.adminEmail, stack.adminPassword)
    const { data } = await client.auth.getSession()
    const token = data.session?.access_token as string
    // A code of this test's own: what the administrator reads does not depend on codes other files left.
    const code = await newCode()
    const read = () =>
      fetch(`${stack.url}/rest/v1/login_codes?select=code&code=eq.${code}`, {
        headers: { apikey: stack.anonKey, Authorization: `Bearer ${token}` },
      }).then((r) => r.json())
    expect(await read()).toEqual([{ code }])

    expect((await client.auth.signOut()).error).toBeNull()
    expect(await read()).toEqual([])
    const recovery = await rpcBody('recover_submission_from_file', { file: {} }, token)
    expect(recovery.status).toBe(403)
    expect(JSON.parse(recovery.body)).toMatchObject({ code: '42501' })

    // Another session of the same administrator is untouched.
    const other = await adminClient()
    expect(must(await other.from('login_codes').select('code').eq('code', code))).toEqual([{ code }])
  })
})

describe('detailed solutions', () => {
  type Lookup = { outcome: string; solutions: unknown; solutions_available: boolean; solutions_release_at: string | null }
  const lookup = async (code: string) => must(await anon.rpc('lookup_result', { code })) as unknown as Lookup

  /** Starts `code` and submits it as its device does (the attempt id as submission id, stamped now). */
  async function submitted(code: string, fields = {}): Promise<string> {
    const attemptId = await start(code)
    const args = submitExamArgs(code, {
      submission_id: attemptId,
      answers: { [probe.question_number]: probe.correct_answer },
      submitted_at: isoFromNow(0),
      ...fields,
    })
    expect(must(await anon.rpc('submit_exam', args))).toMatchObject({ outcome: 'accepted' })
    return args.submission_id
  }

  function expectHeld(result: Lookup, notBefore: string) {
    expect(result).toMatchObject({ outcome: 'ok', solutions_available: false, solutions: null })
    expect(Date.parse(result.solutions_release_at as string)).toBeGreaterThanOrEqual(Date.parse(notBefore) + 2 * minute)
    expect(JSON.stringify(result)).not.toMatch(/correct_answer|question_text/)
  }

  it('are held while the window is open for the rest of the room, and say when they come', async () => {
    const end = isoFromNow(hour)
    await withOnlySchedule({ start_time: isoFromNow(-hour), end_time: end }, async () => {
      const code = await newCode()
      await submitted(code)
      expectHeld(await lookup(code), end)
    })
  })

  it('are held after the window for a student whose extra time has not run out', async () => {
    const code = await newCode()
    const extraTime = await newCode({ extra_minutes: 90 })
    const end = isoFromNow(-10 * minute)
    await withEveryAttemptOver(() =>
      withOnlySchedule({ start_time: isoFromNow(-2 * hour), end_time: isoFromNow(30 * minute) }, async (schedule) => {
        const submissionId = await submitted(code)
        succeeded(await service.from('exam_schedule').update({ end_time: end }).eq('id', schedule.id))
        await moveSubmissionPastItsExam(submissionId)
        const held = await lookup(code)
        expectHeld(held, end)
        expect(Date.parse(held.solutions_release_at as string)).toBeGreaterThanOrEqual(Date.parse(end) + 90 * minute)

        // That student is done: the room is over, the solutions come.
        succeeded(await service.from('login_codes').update({ extra_minutes: 0 }).eq('code', extraTime))
        expect(await lookup(code)).toMatchObject({ solutions_available: true, solutions_release_at: null })
      }),
    )
  })

  it.each(['in_progress', 'submitted_on_device'] as const)(
    'are held while an attempt started in the window has no submission, its device reporting %s',
    async (state) => {
      const code = await newCode()
      const writing = await newCode()
      await withEveryAttemptOver(() =>
        withOnlySchedule({ start_time: isoFromNow(-2 * hour), end_time: isoFromNow(30 * minute) }, async (schedule) => {
          const attemptId = await start(writing)
          await report(writing, attemptId, 0, state)
          await moveSubmissionPastItsExam(await submitted(code))
          const deadline = isoFromNow(15 * minute)
          succeeded(await service.from('exam_attempts').update({ deadline }).eq('id', attemptId))
          succeeded(
            await service
              .from('exam_schedule')
              .update({ end_time: isoFromNow(-5 * minute) })
              .eq('id', schedule.id),
          )
          expectHeld(await lookup(code), deadline)

          succeeded(
            await service
              .from('exam_attempts')
              .update({ deadline: isoFromNow(-5 * minute) })
              .eq('id', attemptId),
          )
          expect(await lookup(code)).toMatchObject({ solutions_available: true })
        }),
      )
    },
  )

  it('are held for a submission that claims a start long before its recorded one', async () => {
    const end = isoFromNow(hour)
    await withOnlySchedule({ start_time: isoFromNow(-hour), end_time: end }, async () => {
      const code = await newCode()
      await submitted(code, { answers: {}, started_at: '2000-01-01T00:00:00Z' })
      expectHeld(await lookup(code), end)
      const [stored] = await submissionsFor(code)
      expect(Date.parse(stored?.started_at as string)).toBeGreaterThanOrEqual(Date.parse(isoFromNow(-hour)) - 3 * minute)
    })
  })

  it('are held after the window for a student who started late on extra time, while another may still start', async () => {
    const end = isoFromNow(-10 * minute)
    // A first start after the window's end is refused once a key of the sitting was shown (any
    // file's lookups show keys): this one is about the release of a student who may start.
    const opened = isoFromNow(-2 * hour)
    await withNoSolutionsShownSince(opened, () =>
      withOnlySchedule({ start_time: opened, end_time: end }, async () => {
        const late = await newCode({ extra_minutes: 60 })
        await newCode({ extra_minutes: 180 })
        const attemptId = await start(late)
        must(await anon.rpc('submit_exam', submitExamArgs(late, { submission_id: attemptId, submitted_at: isoFromNow(0) })))
        const held = await lookup(late)
        expectHeld(held, end)
        expect(Date.parse(held.solutions_release_at as string)).toBeGreaterThanOrEqual(Date.parse(end) + 180 * minute)
      }),
    )
  })

  it('come once the exam is over for everyone', async () => {
    const code = await newCode()
    await moveSubmissionPastItsExam(await submitted(code))
    const result = await withEveryExamOver(() => lookup(code))
    expect(result).toMatchObject({ solutions_available: true, solutions_release_at: null })
    expect(JSON.stringify(result.solutions)).toContain('correct_answer')
  })
})

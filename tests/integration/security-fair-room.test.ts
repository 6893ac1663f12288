import { createHash, createHmac, randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database, Tables } from '../../src/lib/api/database.types.ts'
import { adminClient, anonClient, nonAdminClient, serviceClient, stack } from './clients.ts'
import {
  attemptsEndedAfterEachTest,
  everyTable,
  hour,
  isoFromNow,
  loginCodesPerFile,
  minute,
  moveSubmissionPastItsExam,
  must,
  readCode,
  startExam,
  startedSubmission,
  submissionsFor,
  submitExamArgs,
  succeeded,
  withQuestionBankRestored,
  withEveryExamOver,
  withQuestions,
  withSchedule,
  codeStatus,
} from './exam-data.ts'
import { subscribe, type Binding } from './realtime-subscriptions.ts'

/**
 * The security review of the fair exam room (issue 14), the scores out of the questions served
 * (migration 20261124000600), the activity log (issue 15) and the local stack's parameters written
 * into SQL as literals, probed as a student (the anon key and a login code), as an outsider, as a
 * signed-in non-administrator and, for the append-only log, as an administrator: through
 * /rest/v1 (GET, HEAD, POST, PATCH, DELETE), the RPCs and Realtime.
 */

type Client = SupabaseClient<Database>
type Served = { question_number: number; option_order: string } & Record<string, unknown>
type Started = { outcome: string; questions: Served[]; answer_file_key: string } & Record<string, unknown>
type Entry = Tables<'audit_log'>

const anon = anonClient()
const service = serviceClient()
let admin: Client
let nonAdmin: Client
let adminToken: string
let nonAdminToken: string
const { newCode } = loginCodesPerFile()
const started = attemptsEndedAfterEachTest()
const clients: Client[] = []

beforeAll(async () => {
  admin = await adminClient()
  nonAdmin = await nonAdminClient()
  adminToken = await accessToken(admin)
  nonAdminToken = await accessToken(nonAdmin)
})

afterAll(async () => {
  for (const client of clients) await client.removeAllChannels()
})

async function accessToken(client: Client): Promise<string> {
  const token = (await client.auth.getSession()).data.session?.access_token
  if (!token) throw new Error('no session')
  return token
}

interface Reply {
  status: number
  body: string
  headers: Headers
}

/** A request to /rest/v1 as any HTTP client could send it. */
async function rest(
  method: string,
  path: string,
  { token = stack.anonKey, headers = {}, body }: { token?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Reply> {
  const response = await fetch(`${stack.url}/rest/v1/${path}`, {
    method,
    headers: {
      apikey: stack.anonKey,
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { status: response.status, body: await response.text(), headers: response.headers }
}

/** A shuffling window of its own: only this file's attempts are in the current schedule. */
const shufflingWindow = () => ({
  start_time: isoFromNow(-minute),
  end_time: isoFromNow(2 * hour),
  duration_minutes: 60,
  shuffle_questions: true,
  shuffle_options: true,
})

async function start(code: string): Promise<Started> {
  const attemptId = randomUUID()
  started.push(attemptId)
  const answer = must(await anon.rpc('exam_questions', { code, attempt_id: attemptId, student_name: 'Ada Lovelace' })) as Started
  expect(answer.outcome).toBe('ok')
  return answer
}

/** `items` sorted by sha256(key ‖ 'holdfast-shuffle/' ‖ label), as the order's derivation says. */
function rankedBy<T>(key: Buffer, items: T[], label: (item: T) => string): T[] {
  const rank = (item: T) =>
    createHash('sha256')
      .update(Buffer.concat([key, Buffer.from(`holdfast-shuffle/${label(item)}`, 'utf8')]))
      .digest('hex')
  return [...items].sort((a, b) => (rank(a) < rank(b) ? -1 : rank(a) > rank(b) ? 1 : 0))
}

describe('the snapshot, its order and the room’s time, to anyone not an administrator', () => {
  const hiddenTables = ['attempt_questions', 'room_time_additions', 'audit_log'] as const

  it.each(hiddenTables)('refuses %s to anon by GET, by HEAD with a count and through a filter on the answer', async (table) => {
    const filter = table === 'attempt_questions' ? '&correct_answer=eq.A' : ''
    for (const method of ['GET', 'HEAD']) {
      const reply = await rest(method, `${table}?select=*${filter}`, { headers: { Prefer: 'count=exact' } })
      expect(reply.status, `${method} ${table}`).toBe(401)
      expect(reply.headers.get('content-range')).toBeNull()
      if (method === 'GET') expect(JSON.parse(reply.body)).toMatchObject({ code: '42501', details: null, hint: null })
    }
  })

  it.each(hiddenTables)('shows a signed-in non-administrator no row and a count of 0 of %s', async (table) => {
    const code = await newCode()
    await withSchedule(shufflingWindow(), async () => {
      await start(code)
      succeeded(await admin.rpc('add_time_for_everyone', { minutes: 1 }))
      const seen = await admin.from(table).select('*', { count: 'exact', head: true })
      expect(seen.error).toBeNull()
      expect(seen.count).toBeGreaterThan(0)
      const read = await rest('GET', `${table}?select=*`, { token: nonAdminToken, headers: { Prefer: 'count=exact' } })
      expect(read.status).toBe(200)
      expect(JSON.parse(read.body)).toEqual([])
      expect(read.headers.get('content-range')).toBe('*/0')
      const head = await rest('HEAD', `${table}?select=*`, { token: nonAdminToken, headers: { Prefer: 'count=exact' } })
      expect(head.headers.get('content-range')).toBe('*/0')
    })
  })

  it('never writes the snapshot or the room’s time for anon or a non-administrator, by POST, PATCH, DELETE or upsert', async () => {
    const code = await newCode()
    await withSchedule(shufflingWindow(), async () => {
      await start(code)
      const before = must(await service.from('attempt_questions').select('*').eq('login_code', code).order('position'))
      for (const token of [stack.anonKey, nonAdminToken]) {
        const row = { ...before[0], correct_answer: 'A', option_order: 'ABCD', position: 99 }
        const writes = [
          await rest('POST', 'attempt_questions', { token, body: row }),
          await rest('POST', 'attempt_questions', { token, body: row, headers: { Prefer: 'resolution=merge-duplicates' } }),
          await rest('PATCH', `attempt_questions?login_code=eq.${code}`, { token, body: { correct_answer: 'A' } }),
          await rest('DELETE', `attempt_questions?login_code=eq.${code}`, { token }),
          await rest('POST', 'room_time_additions', { token, body: { minutes: 5, login_codes: [code] } }),
        ]
        for (const write of writes) expect([401, 403], write.body).toContain(write.status)
      }
      expect(must(await service.from('attempt_questions').select('*').eq('login_code', code).order('position'))).toEqual(before)
    })
  })

  it('serves a shuffled exam whose order comes from the code’s secret key alone, never from the answer key', async () => {
    const code = await newCode()
    await withSchedule(shufflingWindow(), async () => {
      const exam = await start(code)
      expect(JSON.stringify(exam)).not.toMatch(/correct/i)
      const key = Buffer.from(exam.answer_file_key, 'hex')
      // The questions' order and each question's options' order are the ranks of the key and of
      // labels that hold no answer, so they say nothing of which option is right.
      const numbers = exam.questions.map((q) => q.question_number)
      expect(numbers).toEqual(
        rankedBy(
          key,
          [...numbers].sort((a, b) => a - b),
          (n) => `question:${n}`,
        ),
      )
      for (const question of exam.questions) {
        const letters = ['A', 'B', 'C', 'D']
        expect(question.option_order).toBe(rankedBy(key, letters, (l) => `option:${question.question_number}:${l}`).join(''))
      }
      // And the key is no hash of the code anyone could compute: another code's order cannot be
      // predicted from public data.
      const guesses = [
        createHash('sha256').update(code).digest(),
        createHash('sha256').update(`holdfast-answer-file-key/${code}`).digest(),
        createHmac('sha256', '').update(`holdfast-answer-file-key/${code}`).digest(),
        createHmac('sha256', stack.anonKey).update(`holdfast-answer-file-key/${code}`).digest(),
      ]
      for (const guess of guesses) expect(guess.equals(key)).toBe(false)
    })
  })

  it('refuses to start (or snapshot) an exam through GET or HEAD, leaving no snapshot', async () => {
    const code = await newCode()
    await withSchedule(shufflingWindow(), async () => {
      for (const method of ['GET', 'HEAD']) {
        const reply = await rest(method, `rpc/exam_questions?code=${code}`)
        expect(reply.status).toBe(405)
      }
      expect(must(await service.from('attempt_questions').select('login_code').eq('login_code', code))).toEqual([])
    })
  })

  it('sends no Realtime change of a snapshot, the room’s time or the log to anon or a non-administrator', async () => {
    const code = await newCode()
    const watched: Binding[] = [
      'attempt_questions',
      'room_time_additions',
      'audit_log',
      'exam_attempts',
      'login_codes',
      'submissions',
    ].map((table) => ({ event: '*', table }))
    const [anonWatcher, userWatcher, adminWatcher] = [anonClient(), await nonAdminClient(), await adminClient()]
    clients.push(anonWatcher, userWatcher, adminWatcher)
    // Anonymous sockets are refused their channel (and closed): students never use Realtime.
    await expect(subscribe(anonWatcher, watched)).rejects.toThrow('Unauthorized: Realtime is only for signed-in users')
    const userView = await subscribe(userWatcher, watched)
    const adminView = await subscribe(adminWatcher, watched)
    await withSchedule(shufflingWindow(), async () => {
      await start(code)
      expect(must(await admin.rpc('add_time_for_everyone', { minutes: 1 }))).toMatchObject({ outcome: 'added' })
      expect(must(await anon.rpc('submit_exam', submitExamArgs(code)))).toMatchObject({ outcome: 'accepted' })
    })
    // Changes go out in commit order to every socket: once the administrator has the submission,
    // whatever the other sockets were to get was sent.
    await adminView.changes.waitFor(
      (c) => c.change.table === 'submissions' && (c.change.new as { login_code?: string }).login_code === code,
      'the submission',
    )
    expect(userView.changes.items).toEqual([])
    // Nobody, not even an administrator, is sent a snapshot's answer key over Realtime.
    expect(adminView.changes.items.filter((c) => c.change.table === 'attempt_questions')).toEqual([])
  })
})

/** The next exam, imported into the bank (questions 1 to 50 in place, other texts and keys). */
async function importNextExam(): Promise<void> {
  succeeded(
    await service
      .from('questions')
      .update({ question_text: 'Next exam’s question', correct_answer: 'D' })
      .gte('question_number', 1)
      .lte('question_number', 50),
  )
}

/** The result of `code` keeps its score and shows none of the next exam. */
async function expectNoSolutionsOfTheNextExam(code: string, score: number): Promise<void> {
  const result = must(await anon.rpc('lookup_result', { code }))
  expect(JSON.stringify(result)).not.toContain('Next exam')
  expect(result).toMatchObject({ outcome: 'ok', score, solutions_available: false })
}

describe('solutions once the clean-up took the snapshot', () => {
  it('lists no question of the bank as it is now (the next exam’s) to a student whose snapshot is gone, and keeps the score', async () => {
    await withQuestionBankRestored(async () => {
      const code = await newCode()
      const attemptId = randomUUID()
      started.push(attemptId)
      const exam = must(
        await anon.rpc('exam_questions', { code, attempt_id: attemptId, student_name: 'Ada Lovelace' }),
      ) as Started
      expect(exam.outcome).toBe('ok')
      const receipt = must(
        await anon.rpc('submit_exam', submitExamArgs(code, { submission_id: attemptId, submitted_at: isoFromNow(0) })),
      ) as { score: number }
      // 20 hours ago, start and submission alike: the exam is over for everyone, the result is
      // within its day. A student with extra time submits after the window closed, so the clean-up
      // (24 hours after the close) takes the snapshot while the result is still within its day.
      await moveSubmissionPastItsExam(attemptId)
      succeeded(
        await service
          .from('exam_attempts')
          .update({ started_at: isoFromNow(-20 * hour - 5 * minute), deadline: isoFromNow(-20 * hour + 25 * minute) })
          .eq('login_code', code),
      )
      await withEveryExamOver(async () => {
        expect(must(await anon.rpc('lookup_result', { code }))).toMatchObject({ solutions_available: true })
        succeeded(await service.from('attempt_questions').delete().eq('login_code', code))
        await importNextExam()
        await expectNoSolutionsOfTheNextExam(code, receipt.score)
      })
    })
  })
})

describe('scores and time, for a student', () => {
  it.each([
    ['a score', { score: 50 }],
    ['a question count', { question_count: 1 }],
    ['a total', { total: 1 }],
  ])('refuses a submission that names %s, recording nothing', async (_, extra) => {
    const code = await newCode()
    const reply = await rest('POST', 'rpc/submit_exam', { body: { ...submitExamArgs(code), ...extra } })
    expect(reply.status).toBe(404)
    expect(JSON.parse(reply.body)).toMatchObject({ code: 'PGRST202' })
    expect(await submissionsFor(code)).toEqual([])
  })

  it('adds no time for anon or a non-administrator, by POST, GET or HEAD, and records none', async () => {
    const code = await newCode()
    await withSchedule(shufflingWindow(), async () => {
      await start(code)
      const additionsBefore = must(await service.from('room_time_additions').select('id'))
      for (const token of [stack.anonKey, nonAdminToken]) {
        for (const [method, path, body] of [
          ['POST', 'rpc/add_time_for_everyone', { minutes: 30 }],
          ['GET', 'rpc/add_time_for_everyone?minutes=30', undefined],
          ['HEAD', 'rpc/add_time_for_everyone?minutes=30', undefined],
          ['POST', 'rpc/room_time_students', {}],
        ] as const) {
          const reply = await rest(method, path, { token, body })
          expect([401, 403, 404, 405], `${method} ${path}: ${reply.status} ${reply.body}`).toContain(reply.status)
        }
        const patched = await rest('PATCH', `login_codes?code=eq.${code}`, { token, body: { extra_minutes: 180 } })
        expect(patched.status === 401 || (patched.status === 204 && token === nonAdminToken), patched.body).toBe(true)
      }
      expect((await readCode(code)).extra_minutes).toBe(0)
      expect(must(await service.from('room_time_additions').select('id'))).toEqual(additionsBefore)
    })
  })
})

describe('the after-exam tools (issue 15), for anyone not an administrator', () => {
  it('refuses voiding, restoring, regrading and the item analysis to anon and a non-administrator, changing nothing', async () => {
    const code = await newCode()
    const args = await startedSubmission(code)
    must(await anon.rpc('submit_exam', args))
    const before = await submissionsFor(code)
    const [question] = must(await service.from('questions').select('id').eq('question_number', 1))
    for (const token of [stack.anonKey, nonAdminToken]) {
      const calls: Array<[string, object]> = [
        ['void_submission', { submission_id: args.submission_id, reason: 'Mine' }],
        ['restore_submission', { submission_id: args.submission_id }],
        ['regrade_question', { question_id: question!.id, accepted: '*', apply: true }],
        ['admin_item_analysis', { time_zone: 'UTC', day: new Date().toISOString().slice(0, 10) }],
      ]
      for (const [fn, body] of calls) {
        const reply = await rest('POST', `rpc/${fn}`, { token, body })
        expect([401, 403], `${fn}: ${reply.status} ${reply.body}`).toContain(reply.status)
        expect(reply.body).not.toMatch(/correct|served_key|"accepted"/)
      }
      const answers = await rest('POST', 'rpc/admin_day_answers', { token, body: { time_zone: 'UTC', day: '2026-11-24' } })
      expect(answers.status === 401 || answers.body === '[]', answers.body).toBe(true)
      const corrections = await rest('GET', 'key_corrections?select=*', { token })
      expect(corrections.status === 401 || corrections.body === '[]', corrections.body).toBe(true)
    }
    expect(await submissionsFor(code)).toEqual(before)
    expect(JSON.stringify(must(await anon.rpc('lookup_result', { code })))).not.toMatch(/served_key|correct_answer/)
  })
})

describe('the activity log, for an administrator', () => {
  /** The log's rows written by `work`, oldest first. */
  async function recorded(work: () => Promise<void>): Promise<Entry[]> {
    const newest = must(await admin.from('audit_log').select('id').order('id', { ascending: false }).limit(1))
    await work()
    return must(
      await admin
        .from('audit_log')
        .select('*')
        .gt('id', newest[0]?.id ?? 0)
        .order('id'),
    )
  }

  it('cannot rewrite, upsert over, delete or bulk-change a row, by any route', async () => {
    const code = await newCode()
    const [entry] = await recorded(async () => {
      succeeded(await admin.from('login_codes').update({ extra_minutes: 3 }).eq('code', code))
    })
    if (!entry) throw new Error('nothing was recorded')
    const forged = { ...entry, actor: 'someone else', details: {} }
    const attempts = [
      await rest('POST', 'audit_log', { token: adminToken, body: forged, headers: { Prefer: 'resolution=merge-duplicates' } }),
      await rest('POST', 'audit_log?on_conflict=id', {
        token: adminToken,
        body: forged,
        headers: { Prefer: 'resolution=ignore-duplicates' },
      }),
      await rest('PATCH', 'audit_log?id=gte.0', { token: adminToken, body: { actor: 'someone else' } }),
      await rest('DELETE', 'audit_log?id=gte.0', { token: adminToken }),
      await rest('POST', 'rpc/record_activity', {
        token: adminToken,
        body: { action: 'codes_deleted', subject: null, details: {} },
      }),
    ]
    for (const attempt of attempts) expect([400, 403, 404], attempt.body).toContain(attempt.status)
    expect(must(await admin.from('audit_log').select('*').eq('id', entry.id).single())).toEqual(entry)
    expect(must(await admin.from('audit_log').select('id').eq('actor', 'someone else'))).toEqual([])
  })

  const question = {
    question_text: 'Which is a prime?',
    option_a: '4',
    option_b: '6',
    option_c: '7',
    option_d: '9',
    correct_answer: 'A',
  }
  const keyChange = (number: number, from: string, to: string) =>
    expect.objectContaining({
      action: 'question_changed',
      subject: String(number),
      details: { changes: expect.objectContaining({ correct_answer: [from, to] }) },
    })

  it('records a key change sent with an import’s Prefer header as a key change, not as an import', async () => {
    await withQuestions([question], async ([row]) => {
      const rows = await recorded(async () => {
        const reply = await rest('PATCH', `questions?id=eq.${row!.id}`, {
          token: adminToken,
          body: { correct_answer: 'C' },
          headers: { Prefer: 'resolution=merge-duplicates' },
        })
        expect(reply.status).toBe(204)
      })
      expect(rows).toEqual(expect.arrayContaining([keyChange(row!.question_number, 'A', 'C')]))
    })
  })

  it('records a key changed by an import as a key change, beside the import', async () => {
    await withQuestions([question], async ([row]) => {
      const rows = await recorded(async () => {
        succeeded(
          await admin.from('questions').upsert([{ question_number: row!.question_number, ...question, correct_answer: 'D' }], {
            onConflict: 'exam_id,question_number',
          }),
        )
      })
      expect(rows).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ action: 'questions_imported', details: expect.objectContaining({ replaced: true }) }),
          keyChange(row!.question_number, 'A', 'D'),
        ]),
      )
      expect(rows.filter((r) => r.action === 'question_changed')).toHaveLength(1)
    })
  })

  it('records an import that leaves a key as it was with the fields it changed, and no key change', async () => {
    await withQuestions([question], async ([row]) => {
      const rows = await recorded(async () => {
        succeeded(
          await admin
            .from('questions')
            .upsert([{ question_number: row!.question_number, ...question, question_text: 'Which is prime?' }], {
              onConflict: 'exam_id,question_number',
            }),
        )
      })
      expect(rows.map((r) => r.action)).toEqual(['questions_imported', 'question_changed'])
      expect(rows[1]?.details).toEqual({ changes: { question_text: [question.question_text, 'Which is prime?'] } })
    })
  })
})

describe('parameters written into SQL as literals', () => {
  const hostileTexts = [
    "it's",
    "'; update public.login_codes set extra_minutes = 180; --",
    "\\'; select 1; --",
    "E'\\x41' || '",
    'back\\slash\\',
    '\\',
    "''",
    '$1',
    '$1$2 $$ $a$ $a$',
    '$$; delete from public.questions; $$',
    '/* */ -- \n select',
    '"quoted"',
    " E'\\\\' ",
    'a\u2028b\uD83D\uDE00',
  ]

  it.each(hostileTexts)('carries %j as a value through an anonymous filter and function call, changing nothing', async (text) => {
    const before = await everyTable()
    expect(must(await anon.from('exam_schedule').select('id').eq('exam_name', text))).toEqual([])
    expect(
      must(
        await anon
          .from('exam_schedule')
          .select('id')
          .in('exam_name', [text, `${text}x`]),
      ),
    ).toEqual([])
    expect(must(await anon.from('exam_schedule').select('id').like('exam_name', `%${text}%`))).toEqual([])
    expect(codeStatus(must(await anon.rpc('check_login_code', { code: text })))).toBe('invalid')
    expect(await everyTable()).toEqual(before)
  })

  it.each(hostileTexts.filter((text) => text.trim().length >= 2))(
    'stores %j exactly as sent, as a student name and inside a question’s JSON',
    async (text) => {
      const code = await newCode()
      const receipt = must(await anon.rpc('submit_exam', await startedSubmission(code, { student_name: text })))
      expect(receipt).toMatchObject({ outcome: 'accepted' })
      expect((await submissionsFor(code))[0]?.student_name).toBe(text.trim())
      await withQuestions([{ ...hostileQuestion(text), correct_answer: 'B' }], async ([row]) => {
        // (A filter value in double quotes is unquoted by the local stack: option_b never is one.)
        const read = must(await admin.from('questions').select('*').eq('option_b', `${text}$1`).eq('option_d', `\\${text}`))
        expect(read).toEqual([row])
        expect(row).toMatchObject(hostileQuestion(text))
      })
    },
  )

  function hostileQuestion(text: string) {
    return { question_text: text, option_a: text, option_b: `${text}$1`, option_c: `'${text}'`, option_d: `\\${text}` }
  }

  const withStudentName = (code: string, json: string) =>
    JSON.stringify(submitExamArgs(code)).replace('"student_name":"Ada Lovelace"', `"student_name":${json}`)

  it.each([
    ['true', 'true'],
    ['12345', '12345'],
    ['1e999', 'Infinity'],
    ['-1', '-1'],
    ['["Ada", "x"]', '["Ada","x"]'],
    ['{"$1": "\'; drop table public.questions; --"}', '{"$1":"\'; drop table public.questions; --"}'],
  ])('stores a student name sent as the JSON %s as the text %j, as PostgREST passes it', async (json, stored) => {
    const code = await newCode()
    await startExam(code)
    const reply = await rest('POST', 'rpc/submit_exam', { body: withStudentName(code, json) })
    expect(reply.status, reply.body).toBe(200)
    expect((await submissionsFor(code)).map((s) => s.student_name)).toEqual([stored])
  })

  it('refuses a student name holding a NUL byte without a detail, recording nothing', async () => {
    const code = await newCode()
    const reply = await rest('POST', 'rpc/submit_exam', { body: withStudentName(code, '"Ada\\u0000Lovelace"') })
    expect(reply.status).toBe(400)
    expect(JSON.parse(reply.body)).toMatchObject({ details: null, hint: null })
    expect(await submissionsFor(code)).toEqual([])
  })

  it.each([
    ['a number no literal holds', '"time_taken":1e999'],
    ['a time that is not one', '"started_at":"infinity\'); delete from public.login_codes; --"'],
    ['NaN as a count of tab switches', '"tab_switches":"NaN"'],
  ])('refuses %s as a bad argument, recording nothing', async (_, field) => {
    const code = await newCode()
    const [name] = field.split(':') as [string]
    const body = JSON.stringify(submitExamArgs(code)).replace(new RegExp(`${name}:[^,}]+`), field)
    const reply = await rest('POST', 'rpc/submit_exam', { body })
    expect(reply.status, reply.body).toBe(400)
    expect(await submissionsFor(code)).toEqual([])
    expect(await readCode(code)).toMatchObject({ is_used: false })
  })

  it('carries request headers holding quotes, backslashes and dollar quotes into request.headers unchanged', async () => {
    const before = await everyTable()
    const hostile = "x'); select 1; -- \\' $$ $1 E'\\\\'"
    const reply = await rest('POST', 'rpc/check_login_code', { body: { code: 'ZZZZZZZZ' }, headers: { 'X-Probe': hostile } })
    expect(reply.status).toBe(200)
    expect(JSON.parse(reply.body)).toEqual({ outcome: 'invalid' })
    expect(await everyTable()).toEqual(before)
  })
})

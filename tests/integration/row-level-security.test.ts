import { randomUUID } from 'node:crypto'
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/lib/api/database.types.ts'
import { adminClient, anonClient, nonAdminClient, serviceClient, stack } from './clients.ts'
import {
  allQuestions,
  createCode,
  day,
  deleteCodes,
  everyTable,
  hour,
  isoFromNow,
  minute,
  must,
  randomCode,
  randomQuestionNumber,
  readCode,
  submissionRow,
  succeeded,
  withQuestionBankRestored,
  zeroUuid,
  type LoginCode,
  type Question,
  type Schedule,
  type Submission,
  codeStatus,
} from './exam-data.ts'

type Client = SupabaseClient<Database>
type Answer = { data: unknown; error: PostgrestError | null }
type Attempt = () => PromiseLike<Answer>
// The failed-guess counts of the code-guessing limit are probed in security-probes.test.ts, the
// trusted addresses in security-room-lockout.test.ts, the site settings in site-settings.test.ts.
type TableName = Exclude<keyof Database['public']['Tables'], 'code_guess_failures' | 'trusted_addresses' | 'site_settings'>
type WriteKind = 'insert' | 'update' | 'delete'

const tableNames: TableName[] = [
  'admin_users',
  'attempt_moves',
  'attempt_notes',
  'attempt_questions',
  'audit_log',
  'exam_attempts',
  'exam_schedule',
  'exams',
  'login_codes',
  'questions',
  'room_time_additions',
  'submission_tallies',
  'submissions',
]
const adminOnlyTables: TableName[] = [
  'admin_users',
  'attempt_moves',
  'attempt_notes',
  'attempt_questions',
  'audit_log',
  'exam_attempts',
  'key_corrections',
  'login_codes',
  'questions',
  'room_time_additions',
  'submission_tallies',
  'submissions',
]

const service = serviceClient()
const anon = anonClient()

/** The student app's call for the current schedule: the newest active one. */
const currentSchedule = (client: Client) =>
  client.from('exam_schedule').select('*').eq('is_active', true).order('created_at', { ascending: false }).limit(1)
let admin: Client
let nonAdmin: Client

/** The seeded bank as it was before this file ran: it must be the same afterwards. */
let bankBefore: Question[]
let adminUserId: string
let seedSchedule: Schedule
/** The school's one exam, which the seed's rows belong to. */
let seedExam: Database['public']['Tables']['exams']['Row']
let firstQuestion: Question

const fixture = {} as {
  code: LoginCode
  usedCode: LoginCode
  otherUsedCode: LoginCode
  question: Question
  inactiveSchedule: Schedule
  submission: Submission
  olderSubmission: Submission
  attemptId: string
  roomTimeAddition: Database['public']['Tables']['room_time_additions']['Row']
}

const mcq = { option_a: 'One', option_b: 'Two', option_c: 'Three', option_d: 'Four' }

beforeAll(async () => {
  admin = await adminClient()
  nonAdmin = await nonAdminClient()
  bankBefore = await allQuestions()
  firstQuestion = bankBefore[0] as Question
  const admins = must(await service.from('admin_users').select('*'))
  const adminRow = admins.find((row) => row.email === stack.adminEmail)
  if (!adminRow) throw new Error('the stack has no admin_users row for the administrator')
  adminUserId = adminRow.user_id
  const active = must(await service.from('exam_schedule').select('*').eq('is_active', true).order('created_at').limit(1))
  seedSchedule = active[0] as Schedule
  seedExam = must(await service.from('exams').select('*').order('created_at').limit(1).single())

  fixture.code = await createCode()
  fixture.usedCode = await createCode({ is_used: true, used_by: 'Fixture Student', used_at: isoFromNow(-minute) })
  fixture.otherUsedCode = await createCode({ is_used: true, used_by: 'Earlier Student', used_at: isoFromNow(-hour) })
  fixture.question = must(
    await service
      .from('questions')
      .insert({ question_number: randomQuestionNumber(), question_text: 'Fixture question?', ...mcq, correct_answer: 'B' })
      .select()
      .single(),
  )
  fixture.inactiveSchedule = must(
    await service
      .from('exam_schedule')
      .insert({ exam_name: 'Inactive fixture', start_time: isoFromNow(-hour), end_time: isoFromNow(hour), is_active: false })
      .select()
      .single(),
  )
  fixture.submission = must(await service.from('submissions').insert(submissionRow(fixture.usedCode.code)).select().single())
  // An exam started with the unused code: its attempt row is written by exam_questions alone.
  fixture.attemptId = randomUUID()
  expect(
    must(
      await anon.rpc('exam_questions', {
        code: fixture.code.code,
        attempt_id: fixture.attemptId,
        student_name: 'Fixture Student',
      }),
    ),
  ).toMatchObject({ outcome: 'ok' })
  // A resume PIN offered for it, so the moves table has a row a too-open policy would show.
  expect(must(await admin.rpc('admin_offer_attempt_move', { attempt_id: fixture.attemptId }))).toMatchObject({
    pin: expect.stringMatching(/^\d{6}$/),
  })
  // A proctor's note, so the notes table has a row a too-open policy would show.
  succeeded(await admin.rpc('note_attempt', { p_attempt_id: fixture.attemptId, p_seat: '7', p_note: 'Fixture note' }))
  fixture.olderSubmission = must(
    await service
      .from('submissions')
      .insert(submissionRow(fixture.otherUsedCode.code, { started_at: isoFromNow(-2 * hour), submitted_at: isoFromNow(-hour) }))
      .select()
      .single(),
  )
  // Time added for the room, so the table has a row a too-open policy would show whichever file ran first.
  fixture.roomTimeAddition = must(
    await service
      .from('room_time_additions')
      .insert({ minutes: 5, login_codes: [fixture.code.code] })
      .select()
      .single(),
  )
})

afterAll(async () => {
  await deleteCodes([fixture.code.code, fixture.usedCode.code, fixture.otherUsedCode.code])
  succeeded(await service.from('room_time_additions').delete().eq('id', fixture.roomTimeAddition.id))
  succeeded(await service.from('questions').delete().eq('id', fixture.question.id))
  succeeded(await service.from('exam_schedule').delete().eq('id', fixture.inactiveSchedule.id))
  expect(await allQuestions()).toEqual(bankBefore)
})

/**
 * Every write a client could try on each table, aimed at real rows so a success would show.
 * Inserts go without returning rows, as the app sends them: with `.select()` the SELECT policy
 * alone would refuse them and hide a too-permissive INSERT policy.
 */
function writeAttempts(client: Client): Record<TableName, Record<WriteKind, Attempt>> {
  return {
    admin_users: {
      insert: () => client.from('admin_users').insert({ user_id: randomUUID(), email: 'intruder@holdfast.test' }),
      update: () => client.from('admin_users').update({ email: 'intruder@holdfast.test' }).eq('user_id', adminUserId).select(),
      delete: () => client.from('admin_users').delete().eq('user_id', adminUserId).select(),
    },
    audit_log: {
      insert: () => client.from('audit_log').insert({ actor: 'intruder@holdfast.test', action: 'codes_deleted' }),
      update: () => client.from('audit_log').update({ actor: 'intruder@holdfast.test' }).gte('id', 0).select(),
      delete: () => client.from('audit_log').delete().gte('id', 0).select(),
    },
    exam_schedule: {
      insert: () =>
        client
          .from('exam_schedule')
          .insert({ exam_name: 'Intruder exam', start_time: isoFromNow(-hour), end_time: isoFromNow(hour), is_active: true }),
      update: () =>
        client.from('exam_schedule').update({ is_active: false, exam_name: 'Hijacked' }).eq('id', seedSchedule.id).select(),
      delete: () => client.from('exam_schedule').delete().eq('id', seedSchedule.id).select(),
    },
    exams: {
      insert: () => client.from('exams').insert({ name: 'Intruder exam' }),
      update: () =>
        client
          .from('exams')
          .update({ name: 'Hijacked', archived_at: isoFromNow(0) })
          .eq('id', seedExam.id)
          .select(),
      delete: () => client.from('exams').delete().eq('id', seedExam.id).select(),
    },
    key_corrections: {
      insert: () => client.from('key_corrections').insert({ question_id: firstQuestion.id, question_number: 1, accepted: '*' }),
      update: () => client.from('key_corrections').update({ accepted: '*' }).gte('id', 0).select(),
      delete: () => client.from('key_corrections').delete().gte('id', 0).select(),
    },
    login_codes: {
      insert: () => client.from('login_codes').insert({ code: randomCode() }),
      update: () =>
        client
          .from('login_codes')
          .update({ is_used: false, used_by: null, used_at: null })
          .eq('id', fixture.usedCode.id)
          .select(),
      delete: () => client.from('login_codes').delete().eq('id', fixture.code.id).select(),
    },
    questions: {
      insert: () =>
        client
          .from('questions')
          .insert({ question_number: randomQuestionNumber(), question_text: 'Injected?', ...mcq, correct_answer: 'A' }),
      update: () =>
        client.from('questions').update({ correct_answer: 'D', question_text: 'Changed' }).eq('id', firstQuestion.id).select(),
      delete: () => client.from('questions').delete().eq('id', fixture.question.id).select(),
    },
    exam_attempts: {
      insert: () =>
        client
          .from('exam_attempts')
          .insert({ id: randomUUID(), login_code: fixture.code.code, deadline: isoFromNow(hour), question_count: 1 }),
      update: () =>
        client
          .from('exam_attempts')
          .update({ deadline: isoFromNow(24 * hour), tab_switches: 0 })
          .eq('id', fixture.attemptId)
          .select(),
      delete: () => client.from('exam_attempts').delete().eq('id', fixture.attemptId).select(),
    },
    attempt_moves: {
      insert: () =>
        client.from('attempt_moves').insert({
          exam_id: seedExam.id,
          login_code: fixture.code.code,
          from_attempt_id: fixture.attemptId,
          pin_hash: '\\x00',
          expires_at: isoFromNow(hour),
        }),
      update: () =>
        client
          .from('attempt_moves')
          .update({ wrong_tries: 0, expires_at: isoFromNow(hour) })
          .gte('wrong_tries', 0)
          .select(),
      delete: () => client.from('attempt_moves').delete().gte('wrong_tries', 0).select(),
    },
    attempt_notes: {
      insert: () => client.from('attempt_notes').insert({ attempt_id: fixture.attemptId, note: 'Intruder note' }),
      update: () => client.from('attempt_notes').update({ note: 'Hijacked' }).eq('attempt_id', fixture.attemptId).select(),
      delete: () => client.from('attempt_notes').delete().eq('attempt_id', fixture.attemptId).select(),
    },
    attempt_questions: {
      insert: () =>
        client.from('attempt_questions').insert({
          login_code: fixture.code.code,
          question_number: randomQuestionNumber(),
          position: 999,
          question_id: randomUUID(),
          question_text: 'Injected?',
          ...mcq,
          correct_answer: 'A',
          option_order: 'ABCD',
        }),
      update: () => client.from('attempt_questions').update({ correct_answer: 'D' }).eq('login_code', fixture.code.code).select(),
      delete: () => client.from('attempt_questions').delete().eq('login_code', fixture.code.code).select(),
    },
    room_time_additions: {
      insert: () => client.from('room_time_additions').insert({ minutes: 5, login_codes: [fixture.code.code] }),
      update: () => client.from('room_time_additions').update({ minutes: 180 }).gte('minutes', 0).select(),
      delete: () => client.from('room_time_additions').delete().gte('minutes', 0).select(),
    },
    submission_tallies: {
      insert: () =>
        client.from('submission_tallies').insert({
          exam_id: seedExam.id,
          bucket: isoFromNow(0),
          shard: 0,
          submissions: 1,
          score_sum: 50,
          passed: 1,
        }),
      update: () => client.from('submission_tallies').update({ submissions: 999 }).gte('shard', 0).select(),
      delete: () => client.from('submission_tallies').delete().gte('shard', 0).select(),
    },
    submissions: {
      insert: () => client.from('submissions').insert(submissionRow(fixture.code.code, { score: 50 })),
      update: () => client.from('submissions').update({ score: 50 }).eq('id', fixture.submission.id).select(),
      delete: () => client.from('submissions').delete().eq('id', fixture.submission.id).select(),
    },
  }
}

function expectPermissionDenied(answer: Answer, what: string): void {
  expect(answer.error?.code, what).toBe('42501')
  expect(answer.data, what).toBeNull()
}

/** Refused outright, or allowed to run but matching no row. */
function expectRefusedOrNothing(answer: Answer, what: string): void {
  if (answer.error) expectPermissionDenied(answer, what)
  else expect(answer.data, what).toEqual([])
}

function hasKeyDeep(value: unknown, key: string): boolean {
  if (Array.isArray(value)) return value.some((item) => hasKeyDeep(item, key))
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([k, v]) => k === key || hasKeyDeep(v, key))
  }
  return false
}

function expectNewestFirst<T>(rows: T[], time: (row: T) => string): void {
  for (let i = 1; i < rows.length; i++) {
    expect(Date.parse(time(rows[i - 1] as T))).toBeGreaterThanOrEqual(Date.parse(time(rows[i] as T)))
  }
}

const byId = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id))

describe('anonymous visitor', () => {
  it('reads only active exam schedules', async () => {
    const { data, error } = await anon.from('exam_schedule').select('*').order('created_at', { ascending: false })
    expect(error).toBeNull()
    const active = must(
      await service.from('exam_schedule').select('*').eq('is_active', true).order('created_at', { ascending: false }),
    )
    expect(active.length).toBeGreaterThan(0)
    expect(data).toEqual(active)
    expect(data?.map((s) => s.id)).not.toContain(fixture.inactiveSchedule.id)

    const inactive = await anon.from('exam_schedule').select('*').eq('is_active', false)
    expect(inactive.error).toBeNull()
    expect(inactive.data).toEqual([])
  })

  it('gets the current schedule with the student call (active, newest first, limit 1)', async () => {
    const { data, error } = await currentSchedule(anon)
    expect(error).toBeNull()
    const newest = must(await currentSchedule(service))
    expect(data).toEqual(newest)
  })

  it.each(adminOnlyTables)('is refused reading %s (42501) and gets no data', async (table) => {
    expectPermissionDenied(await anon.from(table).select('*'), `select ${table}`)
  })

  it.each(tableNames)('is refused inserting, updating and deleting %s, and nothing changes', async (table) => {
    const before = await everyTable()
    const attempts = writeAttempts(anon)[table]
    for (const kind of ['insert', 'update', 'delete'] as const) {
      expectPermissionDenied(await attempts[kind](), `${kind} ${table}`)
    }
    expect(await everyTable()).toEqual(before)
  })

  it('cannot call is_admin', async () => {
    expectPermissionDenied(await anon.rpc('is_admin'), 'is_admin')
  })
})

describe('signed-in user who is not an administrator', () => {
  it.each(tableNames)('reads nothing from %s', async (table) => {
    const stored = must(await service.from(table).select('*'))
    expect(stored.length).toBeGreaterThan(0)
    expectRefusedOrNothing(await nonAdmin.from(table).select('*'), `select ${table}`)
  })

  it('reads no schedule even with the student call', async () => {
    const { data, error } = await currentSchedule(nonAdmin)
    expect(error).toBeNull()
    expect(data).toEqual([])
  })

  it.each(tableNames)('is refused inserting into %s, and its updates and deletes touch nothing', async (table) => {
    const before = await everyTable()
    const attempts = writeAttempts(nonAdmin)[table]
    expectPermissionDenied(await attempts.insert(), `insert ${table}`)
    expectRefusedOrNothing(await attempts.update(), `update ${table}`)
    expectRefusedOrNothing(await attempts.delete(), `delete ${table}`)
    expect(await everyTable()).toEqual(before)
  })

  it('cannot make itself an administrator', async () => {
    const { data: userData } = await nonAdmin.auth.getUser()
    const userId = userData.user?.id
    expect(userId).toBeTruthy()
    const before = await everyTable()
    expectPermissionDenied(
      await nonAdmin.from('admin_users').insert({ user_id: userId as string, email: stack.userEmail }),
      'insert own admin_users row',
    )
    expect(await everyTable()).toEqual(before)
    expect(await nonAdmin.rpc('is_admin')).toMatchObject({ data: false, error: null })
  })

  it('is told by is_admin that it is not an administrator, and the administrator is', async () => {
    const notAdmin = await nonAdmin.rpc('is_admin')
    expect(notAdmin.error).toBeNull()
    expect(notAdmin.data).toBe(false)
    const isAdmin = await admin.rpc('is_admin')
    expect(isAdmin.error).toBeNull()
    expect(isAdmin.data).toBe(true)
  })
})

describe('administrator', () => {
  it('cannot write key corrections: only regrade_question does', async () => {
    const writes = writeAttempts(admin).key_corrections
    for (const kind of ['insert', 'update', 'delete'] as const) expectPermissionDenied(await writes[kind](), `admin ${kind}`)
  })

  it('reads the activity log but cannot write, change or delete a row of it: only its triggers append', async () => {
    // The generation of this file's own code, whatever other files left in the log.
    expect(
      must(await admin.from('audit_log').select('action').eq('subject', fixture.code.code).eq('action', 'codes_generated')),
    ).toEqual([{ action: 'codes_generated' }])
    const writes = writeAttempts(admin).audit_log
    for (const kind of ['insert', 'update', 'delete'] as const) expectPermissionDenied(await writes[kind](), `admin ${kind}`)
  })

  it('reads the exams the attempts were given but cannot write them: only exam_questions does', async () => {
    expect(
      must(await admin.from('attempt_questions').select('login_code').eq('login_code', fixture.code.code)).length,
    ).toBeGreaterThan(0)
    const writes = writeAttempts(admin).attempt_questions
    for (const kind of ['insert', 'update', 'delete'] as const) expectPermissionDenied(await writes[kind](), `admin ${kind}`)
  })

  it('cannot write the resume PINs offered: only admin_offer_attempt_move and resume_exam_attempt do', async () => {
    const writes = writeAttempts(admin).attempt_moves
    for (const kind of ['insert', 'update', 'delete'] as const) expectPermissionDenied(await writes[kind](), `admin ${kind}`)
  })

  it("cannot write the proctors' notes: only note_attempt (which logs each) does", async () => {
    const writes = writeAttempts(admin).attempt_notes
    for (const kind of ['insert', 'update', 'delete'] as const) expectPermissionDenied(await writes[kind](), `admin ${kind}`)
  })

  it('cannot write the record of time added for the room: only add_time_for_everyone does', async () => {
    const writes = writeAttempts(admin).room_time_additions
    for (const kind of ['insert', 'update', 'delete'] as const) expectPermissionDenied(await writes[kind](), `admin ${kind}`)
  })

  it('reads submissions but cannot write them: only the functions that record themselves do (issue 23)', async () => {
    const before = await everyTable()
    const writes = writeAttempts(admin).submissions
    for (const kind of ['insert', 'update', 'delete'] as const) expectPermissionDenied(await writes[kind](), `admin ${kind}`)
    expect(await everyTable()).toEqual(before)
  })

  it("changes only a login code's extra time: whether and when it was used are the student functions'", async () => {
    const before = await everyTable()
    expectPermissionDenied(await writeAttempts(admin).login_codes.update(), 'admin is_used off')
    expectPermissionDenied(
      await admin.from('login_codes').insert({ code: randomCode(), is_used: true, used_by: 'Somebody', used_at: isoFromNow(0) }),
      'admin insert used',
    )
    expect(await everyTable()).toEqual(before)
  })

  it('reads the submission tallies but cannot write them: only the trigger on submissions does', async () => {
    expect(must(await admin.from('submission_tallies').select('bucket').limit(1))).toHaveLength(1)
    const writes = writeAttempts(admin).submission_tallies
    for (const kind of ['insert', 'update', 'delete'] as const) expectPermissionDenied(await writes[kind](), `admin ${kind}`)
  })

  describe('dashboard counts', () => {
    // This file's own rows: whatever other files left (a read returns at most 1,000 rows), the
    // administrator reads exactly what the service role stores of them.
    it('reads ids of questions and submissions, and id and is_used of login codes', async () => {
      const questionIds = [firstQuestion.id, fixture.question.id]
      const questions = must(await admin.from('questions').select('id').in('id', questionIds))
      expect(byId(questions)).toEqual(byId(must(await service.from('questions').select('id').in('id', questionIds))))
      expect(questions).toHaveLength(2)
      expect(questions.every((q) => Object.keys(q).join() === 'id')).toBe(true)

      const codeIds = [fixture.code.id, fixture.usedCode.id, fixture.otherUsedCode.id]
      const codes = must(await admin.from('login_codes').select('id, is_used').in('id', codeIds))
      expect(byId(codes)).toEqual(byId(must(await service.from('login_codes').select('id, is_used').in('id', codeIds))))
      expect(codes.map((c) => c.is_used).sort()).toEqual([false, true, true])
      expect(codes.every((c) => Object.keys(c).sort().join() === 'id,is_used')).toBe(true)

      const submissionIds = [fixture.submission.id, fixture.olderSubmission.id]
      const submissions = must(await admin.from('submissions').select('id').in('id', submissionIds))
      expect(byId(submissions)).toEqual(byId(submissionIds.map((id) => ({ id }))))
    })

    it.each(['questions', 'login_codes', 'submissions'] as const)('counts %s with count exact and head', async (table) => {
      const { count: stored } = await service.from(table).select('*', { count: 'exact', head: true })
      const { data, error, count } = await admin.from(table).select('*', { count: 'exact', head: true })
      expect(error).toBeNull()
      expect(data).toBeNull()
      expect(count).toBe(stored)
      expect(count).toBeGreaterThan(0)
    })
  })

  describe('questions', () => {
    it('reads the whole bank, with correct answers, ordered by question_number', async () => {
      const { data, error } = await admin.from('questions').select('*').order('question_number', { ascending: true })
      expect(error).toBeNull()
      expect(data).toEqual(await allQuestions())
      expect(data?.find((q) => q.id === firstQuestion.id)?.correct_answer).toBe(firstQuestion.correct_answer)
    })

    it('inserts, updates by id and deletes by id', async () => {
      const number = randomQuestionNumber()
      try {
        const inserted = must(
          await admin
            .from('questions')
            .insert({
              question_number: number,
              question_text: 'Admin question?',
              ...mcq,
              correct_answer: 'C',
              exam_category_id: null,
            })
            .select()
            .single(),
        )
        const stored = must(await service.from('questions').select('*').eq('id', inserted.id).single())
        expect(stored).toEqual(inserted)
        expect(stored).toMatchObject({
          question_number: number,
          question_text: 'Admin question?',
          correct_answer: 'C',
          option_c: 'Three',
        })

        const updated = must(
          await admin
            .from('questions')
            .update({ question_text: 'Edited question?', option_a: 'Uno', correct_answer: 'A' })
            .eq('id', inserted.id)
            .select(),
        )
        expect(updated).toHaveLength(1)
        expect(must(await service.from('questions').select('*').eq('id', inserted.id).single())).toEqual({
          ...inserted,
          question_text: 'Edited question?',
          option_a: 'Uno',
          correct_answer: 'A',
        })

        succeeded(await admin.from('questions').delete().eq('id', inserted.id))
        expect(must(await service.from('questions').select('id').eq('id', inserted.id))).toEqual([])
      } finally {
        succeeded(await service.from('questions').delete().eq('question_number', number))
      }
    })

    it('upserts on question_number: an existing number is overwritten in place, a new one is added', async () => {
      const existingNumber = randomQuestionNumber()
      const newNumber = existingNumber + 1
      try {
        const existing = must(
          await admin
            .from('questions')
            .insert({ question_number: existingNumber, question_text: 'Before import?', ...mcq, correct_answer: 'A' })
            .select()
            .single(),
        )
        const rows = [
          {
            question_number: existingNumber,
            question_text: 'Imported?',
            option_a: 'W',
            option_b: 'X',
            option_c: 'Y',
            option_d: 'Z',
            correct_answer: 'D',
            exam_category_id: null,
          },
          {
            question_number: newNumber,
            question_text: 'Also imported?',
            option_a: 'W',
            option_b: 'X',
            option_c: 'Y',
            option_d: 'Z',
            correct_answer: 'B',
            exam_category_id: null,
          },
        ]
        const upserted = must(await admin.from('questions').upsert(rows, { onConflict: 'exam_id,question_number' }).select())
        expect(upserted).toHaveLength(2)

        const stored = must(
          await service.from('questions').select('*').in('question_number', [existingNumber, newNumber]).order('question_number'),
        )
        expect(stored).toHaveLength(2)
        // exam_category_id follows the exam whatever is sent (null here, as the brief's import sends).
        expect(stored[0]).toEqual({ ...existing, ...rows[0], exam_category_id: existing.exam_id })
        expect(stored[1]).toMatchObject({ ...rows[1], exam_category_id: existing.exam_id })
        expect(stored[1]?.id).not.toBe(existing.id)
      } finally {
        succeeded(await service.from('questions').delete().in('question_number', [existingNumber, newNumber]))
      }
    })

    it('deletes all questions with the all-zero uuid filter (the bank is restored afterwards)', async () => {
      await withQuestionBankRestored(async (snapshot) => {
        expect(snapshot.length).toBeGreaterThanOrEqual(50)
        const { error, count } = await admin.from('questions').delete({ count: 'exact' }).neq('id', zeroUuid)
        expect(error).toBeNull()
        expect(count).toBe(snapshot.length)
        expect(await allQuestions()).toEqual([])
      })
      expect(await allQuestions()).toEqual(expect.arrayContaining(bankBefore))
    })
  })

  describe('exam attempts', () => {
    it('reads every attempt and writes none: only the student functions write them', async () => {
      const attempts = must(await admin.from('exam_attempts').select('*').order('id'))
      expect(attempts).toEqual(must(await service.from('exam_attempts').select('*').order('id')))
      expect(attempts.map((attempt) => attempt.id)).toContain(fixture.attemptId)
      const before = await everyTable()
      const writes = writeAttempts(admin).exam_attempts
      for (const kind of ['insert', 'update', 'delete'] as const)
        expectPermissionDenied(await writes[kind](), `${kind} exam_attempts`)
      expect(await everyTable()).toEqual(before)
    })
  })

  describe('login codes', () => {
    it('inserts a code alone, reads codes newest first, and deletes by id', async () => {
      const code = randomCode()
      try {
        const inserted = must(await admin.from('login_codes').insert({ code }).select().single())
        expect(inserted).toMatchObject({ code, is_used: false, used_by: null, used_at: null })

        const { data, error } = await admin.from('login_codes').select('*').order('created_at', { ascending: false })
        expect(error).toBeNull()
        const rows = data ?? []
        expect(rows[0]).toEqual(inserted)
        expectNewestFirst(rows, (row) => row.created_at)
        expect(byId(rows)).toEqual(byId(must(await service.from('login_codes').select('*'))))

        succeeded(await admin.from('login_codes').delete().eq('id', inserted.id))
        expect(must(await service.from('login_codes').select('id').eq('code', code))).toEqual([])
      } finally {
        succeeded(await service.from('login_codes').delete().eq('code', code))
      }
    })

    it('deletes a used code too', async () => {
      const used = await createCode({ is_used: true, used_by: 'Someone Else', used_at: isoFromNow(-minute) })
      try {
        const deleted = must(await admin.from('login_codes').delete().eq('id', used.id).select())
        expect(deleted).toEqual([used])
        expect(must(await service.from('login_codes').select('id').eq('id', used.id))).toEqual([])
      } finally {
        await deleteCodes([used.code])
      }
    })
  })

  describe('submissions', () => {
    it('reads all submissions newest submitted_at first', async () => {
      const { data, error } = await admin.from('submissions').select('*').order('submitted_at', { ascending: false })
      expect(error).toBeNull()
      const rows = data ?? []
      expectNewestFirst(rows, (row) => row.submitted_at)
      expect(byId(rows)).toEqual(byId(must(await service.from('submissions').select('*'))))
      const ids = rows.map((row) => row.id)
      expect(ids.indexOf(fixture.submission.id)).toBeGreaterThanOrEqual(0)
      expect(ids.indexOf(fixture.submission.id)).toBeLessThan(ids.indexOf(fixture.olderSubmission.id))
    })
  })

  describe('exam schedules', () => {
    it('reads all schedules newest first, including inactive ones', async () => {
      const { data, error } = await admin.from('exam_schedule').select('*').order('created_at', { ascending: false })
      expect(error).toBeNull()
      expect(data).toEqual(must(await service.from('exam_schedule').select('*').order('created_at', { ascending: false })))
      expect(data?.map((s) => s.id)).toContain(fixture.inactiveSchedule.id)
    })

    it('inserts, updates by id, toggles is_active alone and deletes by id', async () => {
      let id: string | undefined
      try {
        const fields = {
          exam_name: 'Admin made exam',
          start_time: new Date(Date.now() + 2 * hour).toISOString(),
          end_time: new Date(Date.now() + 3 * hour).toISOString(),
          duration_minutes: 45,
          is_active: false,
        }
        const inserted = must(await admin.from('exam_schedule').insert(fields).select().single())
        id = inserted.id
        expect(inserted).toMatchObject({ exam_name: fields.exam_name, duration_minutes: 45, is_active: false })
        expect(Date.parse(inserted.start_time)).toBe(Date.parse(fields.start_time))
        expect(Date.parse(inserted.end_time)).toBe(Date.parse(fields.end_time))

        const edit = {
          exam_name: 'Renamed exam',
          start_time: new Date(Date.now() + 4 * hour).toISOString(),
          end_time: new Date(Date.now() + 6 * hour).toISOString(),
          duration_minutes: 90,
          is_active: false,
        }
        expect(must(await admin.from('exam_schedule').update(edit).eq('id', id).select())).toHaveLength(1)
        const edited = must(await service.from('exam_schedule').select('*').eq('id', id).single())
        expect(edited).toMatchObject({
          id,
          exam_name: 'Renamed exam',
          duration_minutes: 90,
          is_active: false,
          created_at: inserted.created_at,
        })
        expect(Date.parse(edited.start_time)).toBe(Date.parse(edit.start_time))
        expect(Date.parse(edited.end_time)).toBe(Date.parse(edit.end_time))

        expect(must(await admin.from('exam_schedule').update({ is_active: true }).eq('id', id).select())).toHaveLength(1)
        expect(must(await service.from('exam_schedule').select('*').eq('id', id).single())).toEqual({
          ...edited,
          is_active: true,
        })
        expect(must(await admin.from('exam_schedule').update({ is_active: false }).eq('id', id).select())).toHaveLength(1)
        expect(must(await service.from('exam_schedule').select('*').eq('id', id).single())).toEqual(edited)

        succeeded(await admin.from('exam_schedule').delete().eq('id', id))
        expect(must(await service.from('exam_schedule').select('id').eq('id', id))).toEqual([])
      } finally {
        if (id) succeeded(await service.from('exam_schedule').delete().eq('id', id))
      }
    })
  })

  describe('admin_users', () => {
    it('sees who the administrators are, but cannot add one', async () => {
      const { data, error } = await admin.from('admin_users').select('*')
      expect(error).toBeNull()
      expect(data?.map((row) => row.email)).toContain(stack.adminEmail)

      const before = await everyTable()
      expectPermissionDenied(
        await admin.from('admin_users').insert({ user_id: randomUUID(), email: 'another-admin@holdfast.test' }),
        'insert admin_users',
      )
      expect(await everyTable()).toEqual(before)
    })
  })
})

describe('exams', () => {
  type Exam = Database['public']['Tables']['exams']['Row']
  const made: string[] = []
  const allExams = async () => must(await service.from('exams').select('*').order('id'))

  /** An exam of this block's own (deleted after it, with its sittings), with a sitting if told. */
  async function exam(fields: { archived_at?: string }, sitting?: { is_active: boolean }): Promise<Exam> {
    const row = must(
      await service
        .from('exams')
        .insert({ name: `Matrix exam ${randomUUID().slice(0, 8)}`, ...fields })
        .select()
        .single(),
    )
    made.push(row.id)
    if (sitting) {
      succeeded(
        await service.from('exam_schedule').insert({
          exam_id: row.id,
          exam_name: row.name,
          start_time: isoFromNow(-hour),
          end_time: isoFromNow(hour),
          ...sitting,
        }),
      )
    }
    return row
  }

  afterAll(async () => {
    succeeded(await service.from('exams').delete().in('id', made))
  })

  it('shows a visitor only the id and name of the exams in use with an active sitting', async () => {
    const shown = await exam({}, { is_active: true })
    const switchedOff = await exam({}, { is_active: false })
    const archived = await exam({ archived_at: isoFromNow(-minute) }, { is_active: true })
    const withoutSitting = await exam({})
    const seen = must(await anon.from('exams').select('id, name'))
    expect(seen).toContainEqual({ id: shown.id, name: shown.name })
    expect(seen).toContainEqual({ id: seedExam.id, name: seedExam.name })
    for (const hidden of [switchedOff, archived, withoutSitting]) expect(seen.map((e) => e.id)).not.toContain(hidden.id)
    for (const columns of ['*', 'archived_at', 'default_duration_minutes', 'created_at']) {
      expectPermissionDenied(await anon.from('exams').select(columns), `select ${columns}`)
    }
  })

  it('lets neither a visitor nor a non-administrator change an exam', async () => {
    await exam({}, { is_active: true })
    const before = await allExams()
    for (const [who, client] of [
      ['anon', anon],
      ['non-admin', nonAdmin],
    ] as const) {
      const writes = writeAttempts(client).exams
      expectPermissionDenied(await writes.insert(), `${who} insert`)
      expectRefusedOrNothing(await writes.update(), `${who} update`)
      expectRefusedOrNothing(await writes.delete(), `${who} delete`)
    }
    expect(await allExams()).toEqual(before)
  })

  it('lets the administrator read every exam, create, rename, archive and bring one back, but not delete one', async () => {
    const archived = await exam({ archived_at: isoFromNow(-minute) })
    expect(must(await admin.from('exams').select('id')).map((e) => e.id)).toEqual(
      expect.arrayContaining([seedExam.id, archived.id]),
    )
    const created = must(
      await admin
        .from('exams')
        .insert({ name: `Admin exam ${randomUUID().slice(0, 8)}` })
        .select()
        .single(),
    )
    made.push(created.id)
    const renamed = must(
      await admin
        .from('exams')
        .update({ name: `${created.name} 2` })
        .eq('id', created.id)
        .select()
        .single(),
    )
    expect(renamed.name).toBe(`${created.name} 2`)
    const archivedNow = must(
      await admin
        .from('exams')
        .update({ archived_at: isoFromNow(0) })
        .eq('id', created.id)
        .select()
        .single(),
    )
    expect(archivedNow.archived_at).not.toBeNull()
    expect(
      must(await admin.from('exams').update({ archived_at: null }).eq('id', created.id).select().single()).archived_at,
    ).toBeNull()

    const before = await allExams()
    expectPermissionDenied(await writeAttempts(admin).exams.delete(), 'admin delete')
    expectPermissionDenied(
      await admin
        .from('exams')
        .update({ created_at: isoFromNow(-day) })
        .eq('id', created.id)
        .select(),
      'admin update created_at',
    )
    expect(await allExams()).toEqual(before)
    succeeded(await service.from('exams').delete().eq('id', archived.id))
    expect(must(await service.from('exams').select('id').eq('id', archived.id))).toEqual([])
  })
})

describe('constraints the database enforces', () => {
  /** The call fails with `sqlState` naming `constraint`, and no table changed. */
  async function expectViolation(attempt: Attempt, sqlState: '23505' | '23514', constraint: string): Promise<void> {
    const before = await everyTable()
    const { data, error } = await attempt()
    expect(error?.code, constraint).toBe(sqlState)
    expect(error?.message).toContain(constraint)
    expect(data).toBeNull()
    expect(await everyTable()).toEqual(before)
  }

  it('login codes must be 8 characters from A-Z and 0-9', async () => {
    const valid = randomCode()
    for (const code of [valid.toLowerCase(), valid.slice(0, 7), `${valid}A`, `${valid.slice(0, 7)}-`, `${valid.slice(0, 7)} `]) {
      await expectViolation(() => admin.from('login_codes').insert({ code }).select(), '23514', 'login_codes_code_check')
    }
    // Only the operator's key may rename a code (an administrator may change only its extra time).
    await expectViolation(
      () => service.from('login_codes').update({ code: 'short' }).eq('id', fixture.code.id).select(),
      '23514',
      'login_codes_code_check',
    )
  })

  it('login codes are unique', async () => {
    await expectViolation(
      () => admin.from('login_codes').insert({ code: fixture.code.code }).select(),
      '23505',
      'login_codes_code_key',
    )
  })

  it('a code cannot be unused yet name who used it', async () => {
    await expectViolation(
      () => service.from('login_codes').update({ used_by: 'Somebody' }).eq('id', fixture.code.id).select(),
      '23514',
      'login_codes_used_fields',
    )
    expect(await readCode(fixture.code.code)).toEqual(fixture.code)
  })

  it('question numbers are unique and at least 1', async () => {
    const question = (question_number: number) => ({ question_number, question_text: 'Constraint?', ...mcq, correct_answer: 'A' })
    await expectViolation(
      () => admin.from('questions').insert(question(firstQuestion.question_number)).select(),
      '23505',
      'questions_exam_id_question_number_key',
    )
    await expectViolation(
      () =>
        admin.from('questions').update({ question_number: firstQuestion.question_number }).eq('id', fixture.question.id).select(),
      '23505',
      'questions_exam_id_question_number_key',
    )
    for (const number of [0, -1]) {
      await expectViolation(
        () => admin.from('questions').insert(question(number)).select(),
        '23514',
        'questions_question_number_check',
      )
    }
  })

  it('correct_answer is A, B, C, D or DESCRIPTIVE', async () => {
    for (const answer of ['E', 'a', '', 'descriptive']) {
      await expectViolation(
        () =>
          admin
            .from('questions')
            .insert({ question_number: randomQuestionNumber(), question_text: 'Constraint?', ...mcq, correct_answer: answer })
            .select(),
        '23514',
        'questions_correct_answer_check',
      )
    }
    const number = randomQuestionNumber()
    try {
      const descriptive = must(
        await admin
          .from('questions')
          .insert({ question_number: number, question_text: 'Write a detailed answer...', correct_answer: 'DESCRIPTIVE' })
          .select()
          .single(),
      )
      expect(descriptive).toMatchObject({ correct_answer: 'DESCRIPTIVE', option_a: '', option_d: '' })
    } finally {
      succeeded(await service.from('questions').delete().eq('question_number', number))
    }
  })

  it('duration is 5 to 180 minutes', async () => {
    const schedule = (duration_minutes: number) => ({
      exam_name: 'Duration check',
      start_time: isoFromNow(hour),
      end_time: isoFromNow(2 * hour),
      duration_minutes,
      is_active: false,
    })
    for (const minutes of [4, 181, 0]) {
      await expectViolation(
        () => admin.from('exam_schedule').insert(schedule(minutes)).select(),
        '23514',
        'exam_schedule_duration_minutes_check',
      )
    }
    const ids: string[] = []
    try {
      for (const minutes of [5, 180]) {
        const row = must(await admin.from('exam_schedule').insert(schedule(minutes)).select().single())
        ids.push(row.id)
        expect(row.duration_minutes).toBe(minutes)
      }
    } finally {
      succeeded(await service.from('exam_schedule').delete().in('id', ids))
    }
  })

  it('end_time must be after start_time', async () => {
    const start = isoFromNow(hour)
    for (const end of [start, isoFromNow(hour - minute)]) {
      await expectViolation(
        () =>
          admin
            .from('exam_schedule')
            .insert({ exam_name: 'Backwards', start_time: start, end_time: end, is_active: false })
            .select(),
        '23514',
        'exam_schedule_end_after_start',
      )
    }
    await expectViolation(
      () =>
        admin
          .from('exam_schedule')
          .update({ end_time: fixture.inactiveSchedule.start_time })
          .eq('id', fixture.inactiveSchedule.id)
          .select(),
      '23514',
      'exam_schedule_end_after_start',
    )
  })

  it('one submission per login code', async () => {
    await expectViolation(
      () => service.from('submissions').insert(submissionRow(fixture.usedCode.code)).select(),
      '23505',
      'submissions_login_code_key',
    )
  })
})

describe('correct answers never reach a visitor or a non-administrator', () => {
  it('are refused to anon and invisible to a non-administrator as table reads', async () => {
    expectPermissionDenied(await anon.from('questions').select('question_number, correct_answer'), 'anon questions')
    const { data, error } = await nonAdmin.from('questions').select('question_number, correct_answer')
    expect(error).toBeNull()
    expect(data).toEqual([])
  })

  it.each([
    ['anon', () => anon],
    ['a non-administrator', () => nonAdmin],
  ] as const)('are absent from every student function answer for %s', async (_who, client) => {
    const code = await createCode()
    try {
      const answers: unknown[] = []
      answers.push(codeStatus(must(await client().rpc('check_login_code', { code: code.code }))))
      const questions = must(await client().rpc('exam_questions', { code: code.code }))
      expect(questions).toMatchObject({ outcome: 'ok' })
      answers.push(questions)
      answers.push(must(await client().rpc('lookup_result', { code: code.code })))
      answers.push(must(await client().rpc('lookup_result', { code: randomCode() })))
      const receipt = must(
        await client().rpc('submit_exam', {
          submission_id: randomUUID(),
          code: code.code,
          student_name: 'Leak Check',
          answers: { '1': 'A', '2': 'B' },
          tab_switches: 0,
          time_taken: 60,
          started_at: isoFromNow(-2 * minute),
          submitted_at: isoFromNow(0),
        }),
      )
      expect(receipt).toMatchObject({ outcome: 'accepted' })
      answers.push(receipt)
      answers.push(must(await client().rpc('exam_questions', { code: code.code })))
      for (const answer of answers) {
        expect(hasKeyDeep(answer, 'correct_answer')).toBe(false)
        expect(JSON.stringify(answer)).not.toContain('correct_answer')
      }
    } finally {
      await deleteCodes([code.code])
    }
  })

  it.each([
    ['anon', () => anon],
    ['a non-administrator', () => nonAdmin],
  ] as const)('leaves the internal functions uncallable for %s', async (_who, client) => {
    const before = await everyTable()
    expectPermissionDenied(await client().rpc('apply_retention'), 'apply_retention')
    expectPermissionDenied(await client().rpc('normalize_login_code', { code: 'abc' }), 'normalize_login_code')
    expectPermissionDenied(await client().rpc('answers_fingerprint', { answers: { '1': 'A' } }), 'answers_fingerprint')
    expect(await everyTable()).toEqual(before)
  })
})

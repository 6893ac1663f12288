import { randomInt } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, afterEach, expect } from 'vitest'
import type { Database, Tables, TablesInsert } from '../../src/lib/api/database.types.ts'
import { anonClient, serviceClient } from './clients.ts'

/** Test data arranged (and cleaned up) with the service role, behind row-level security's back. */

export type Question = Tables<'questions'>
export type LoginCode = Tables<'login_codes'>
export type Schedule = Tables<'exam_schedule'>
export type Submission = Tables<'submissions'>

export const zeroUuid = '00000000-0000-0000-0000-000000000000'

const service = serviceClient()

interface Result {
  data: unknown
  error: { code: string; message: string } | null
}

/** The data of a call that must succeed; a failure names the server's error. */
export function must<R extends Result>(result: R): NonNullable<R['data']> {
  if (result.error) throw new Error(`unexpected error ${result.error.code}: ${result.error.message}`)
  if (result.data === null || result.data === undefined) throw new Error('unexpected empty answer')
  return result.data
}

/** For calls that answer no data (a delete without select): only the error matters. */
export function succeeded(result: { error: { code: string; message: string } | null }): void {
  if (result.error) throw new Error(`unexpected error ${result.error.code}: ${result.error.message}`)
}

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'

/** 8 random characters from A-Z0-9: a login code no other test shares. */
export function randomCode(): string {
  let code = ''
  for (let i = 0; i < 8; i++) code += alphabet[randomInt(alphabet.length)]
  return code
}

/** A question number far above the bank's 1-50, so fixtures never collide with seeded or admin-made questions. */
export function randomQuestionNumber(): number {
  return randomInt(100_000, 2_000_000_000)
}

/** An ISO time `offsetMs` from now. */
export function isoFromNow(offsetMs: number): string {
  return new Date(Date.now() + offsetMs).toISOString()
}

export const minute = 60_000
export const hour = 60 * minute
export const day = 24 * hour

export async function createCode(fields: Partial<TablesInsert<'login_codes'>> = {}): Promise<LoginCode> {
  return must(
    await service
      .from('login_codes')
      .insert({ code: randomCode(), ...fields })
      .select()
      .single(),
  )
}

export async function readCode(code: string): Promise<LoginCode> {
  return must(await service.from('login_codes').select('*').eq('code', code).single())
}

export async function submissionsFor(code: string): Promise<Submission[]> {
  return must(await service.from('submissions').select('*').eq('login_code', code))
}

export async function deleteCodes(codes: string[]): Promise<void> {
  succeeded(await service.from('submissions').delete().in('login_code', codes))
  succeeded(await service.from('login_codes').delete().in('code', codes))
}

/** The login codes one file's tests make, deleted after the file. */
export interface FileCodes {
  /** Creates a code no other test shares and answers it. */
  newCode(fields?: Partial<TablesInsert<'login_codes'>>): Promise<string>
  /** A code that does not exist (remembered, in case a broken function creates it). */
  unknownCode(): string
}

/**
 * Registers the hook that deletes every code the file made or named, with its submissions, and
 * checks that its attempts went with it.
 */
export function loginCodesPerFile(): FileCodes {
  const made: string[] = []
  afterAll(async () => {
    if (made.length === 0) return
    await deleteCodes(made)
    expect(must(await service.from('exam_attempts').select('id').in('login_code', made))).toEqual([])
  })
  return {
    async newCode(fields = {}) {
      const { code } = await createCode(fields)
      made.push(code)
      return code
    },
    unknownCode() {
      const code = randomCode()
      made.push(code)
      return code
    },
  }
}

/**
 * The attempt ids a file's tests start (push each one): after every test their time (and its 2
 * minutes of grace) is made over, so the next test's room has nobody still writing
 * (add_time_for_everyone, held solutions).
 */
export function attemptsEndedAfterEachTest(): string[] {
  const started: string[] = []
  afterEach(async () => {
    succeeded(
      await service
        .from('exam_attempts')
        .update({ deadline: isoFromNow(-3 * minute) })
        .in('id', started.splice(0)),
    )
  })
  return started
}

/** Every question, in question_number order. */
export async function allQuestions(): Promise<Question[]> {
  return must(await service.from('questions').select('*').order('question_number'))
}

/** question_number → correct_answer, as stored. */
export async function answerKey(): Promise<Map<number, string>> {
  return new Map((await allQuestions()).map((q) => [q.question_number, q.correct_answer]))
}

/** The bank as the exam should use it: text, four options and an answer in A-D. */
export function isUsableMcq(q: Question): boolean {
  return (
    ['A', 'B', 'C', 'D'].includes(q.correct_answer) &&
    [q.question_text, q.option_a, q.option_b, q.option_c, q.option_d].every((text) => text.trim() !== '')
  )
}

/** Runs `work` with extra questions in the bank, and removes them afterwards. */
export async function withQuestions<T>(
  rows: Array<Omit<TablesInsert<'questions'>, 'question_number'>>,
  work: (questions: Question[]) => Promise<T>,
): Promise<T> {
  const inserted = must(
    await service
      .from('questions')
      .insert(rows.map((row) => ({ question_number: randomQuestionNumber(), ...row })))
      .select(),
  )
  try {
    return await work(inserted)
  } finally {
    succeeded(
      await service
        .from('questions')
        .delete()
        .in(
          'id',
          inserted.map((q) => q.id),
        ),
    )
  }
}

/** Puts the question bank back exactly as `snapshot` (same ids, numbers and created_at). */
export async function restoreQuestions(snapshot: Question[]): Promise<void> {
  succeeded(await service.from('questions').delete().neq('id', zeroUuid))
  if (snapshot.length > 0) succeeded(await service.from('questions').insert(snapshot))
}

/** Runs `work`, which may empty or change the question bank, and restores the bank afterwards. */
export async function withQuestionBankRestored<T>(work: (snapshot: Question[]) => Promise<T>): Promise<T> {
  const snapshot = await allQuestions()
  try {
    return await work(snapshot)
  } finally {
    await restoreQuestions(snapshot)
  }
}

/**
 * Runs `work` with a new exam schedule (active unless told otherwise). Made now, it is the
 * newest, so while active it is the exam students take; it is deleted afterwards.
 */
export async function withSchedule<T>(
  fields: Partial<TablesInsert<'exam_schedule'>> & Pick<TablesInsert<'exam_schedule'>, 'start_time' | 'end_time'>,
  work: (schedule: Schedule) => Promise<T>,
): Promise<T> {
  const schedule = must(
    await service
      .from('exam_schedule')
      .insert({ exam_name: 'Integration test window', is_active: true, duration_minutes: 30, ...fields })
      .select()
      .single(),
  )
  try {
    return await work(schedule)
  } finally {
    succeeded(await service.from('exam_schedule').delete().eq('id', schedule.id))
  }
}

/**
 * Runs `work` with no schedule that could still hold solutions: every active one, and every
 * inactive one not over yet (an inactive sitting to come holds them too), the seed's open window
 * among them, is made inactive and moved a month into the past meanwhile, and put back afterwards.
 */
export async function withNoActiveSchedule<T>(work: () => PromiseLike<T>): Promise<T> {
  const setAside = must(
    await service
      .from('exam_schedule')
      .select('id, is_active, start_time, end_time')
      .or(`is_active.eq.true,end_time.gt.${new Date().toISOString()}`),
  )
  for (const schedule of setAside) {
    succeeded(
      await service
        .from('exam_schedule')
        .update({ is_active: false, start_time: isoFromNow(-30 * day - hour), end_time: isoFromNow(-30 * day) })
        .eq('id', schedule.id),
    )
  }
  try {
    return await work()
  } finally {
    for (const { id, ...was } of setAside) succeeded(await service.from('exam_schedule').update(was).eq('id', id))
  }
}

/**
 * Runs `work` with a new active schedule (see withSchedule) as the only active one (see
 * withNoActiveSchedule). Held solutions wait for every active schedule, so a test of their
 * release owns them all.
 */
export async function withOnlySchedule<T>(
  fields: Partial<TablesInsert<'exam_schedule'>> & Pick<TablesInsert<'exam_schedule'>, 'start_time' | 'end_time'>,
  work: (schedule: Schedule) => Promise<T>,
): Promise<T> {
  return withNoActiveSchedule(() => withSchedule(fields, work))
}

/**
 * Runs `work` with every attempt still running (any file's, deadline and 2 minutes of grace not
 * yet past) out of time, their deadlines put back afterwards: held solutions wait for every
 * attempt started in the last 24 hours without a submission. Attempts `work` starts are its own.
 */
export async function withEveryAttemptOver<T>(work: () => PromiseLike<T>): Promise<T> {
  const running: Array<{ id: string; deadline: string }> = []
  for (let from = 0; ; from += 1000) {
    const batch = must(
      await service
        .from('exam_attempts')
        .select('id, deadline')
        .gt('deadline', isoFromNow(-3 * minute))
        .order('id')
        .range(from, from + 999),
    )
    running.push(...batch)
    if (batch.length < 1000) break
  }
  const ids = running.map((a) => a.id)
  for (let i = 0; i < ids.length; i += 100) {
    succeeded(
      await service
        .from('exam_attempts')
        .update({ deadline: isoFromNow(-3 * minute) })
        .in('id', ids.slice(i, i + 100)),
    )
  }
  try {
    return await work()
  } finally {
    for (const { id, deadline } of running) {
      succeeded(await service.from('exam_attempts').update({ deadline }).eq('id', id))
    }
  }
}

/**
 * Runs `work` where the exam is over for everyone: every running attempt out of time (see
 * withEveryAttemptOver) and, as the only active schedule, a window that closed 22 hours ago, so no
 * code can start (a code's extra minutes move its end by 3 hours at most).
 */
export async function withEveryExamOver<T>(work: () => PromiseLike<T>): Promise<T> {
  return withEveryAttemptOver(() =>
    withOnlySchedule({ start_time: isoFromNow(-23 * hour), end_time: isoFromNow(-22 * hour) }, async () => await work()),
  )
}

/**
 * Runs `work` with no solutions shown at or after `moment` (any file's, as their first showing is
 * kept), those marks moved to a minute before it meanwhile and put back afterwards.
 */
export async function withNoSolutionsShownSince<T>(moment: string, work: () => Promise<T>): Promise<T> {
  const shown = must(await service.from('submissions').select('id, solutions_shown_at').gte('solutions_shown_at', moment))
  const before = new Date(Date.parse(moment) - minute).toISOString()
  if (shown.length > 0) {
    succeeded(
      await service
        .from('submissions')
        .update({ solutions_shown_at: before })
        .in(
          'id',
          shown.map((s) => s.id),
        ),
    )
  }
  try {
    return await work()
  } finally {
    for (const { id, solutions_shown_at } of shown) {
      succeeded(await service.from('submissions').update({ solutions_shown_at }).eq('id', id))
    }
  }
}

type TableName = keyof Database['public']['Tables']

/** Every row of `table` ordered by `key`, read a page at a time: a read returns at most max_rows rows. */
async function allRows<T extends TableName>(table: T, key: string): Promise<Tables<T>[]> {
  const page = 1000
  const rows: Tables<T>[] = []
  for (let from = 0; ; from += page) {
    const batch = must(
      await service
        .from(table)
        .select('*')
        .order(key)
        .range(from, from + page - 1),
    ) as unknown as Tables<T>[]
    rows.push(...batch)
    if (batch.length < page) return rows
  }
}

/** Every row of every table, ordered by key: to show a refused call changed nothing. */
export async function everyTable() {
  return {
    admin_users: await allRows('admin_users', 'user_id'),
    attempt_moves: await allRows('attempt_moves', 'id'),
    exam_attempts: await allRows('exam_attempts', 'id'),
    exam_schedule: await allRows('exam_schedule', 'id'),
    login_codes: await allRows('login_codes', 'id'),
    questions: await allRows('questions', 'id'),
    submissions: await allRows('submissions', 'id'),
  }
}

export type SubmitExamArgs = Database['public']['Functions']['submit_exam']['Args']

/** submit_exam's arguments for `code`, as the student app sends them: a new submission id each time. */
export function submitExamArgs(code: string, fields: Partial<SubmitExamArgs> = {}): SubmitExamArgs {
  return {
    submission_id: crypto.randomUUID(),
    code,
    student_name: 'Ada Lovelace',
    answers: { '1': 'A', '2': 'B', '3': 'C' },
    tab_switches: 2,
    time_taken: 540,
    started_at: isoFromNow(-10 * minute),
    submitted_at: isoFromNow(-minute),
    ...fields,
  }
}

/** What exam_questions answers a device that starts a code. */
export type StartedExam = { outcome: 'ok'; questions: Array<{ question_number: number }>; deadline: string } & Record<
  string,
  unknown
>

export type ReportArgs = Database['public']['Functions']['report_exam_attempt']['Args']

/** report_exam_attempt's arguments for an attempt of `code`, as the device sends them: in progress, nothing answered. */
export function reportArgs(attemptId: string, code: string, fields: Partial<ReportArgs> = {}): ReportArgs {
  return {
    attempt_id: attemptId,
    code,
    answered_count: 0,
    tab_switches: 0,
    state: 'in_progress',
    online: true,
    reported_at: isoFromNow(0),
    ...fields,
  }
}

/**
 * What the student's device does every 30 s while writing: reports its attempt's answers, which an
 * answer file is later checked against (docs/product.md#offline-answers-and-answer-files). The report must be taken.
 */
export async function reportAnswers(attemptId: string, code: string, answers: Record<string, string>): Promise<void> {
  const args = reportArgs(attemptId, code, { answered_count: Object.keys(answers).length, answers })
  const reply = must(await anonClient().rpc('report_exam_attempt', args)) as { outcome: string }
  expect(reply.outcome).toBe('ok')
}

/**
 * Starts `code` as a device does before it submits: exam_questions records the attempt
 * `attemptId` (a device's attempt id is its submission id) and takes the code's snapshot. A
 * submission needs a recorded start (migration 20261127000300).
 */
export async function startExam(
  code: string,
  attemptId: string = crypto.randomUUID(),
  client: SupabaseClient<Database> = service,
): Promise<StartedExam> {
  const started = must(await client.rpc('exam_questions', { code, attempt_id: attemptId, student_name: 'Ada Lovelace' }))
  if ((started as { outcome?: unknown }).outcome !== 'ok') throw new Error(`starting ${code} answered ${JSON.stringify(started)}`)
  return started as StartedExam
}

/** submit_exam's arguments for `code` (see submitExamArgs), its attempt started first, as a device starts it. */
export async function startedSubmission(code: string, fields: Partial<SubmitExamArgs> = {}): Promise<SubmitExamArgs> {
  const args = submitExamArgs(code, fields)
  await startExam(code, args.submission_id)
  return args
}

/**
 * Moves the recorded start of `code` (every attempt of it) to `startedAt`, with its deadline at
 * `deadline`: as if it had started then, for the lateness rule and the server's timings.
 */
export async function moveStart(code: string, startedAt: string, deadline: string): Promise<void> {
  succeeded(
    await service.from('exam_attempts').update({ started_at: startedAt, deadline }).eq('login_code', code.trim().toUpperCase()),
  )
}

/** Moves when the code's questions were served (its snapshot in attempt_questions) to `takenAt`, for the clean-up. */
export async function moveSnapshotTaken(code: string, takenAt: string): Promise<void> {
  succeeded(await service.from('attempt_questions').update({ taken_at: takenAt }).eq('login_code', code))
}

/**
 * Moves a submission, and the recorded start of its code, 20 hours into the past: its own 2 minutes
 * of grace are long over and it is still within its day (for 4 more hours). Its detailed solutions
 * are out once every other attempt is over too (withEveryExamOver).
 */
export async function moveSubmissionPastItsExam(submissionId: string): Promise<void> {
  const [moved] = must(
    await service
      .from('submissions')
      .update({ started_at: isoFromNow(-20 * hour), submitted_at: isoFromNow(-20 * hour + 10 * minute) })
      .eq('id', submissionId)
      .select('login_code'),
  )
  if (moved) await moveStart(moved.login_code, isoFromNow(-20 * hour), isoFromNow(-20 * hour + 30 * minute))
}

/** A submission row as the service role (the operator's key; administrators cannot) would store it directly. */
export function submissionRow(code: string, fields: Partial<TablesInsert<'submissions'>> = {}): TablesInsert<'submissions'> {
  return {
    id: crypto.randomUUID(),
    student_name: 'Fixture Student',
    login_code: code,
    answers: { '1': 'A' },
    answers_fingerprint: 'fixture',
    score: 0,
    tab_switches: 0,
    time_taken: 60,
    started_at: isoFromNow(-2 * minute),
    submitted_at: isoFromNow(-minute),
    ...fields,
  }
}

/** check_login_code's outcome, what the code step decides on (for an unused code it also names the exam and sitting). */
export function codeStatus(answer: unknown): string {
  return (answer as { outcome: string }).outcome
}

import { randomInt, randomUUID } from 'node:crypto'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { AxeBuilder } from '@axe-core/playwright'
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest'
import WebSocket from 'ws'
import type { Database, Tables, TablesInsert } from '../../src/lib/api/database.types.ts'
import { loginCodeAlphabet } from '../../src/domain/login-code-generator.ts'
import { launchChromium } from './browser.ts'

/**
 * What the e2e files share: the browser they drive, data arranged and checked behind
 * row-level security's back, and the steps a student or an administrator takes.
 */

export const appUrl = inject('appUrl')

export const minute = 60 * 1000
export const day = 24 * 60 * minute
/** The ISO time `ms` from now (before it when negative). */
export const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString()

// The browser

/**
 * Registers the hooks for one Chromium and one page that all the file's tests share, handed
 * to `use` before the file's own beforeAll hooks run.
 */
export function pagePerFile(use: (opened: { browser: Browser; page: Page }) => void): void {
  let browser: Browser | undefined
  beforeAll(async () => {
    browser = await launchChromium()
    use({ browser, page: await browser.newPage() })
  })
  afterAll(async () => {
    await browser?.close()
  })
}

/**
 * Registers the hooks for one Chromium per file and a fresh context (its own storage and
 * IndexedDB) and page per test, handed to `use`. A test fails if its page threw.
 */
export function pagePerTest(use: (opened: { context: BrowserContext; page: Page }) => void): void {
  let browser: Browser | undefined
  let context: BrowserContext | undefined
  let pageErrors: Error[] = []
  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
  })
  beforeEach(async () => {
    if (!browser) throw new Error('Chromium did not start')
    context = await browser.newContext()
    pageErrors = []
    context.on('weberror', (error) => pageErrors.push(error.error()))
    use({ context, page: await context.newPage() })
  })
  afterEach(async () => {
    await context?.close()
    expect(pageErrors).toEqual([])
  })
}

/**
 * Registers the hooks for students of a file whose page belongs to someone else (the
 * administrator): each `newStudent(more)` is a browser context of its own (its own storage, made with
 * `options` and then `more`), closed after the test, and the test fails if a student's page threw.
 */
export function studentsPerTest(
  browser: () => Browser,
  options: BrowserContextOptions = {},
): (more?: BrowserContextOptions) => Promise<{ context: BrowserContext; page: Page }> {
  let students: BrowserContext[] = []
  let studentErrors: Error[] = []
  afterEach(async () => {
    for (const context of students) await context.close()
    students = []
    // Emptied before the check, so a page that threw fails its own test only.
    const errors = studentErrors
    studentErrors = []
    expect(errors).toEqual([])
  })
  return async (more = {}) => {
    const context = await browser().newContext({ ...options, ...more })
    context.on('weberror', (error) => studentErrors.push(error.error()))
    students.push(context)
    return { context, page: await context.newPage() }
  }
}

/** The phone issue 27 was tried on: a 390×844 screen, touch, as Chromium's device emulation gives it. */
export const phoneViewport = { width: 390, height: 844 }
export const phone: BrowserContextOptions = { viewport: phoneViewport, isMobile: true, hasTouch: true }

/** The desktop issue 28's admin screens were tried on: a 1280×800 screen. */
export const desktopViewport = { width: 1280, height: 800 }
export const desktop: BrowserContextOptions = { viewport: desktopViewport }

/** Both sizes, named, for a `describe.each` whose every test runs at a desktop's size and a phone's. */
export const desktopAndPhone: Array<[string, BrowserContextOptions]> = [
  ['desktop', desktop],
  ['phone', phone],
]

/**
 * Registers the hooks of a file whose tests each use phones of their own: one Chromium for the file, and each
 * `newPhone(more)` a browser context (its own storage) of a phone's size with the options `more` (a locale, say),
 * closed after the test, which fails if a phone's page threw.
 */
export function phonesPerTest(): (more?: BrowserContextOptions) => Promise<{ context: BrowserContext; page: Page }> {
  let browser: Browser | undefined
  pagePerFile((opened) => (browser = opened.browser))
  return studentsPerTest(() => {
    if (!browser) throw new Error('Chromium did not start')
    return browser
  }, phone)
}

/**
 * Fails with the rules and places of every serious or critical violation axe-core finds on the page as it is,
 * or only within the elements `include` selects.
 */
export async function expectAccessible(page: Page, screen: string, include?: string): Promise<void> {
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] })
  const { violations } = await (include === undefined ? axe : axe.include(include)).analyze()
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ rule: violation.id, where: violation.nodes.map((node) => node.target.join(' ')) }))
  expect(serious, screen).toEqual([])
}

/** Waits for the text as a whole element's text, e.g. a green success message or the red banner. */
export async function waitForText(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).waitFor()
}

// Data, arranged and checked with the service role

type Client = SupabaseClient<Database>

function client(key: string): Client {
  return createClient<Database>(appUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  })
}

export const service = client(inject('appServiceRoleKey'))
/** What a student's browser is. */
export const anon = client(inject('appAnonKey'))

/** The data of a supabase-js reply; an error or an empty answer fails the test. */
export function dataOf<T>({ data, error }: { data: T | null; error: { message: string } | null }): NonNullable<T> {
  if (error) throw new Error(`unexpected error: ${error.message}`)
  if (data === null || data === undefined) throw new Error('unexpected empty answer')
  return data
}

/** 8 characters of the login codes' alphabet (A-Z and 0-9 without O, I and L), like the codes the app makes. */
export function randomCode(): string {
  return Array.from({ length: 8 }, () => loginCodeAlphabet[randomInt(loginCodeAlphabet.length)]).join('')
}

/** The active sitting examsPerFile gives an exam, each field as the default says. */
export interface TestSitting {
  /** The sitting's name; the exam's by default. */
  name?: string
  /** When it closes, from now; 2 hours by default. */
  endsInMs?: number
  /** 30 by default. */
  durationMinutes?: number
}

/**
 * Registers the hook that deletes the file's exams (their questions, sittings, codes, attempts and submissions)
 * after it; the function makes one: `questions` with an active sitting open from 10 minutes ago, as `sitting`
 * says, which shuffles questions and options as every new sitting does. `newCode(code)` gives the exam a login
 * code, a random one by default.
 */
export function examsPerFile(): (
  name: string,
  questions: Array<Omit<TablesInsert<'questions'>, 'exam_id'>>,
  sitting?: TestSitting,
) => Promise<{ id: string; sittingId: string; newCode: (code?: string) => Promise<string> }> {
  const examIds: string[] = []
  afterAll(async () => {
    // Submissions keep their exam (no cascade); everything else of an exam goes with it.
    dataOf(await service.from('submissions').delete().in('exam_id', examIds).select('id'))
    dataOf(await service.from('exams').delete().in('id', examIds).select('id'))
  })
  return async (name, questions, { name: sittingName = name, endsInMs = 120 * minute, durationMinutes = 30 } = {}) => {
    const { id } = dataOf(await service.from('exams').insert({ name }).select('id').single()) as Pick<Tables<'exams'>, 'id'>
    examIds.push(id)
    dataOf(
      await service
        .from('questions')
        .insert(questions.map((question) => ({ ...question, exam_id: id })))
        .select('id'),
    )
    const { id: sittingId } = dataOf(
      await service
        .from('exam_schedule')
        .insert({
          exam_id: id,
          exam_name: sittingName,
          start_time: fromNow(-10 * minute),
          end_time: fromNow(endsInMs),
          duration_minutes: durationMinutes,
        })
        .select('id')
        .single(),
    )
    const newCode = async (code = randomCode()) => {
      dataOf(await service.from('login_codes').insert({ code, exam_id: id }).select('code'))
      return code
    }
    return { id, sittingId, newCode }
  }
}

/** Creates a login code no other test uses; `createdAt` back-dates it. */
export async function createLoginCode(createdAt?: string): Promise<string> {
  const code = randomCode()
  dataOf(
    await service
      .from('login_codes')
      .insert({ code, ...(createdAt ? { created_at: createdAt } : {}) })
      .select()
      .single(),
  )
  return code
}

/** Registers the hook that deletes the file's codes (with their submissions) after it; the function makes one. */
export function loginCodesPerFile(): () => Promise<string> {
  const codes: string[] = []
  afterAll(async () => {
    await deleteLoginCodes(codes)
  })
  return async () => {
    const code = await createLoginCode()
    codes.push(code)
    return code
  }
}

/** Deletes the codes and their submissions. */
export async function deleteLoginCodes(codes: string[]): Promise<void> {
  dataOf(await service.from('submissions').delete().in('login_code', codes).select())
  dataOf(await service.from('login_codes').delete().in('code', codes).select())
}

export type Question = Pick<Tables<'questions'>, 'question_number' | 'correct_answer'>

/** The questions the exam uses, in order (the seeded bank: 1 to 50). */
export async function examQuestions(): Promise<Question[]> {
  const rows = dataOf(await service.from('questions').select('*').order('question_number'))
  return rows.filter(
    (q) =>
      ['A', 'B', 'C', 'D'].includes(q.correct_answer) &&
      [q.question_text, q.option_a, q.option_b, q.option_c, q.option_d].every((text) => text.trim() !== ''),
  )
}

/** question_number → correct answer, for every question in the bank. */
export async function answerKey(): Promise<Map<number, string>> {
  const questions = dataOf(await service.from('questions').select('question_number, correct_answer').order('question_number'))
  return new Map(questions.map((q) => [q.question_number, q.correct_answer]))
}

/** A letter that is not `correct`: a wrong answer the test can predict. */
export function wrongAnswer(correct: string | undefined): string {
  return correct === 'A' ? 'B' : 'A'
}

/**
 * Starts the exam of `code` the way the student app does (the anonymous exam_questions RPC, which
 * records the attempt `attemptId`): a submission needs a recorded start. Answers its deadline.
 */
export async function startExamOf(code: string, attemptId: string, studentName: string): Promise<{ deadline: string }> {
  const started = dataOf(await anon.rpc('exam_questions', { code, attempt_id: attemptId, student_name: studentName })) as {
    outcome: string
    deadline: string
  }
  if (started.outcome !== 'ok') throw new Error(`exam_questions answered ${started.outcome}`)
  return started
}

/**
 * Starts and submits an exam the way the student app does (the anonymous exam_questions and
 * submit_exam RPCs), taken in 12:34: the recorded start is moved 12:34 back, and the server's time
 * taken pinned to it (without the moment between the two calls).
 */
export async function submitExam(
  code: string,
  studentName: string,
  answers: Record<string, string>,
  tabSwitches = 2,
): Promise<{ score: number; answers_fingerprint: string }> {
  const submissionId = randomUUID()
  const takenMs = 754_000
  await startExamOf(code, submissionId, studentName)
  const now = Date.now()
  dataOf(
    await service
      .from('exam_attempts')
      .update({ started_at: new Date(now - takenMs).toISOString() })
      .eq('id', submissionId)
      .select('id'),
  )
  const receipt = dataOf(
    await anon.rpc('submit_exam', {
      submission_id: submissionId,
      code,
      student_name: studentName,
      answers,
      tab_switches: tabSwitches,
      time_taken: takenMs / 1000,
      started_at: new Date(now - takenMs).toISOString(),
      submitted_at: new Date(now).toISOString(),
    }),
  ) as { outcome: string; score: number; answers_fingerprint: string }
  if (receipt.outcome !== 'accepted') throw new Error(`submit_exam answered ${receipt.outcome}`)
  dataOf(
    await service
      .from('submissions')
      .update({ time_taken: takenMs / 1000 })
      .eq('id', submissionId)
      .select('id'),
  )
  return receipt
}

/**
 * Starts the exam as the student app does (exam_questions: the code's snapshot is taken) and
 * submits it, taken in 12:34: a result whose detailed solutions can be listed (a code never
 * started lists none). One attempt: a second start of the code while the first is live is
 * refused (in_progress_elsewhere, issue 26).
 */
export async function startAndSubmitExam(
  code: string,
  studentName: string,
  answers: Record<string, string>,
  tabSwitches = 2,
): Promise<{ score: number; answers_fingerprint: string }> {
  const receipt = await submitExam(code, studentName, answers, tabSwitches)
  // The server times a started exam from its recorded start: the 12:34 the device claimed.
  dataOf(await service.from('submissions').update({ time_taken: 754 }).eq('login_code', code).select())
  return receipt
}

/** Moves a submission back in time, as if it had been made `ageMs` ago. */
export async function backdateSubmission(code: string, ageMs: number): Promise<void> {
  const submittedAt = new Date(Date.now() - ageMs).toISOString()
  dataOf(
    await service
      .from('submissions')
      .update({ submitted_at: submittedAt, started_at: submittedAt })
      .eq('login_code', code)
      .select(),
  )
}

/**
 * Runs `work` with the detailed solutions of `code` out: its submission and attempts moved 20
 * hours back (still within its day, for 4 more hours) and, meanwhile, the exam over for everyone:
 * every active schedule set aside for one that closed 22 hours ago (no code can start) and every
 * attempt still running out of time, all put back afterwards.
 */
export async function withSolutionsReleased<T>(code: string, work: () => Promise<T>): Promise<T> {
  const twentyHours = (20 / 24) * day
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000).toISOString()
  await backdateSubmission(code, twentyHours)
  for (const attempt of dataOf(await service.from('exam_attempts').select('id, started_at, deadline').eq('login_code', code))) {
    const earlier = (iso: string) => new Date(Date.parse(iso) - twentyHours).toISOString()
    dataOf(
      await service
        .from('exam_attempts')
        .update({ started_at: earlier(attempt.started_at), deadline: earlier(attempt.deadline) })
        .eq('id', attempt.id)
        .select(),
    )
  }
  return withEveryAttemptOver(() =>
    withNoActiveSchedule(() => withSchedule({ start_time: hoursAgo(23), end_time: hoursAgo(22) }, work)),
  )
}

/**
 * Runs `work` with every attempt still running (any file's, its deadline and 2 minutes of grace
 * not yet past) out of time, their deadlines put back afterwards: nobody but the attempts `work`
 * starts is writing, and no solutions wait for anyone else.
 */
export async function withEveryAttemptOver<T>(work: () => Promise<T>): Promise<T> {
  const overAt = new Date(Date.now() - 3 * 60 * 1000).toISOString()
  const running = dataOf(await service.from('exam_attempts').select('id, deadline').gt('deadline', overAt))
  for (const attempt of running) {
    dataOf(await service.from('exam_attempts').update({ deadline: overAt }).eq('id', attempt.id).select())
  }
  try {
    return await work()
  } finally {
    for (const attempt of running) {
      dataOf(await service.from('exam_attempts').update({ deadline: attempt.deadline }).eq('id', attempt.id).select())
    }
  }
}

/**
 * Runs `work` with no schedule that could still hold solutions: every active one, and every
 * inactive one not over yet, is made inactive and moved a month into the past meanwhile, and put
 * back afterwards.
 */
export async function withNoActiveSchedule<T>(work: () => Promise<T>): Promise<T> {
  const monthAgo = (offsetMs: number) => new Date(Date.now() - 30 * 24 * 60 * 60 * 1000 + offsetMs).toISOString()
  const setAside = dataOf(
    await service
      .from('exam_schedule')
      .select('id, is_active, start_time, end_time')
      .or(`is_active.eq.true,end_time.gt.${new Date().toISOString()}`),
  )
  for (const schedule of setAside) {
    dataOf(
      await service
        .from('exam_schedule')
        .update({ is_active: false, start_time: monthAgo(-60 * 60 * 1000), end_time: monthAgo(0) })
        .eq('id', schedule.id)
        .select(),
    )
  }
  try {
    return await work()
  } finally {
    for (const { id, ...was } of setAside) dataOf(await service.from('exam_schedule').update(was).eq('id', id).select())
  }
}

export async function submissionsFor(code: string): Promise<Tables<'submissions'>[]> {
  return dataOf(await service.from('submissions').select('*').eq('login_code', code))
}

/**
 * Runs `work` with no solutions shown at or after `moment` (any file's: their first showing is kept,
 * and once a key of a sitting was shown no first start is allowed past its window's end), those
 * marks moved to a minute before it meanwhile and put back afterwards.
 */
export async function withNoSolutionsShownSince<T>(moment: string, work: () => Promise<T>): Promise<T> {
  const shown = dataOf(await service.from('submissions').select('id, solutions_shown_at').gte('solutions_shown_at', moment))
  const before = new Date(Date.parse(moment) - 60 * 1000).toISOString()
  for (const { id } of shown)
    dataOf(await service.from('submissions').update({ solutions_shown_at: before }).eq('id', id).select())
  try {
    return await work()
  } finally {
    for (const { id, solutions_shown_at } of shown) {
      dataOf(await service.from('submissions').update({ solutions_shown_at }).eq('id', id).select())
    }
  }
}

/**
 * Runs `work` with an extra active schedule, the only one (the others set aside meanwhile, as a code
 * starts in its exam's sitting open now before a newer one that is not), so students get it; deletes
 * it afterwards.
 */
export async function withSchedule<T>(
  fields: Pick<TablesInsert<'exam_schedule'>, 'start_time' | 'end_time'>,
  work: () => Promise<T>,
): Promise<T> {
  return withNoActiveSchedule(() => withOnlySchedule(fields, work))
}

async function withOnlySchedule<T>(
  fields: Pick<TablesInsert<'exam_schedule'>, 'start_time' | 'end_time'>,
  work: () => Promise<T>,
): Promise<T> {
  const { data: schedule, error } = await service
    .from('exam_schedule')
    .insert({ exam_name: 'Student e2e window', is_active: true, duration_minutes: 30, ...fields })
    .select()
    .single()
  if (error) throw new Error(`could not create the schedule: ${error.message}`)
  try {
    return await work()
  } finally {
    dataOf(await service.from('exam_schedule').delete().eq('id', schedule.id).select())
  }
}

interface SharedData {
  questions: Tables<'questions'>[]
  schedules: Tables<'exam_schedule'>[]
}

/**
 * The question bank and the schedules are shared by the e2e files on the same stack: a
 * file that changes them registers these hooks, which take a copy before its tests and put
 * it back after them, with the seeded schedule again the newest active one. The copy is
 * what the returned function gives.
 */
export function keepSharedData(): () => SharedData {
  let snapshot: SharedData | undefined
  beforeAll(async () => {
    snapshot = {
      questions: dataOf(await service.from('questions').select('*')),
      schedules: dataOf(await service.from('exam_schedule').select('*')),
    }
  })
  afterAll(async () => {
    if (snapshot) await restoreSharedData(snapshot)
  })
  return () => {
    if (!snapshot) throw new Error('the shared data has not been copied yet')
    return snapshot
  }
}

const noId = '00000000-0000-0000-0000-000000000000'

/** Makes `questions` the whole bank (a short exam), for a file that registered keepSharedData(). */
export async function replaceQuestionBank(questions: TablesInsert<'questions'>[]): Promise<void> {
  dataOf(await service.from('questions').delete().neq('id', noId).select())
  if (questions.length) dataOf(await service.from('questions').insert(questions).select())
}

async function restoreSharedData(snapshot: SharedData): Promise<void> {
  dataOf(await service.from('questions').delete().neq('id', noId).select())
  if (snapshot.questions.length) dataOf(await service.from('questions').insert(snapshot.questions).select())
  const keep = snapshot.schedules.map((schedule) => schedule.id)
  dataOf(
    await service
      .from('exam_schedule')
      .delete()
      .not('id', 'in', `(${[noId, ...keep].join(',')})`)
      .select(),
  )
  if (snapshot.schedules.length) dataOf(await service.from('exam_schedule').upsert(snapshot.schedules).select())
}

// The administrator

/** The administrator that global-setup.ts creates. */
export const adminEmail = 'admin@holdfast.test'
export const adminPassword = 'correct-horse-battery'

/** Sends the admin login form with the administrator's credentials, without waiting for what the server answers. */
export async function sendAdminSignIn(page: Page): Promise<void> {
  await page.goto(`${appUrl}/admin`)
  await page.getByRole('heading', { level: 1, name: 'Admin Login' }).waitFor()
  await page.getByLabel('Email').fill(adminEmail)
  await page.getByLabel('Password').fill(adminPassword)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

export async function signInAsAdmin(page: Page): Promise<void> {
  await sendAdminSignIn(page)
  await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor()
}

/**
 * Registers the hooks of a file whose tests each sign the administrator in on a page of their own: each
 * `signedInAdmin(options)` is a browser context made with `options` (its own storage, so axe reads it), closed
 * after the test, which fails if the page threw.
 */
export function adminPagesPerTest(browser: () => Browser): (options: BrowserContextOptions) => Promise<Page> {
  const newContext = studentsPerTest(browser)
  return async (options) => {
    const { page } = await newContext(options)
    await signInAsAdmin(page)
    return page
  }
}

/**
 * Registers the hooks of a describe block whose tests share one administrator's page, signed in before them in a
 * browser context made with `options`, handed to `use`, and closed after them.
 */
export function adminPagePerBlock(browser: () => Browser, options: BrowserContextOptions, use: (page: Page) => void): void {
  let context: BrowserContext | undefined
  beforeAll(async () => {
    context = await browser().newContext(options)
    const page = await context.newPage()
    await signInAsAdmin(page)
    use(page)
  }, 60_000)
  afterAll(async () => {
    await context?.close()
  })
}

/** The admin menu on every signed-in admin screen (src/features/admin/components/admin-menu.tsx). */
export function adminMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Admin menu' })
}

/** Goes to the admin screen `name` through the admin menu, opening it first where it is a "Menu" button (below 64rem). */
export async function followAdminMenu(page: Page, name: string): Promise<void> {
  const toggle = adminMenu(page).getByRole('button', { name: 'Menu' })
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click()
  await adminMenu(page).getByRole('link', { name, exact: true }).click()
}

/**
 * The set-up of a file whose administrator's page stays open (handed to `use`, signed in before the tests)
 * while students come and go: `newStudent` opens a browser context of their own (closed after each test),
 * `newCode` a login code of the file's (deleted after it). With a `bank`, the file's exam is that question
 * bank, and the shared data is put back after the file.
 */
export function proctorPerFile(
  use: (admin: Page) => void,
  bank?: TablesInsert<'questions'>[],
): { newCode: () => Promise<string>; newStudent: () => Promise<{ context: BrowserContext; page: Page }> } {
  if (bank) keepSharedData()
  let opened: { browser: Browser; page: Page } | undefined
  pagePerFile((file) => {
    opened = file
    use(file.page)
  })
  const newCode = loginCodesPerFile()
  const newStudent = studentsPerTest(() => {
    if (!opened) throw new Error('Chromium did not start')
    return opened.browser
  })
  beforeAll(async () => {
    if (!opened) throw new Error('Chromium did not start')
    if (bank) await replaceQuestionBank(bank)
    await signInAsAdmin(opened.page)
  })
  return { newCode, newStudent }
}

/** Questions with these texts, numbered from 1, each with the options Alpha, Bravo, Charlie and Delta, A correct. */
export function alphaToDeltaBank(texts: string[]) {
  return texts.map((question_text, index) => ({
    question_number: index + 1,
    question_text,
    option_a: 'Alpha',
    option_b: 'Bravo',
    option_c: 'Charlie',
    option_d: 'Delta',
    correct_answer: 'A',
  }))
}

/**
 * A bank of `count` questions whose options name their letter and the question's number ("Bravo 3"), so an
 * option is known by its text wherever a shuffle shows it.
 */
export function namedOptionsBank(count: number, text: (n: number) => string, correct: (n: number) => string) {
  return Array.from({ length: count }, (_, i) => i + 1).map((n) => ({
    question_number: n,
    question_text: text(n),
    option_a: `Alpha ${n}`,
    option_b: `Bravo ${n}`,
    option_c: `Charlie ${n}`,
    option_d: `Delta ${n}`,
    correct_answer: correct(n),
  }))
}

/** Changes reach the Proctor Room through Realtime and a coalesced refetch: a few seconds on a loaded machine. */
export const liveTimeoutMs = 15_000

export async function openProctorRoom(page: Page): Promise<void> {
  await page.goto(`${appUrl}/admin/live`)
  await page.getByRole('heading', { level: 1, name: 'Proctor Room' }).waitFor()
  await page.getByRole('status', { name: 'Live updates' }).getByText('Live', { exact: true }).waitFor({ timeout: 30_000 })
}

/** Makes the page count its print requests instead of opening the print dialog, which a headless browser cannot show. */
export async function recordPrintRequests(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const recorded = window as unknown as { printRequests: number }
    recorded.printRequests = 0
    window.print = () => {
      recorded.printRequests++
    }
  })
}

/** How many times the page asked to print since it was loaded, after recordPrintRequests. */
export function printRequests(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { printRequests: number }).printRequests)
}

// The student

/** What a student-exam file's tests share; context and page are fresh for each test. */
export interface StudentExamFixture {
  context: BrowserContext
  page: Page
  /** The exam's questions, read before the file's tests. */
  questions: Question[]
  /** A login code no other test uses, deleted with its submissions after the file. */
  newCode(): Promise<string>
}

/** Registers the hooks of a file whose tests take the exam as a student: pagePerTest, the questions, the codes. */
export function studentExamFixture(): StudentExamFixture {
  const codes: string[] = []
  const fixture = {
    async newCode() {
      const code = await createLoginCode()
      codes.push(code)
      return code
    },
  } as StudentExamFixture
  pagePerTest((opened) => Object.assign(fixture, opened))
  beforeAll(async () => {
    fixture.questions = await examQuestions()
  })
  afterAll(async () => {
    await deleteLoginCodes(codes)
  })
  return fixture
}

export async function openStudentPortal(page: Page): Promise<void> {
  await page.goto(`${appUrl}/student`)
  await page.getByRole('heading', { level: 1, name: 'Student Portal' }).waitFor()
}

export async function submitCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Login Code').fill(code)
  await page.getByRole('button', { name: 'Continue' }).click()
}

/** From the portal, already open, to the first question. */
export async function enterExam(page: Page, code: string, name = 'E2E Student'): Promise<void> {
  await submitCode(page, code)
  await page.getByLabel('Full Name').fill(name)
  await page.getByRole('button', { name: 'Start Test' }).click()
  await page.getByRole('heading', { name: /^Question 1 of \d+$/ }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/student/test')
}

export async function startExam(page: Page, code: string, name?: string): Promise<void> {
  await openStudentPortal(page)
  await enterExam(page, code, name)
}

/**
 * On a simulated clock: starts the exam with a new code, answers question number 1 with `letter`, goes
 * offline and lets the 30 minutes run out. Answers the code.
 */
export async function runOutOfTimeOffline(exam: StudentExamFixture, name: string, letter: string): Promise<string> {
  await exam.page.clock.install()
  const code = await exam.newCode()
  await startExam(exam.page, code, name)
  await answerQuestion(exam.page, code, 1, letter)
  await reportAnswersInTime(exam.page, code, { '1': letter })
  await exam.context.setOffline(true)
  // The page knows it is offline before the time runs out, so its submission waits on the device.
  await exam.page.getByText('Offline: answers stay on this device').waitFor()
  await exam.page.clock.fastForward('30:01')
  return code
}

/**
 * Lets the exam's 30-second progress report (the page's clock installed) carry the answers given so
 * far, and waits until the server holds them: an answer file counts only what its device reported in time.
 */
export async function reportAnswersInTime(page: Page, code: string, answers: Record<string, string>): Promise<void> {
  await page.clock.fastForward('00:31')
  await expect
    .poll(
      async () =>
        dataOf(await service.from('exam_attempts').select('reported_answers').eq('login_code', code)).map(
          (row) => row.reported_answers,
        ),
      { timeout: 30_000 },
    )
    .toEqual([answers])
}

/**
 * The option of the question shown whose original letter is `letter`, wherever a shuffle shows it
 * (the radio's value is the letter it is recorded by; its label is the letter shown).
 */
export function option(page: Page, letter: string) {
  return page.locator(`.exam__options input[type="radio"][value="${letter}"]`)
}

/** The number of the question shown (its radios are named answer-<number>), whatever its position. */
export async function currentQuestionNumber(page: Page): Promise<number> {
  const name = (await page.locator('.exam__options input[type="radio"]').first().getAttribute('name')) ?? ''
  return Number(name.replace('answer-', ''))
}

/** Chooses `letter` on the current question and waits until the device says it is stored. */
export async function answer(page: Page, letter: string): Promise<void> {
  await option(page, letter).check()
  await page.getByText('Answers saved on this device', { exact: true }).waitFor()
}

/**
 * Jumps to the question at `position` with the navigator: the one beside the question on a wide screen, else (a
 * phone) the one in the sheet the exam bar's "Questions" button opens.
 */
export async function showQuestion(page: Page, position: number): Promise<void> {
  const navigator = page.getByRole('navigation', { name: 'Questions' })
  if (!(await navigator.isVisible())) {
    await page.locator('.exam-bar').getByRole('button', { name: 'Questions', exact: true }).click()
  }
  await navigator.getByRole('button', { name: new RegExp(`^Question ${position}:`) }).click()
  await page.getByRole('heading', { name: new RegExp(`^Question ${position} of \\d+$`) }).waitFor()
}

/**
 * Answers every question from the first on, moving with Next, and stays on the last one:
 * `letters[n - 1]` (an original letter) for question number n, wherever the shuffle shows it.
 */
export async function answerAll(page: Page, letters: string[]): Promise<void> {
  for (let index = 0; index < letters.length; index++) {
    await page.getByRole('heading', { name: `Question ${index + 1} of ${letters.length}` }).waitFor()
    await answer(page, letters[(await currentQuestionNumber(page)) - 1]!)
    if (index < letters.length - 1) await page.getByRole('button', { name: 'Next' }).click()
  }
}

/**
 * The proctor's "Move to a new device" done through its RPC, as a signed-in administrator: a resume PIN for
 * the code's live attempt (issue 26).
 */
export async function offerResumePin(code: string): Promise<string> {
  const [live] = dataOf(
    await service.from('exam_attempts').select('id').eq('login_code', code).in('state', ['in_progress', 'submitted_on_device']),
  )
  if (!live) throw new Error(`no live attempt of ${code} to move`)
  const admin = client(inject('appAnonKey'))
  const signedIn = await admin.auth.signInWithPassword({ email: adminEmail, password: adminPassword })
  if (signedIn.error) throw new Error(signedIn.error.message)
  return (dataOf(await admin.rpc('admin_offer_attempt_move', { attempt_id: live.id })) as { pin: string }).pin
}

/** On a device whose code step met "in progress on another device": gives the PIN (right or wrong). */
export async function enterResumePin(page: Page, pin: string): Promise<void> {
  await page.getByLabel('Resume PIN').fill(pin)
  await page.getByRole('button', { name: 'Resume on this device' }).click()
}

/** On a device whose code step met "in progress on another device": gives the PIN and waits for the exam. */
export async function resumeWithPin(page: Page, pin: string): Promise<void> {
  await enterResumePin(page, pin)
  await page.getByText(/^Resumed on this device: /).waitFor()
}

/**
 * The completion screen's heading in each of its states, one at a time (src/features/student/completion-screen.tsx):
 * the server has the answers, this device still holds them, or the server refused them.
 */
const completionHeadings = {
  received: 'Test Completed!',
  waiting: 'Saved on this device, not sent yet',
  refused: 'Submission Not Accepted',
} as const

export function completionHeading(page: Page, state: keyof typeof completionHeadings) {
  return page.getByRole('heading', { level: 1, name: completionHeadings[state] })
}

/** The completion screen's heading whatever its state: the exam is over on this device. */
export function anyCompletionHeading(page: Page) {
  const names = Object.values(completionHeadings).join('|')
  return page.getByRole('heading', { level: 1, name: new RegExp(`^(${names})$`) })
}

/** The manual submit: Submit Test opens "Review before submitting", whose "Submit now" submits (issue 26). */
export async function submitTest(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Submit Test' }).click()
  await page.getByRole('dialog', { name: 'Review before submitting' }).getByRole('button', { name: 'Submit now' }).click()
}

/** The code's snapshot of question `questionNumber`: where the schedule's shuffle put it and in what order its options. */
async function shownQuestionOf(
  code: string,
  questionNumber: number,
): Promise<Pick<Tables<'attempt_questions'>, 'position' | 'option_order'>> {
  return dataOf(
    await service
      .from('attempt_questions')
      .select('position, option_order')
      .eq('login_code', code)
      .eq('question_number', questionNumber)
      .single(),
  )
}

/** Where the code's exam shows question `questionNumber` (1 = first). */
export async function positionOf(code: string, questionNumber: number): Promise<number> {
  return (await shownQuestionOf(code, questionNumber)).position
}

/** The letter the code's exam showed the option `letter` (original) of question `questionNumber` under ("CADB": C as A). */
export async function shownLetterOf(code: string, questionNumber: number, letter: string): Promise<string> {
  return 'ABCD'[(await shownQuestionOf(code, questionNumber)).option_order.indexOf(letter)]!
}

/** Shows question number `questionNumber` of the code's exam, wherever the shuffle put it, and answers it with (original) `letter`. */
export async function answerQuestion(page: Page, code: string, questionNumber: number, letter: string): Promise<void> {
  await showQuestion(page, await positionOf(code, questionNumber))
  await answer(page, letter)
}

/** Seconds left as the exam timer shows them. */
export async function timerSeconds(page: Page): Promise<number> {
  const text = (await page.getByRole('timer', { name: 'Time remaining' }).locator('.exam-timer__value').textContent()) ?? ''
  const [minutes, seconds] = text.split(':').map(Number)
  return (minutes ?? 0) * 60 + (seconds ?? 0)
}

/** Every API response body the page receives, to show no correct answer reaches the browser. */
export function recordApiResponses(context: BrowserContext): string[] {
  const bodies: string[] = []
  context.on('response', (response) => {
    if (!response.url().includes('/rest/v1/')) return
    response.text().then(
      (body) => bodies.push(body),
      () => undefined,
    )
  })
  return bodies
}

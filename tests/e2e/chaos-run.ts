import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserContext, Locator, Page, Route } from 'playwright-core'
import { expect } from 'vitest'
import type { AnswerLetter } from '../../src/domain/question.ts'
import { studentMessages } from '../../src/domain/student-messages.ts'
import type { SqlDatabase } from '../../supabase/local/db.ts'
import { startStack, type RunningStack } from '../../supabase/local/stack.ts'
import { launchChromiumProfile } from './browser.ts'
import { describePoint, type ChaosPlan, type Fault, type Step } from './chaos-plan.ts'
import { option, randomCode, showQuestion } from './fixtures.ts'

/** The chaos suite's own server: it is stopped and started again on the same port and the same data. */
export class ChaosServer {
  private running: RunningStack | undefined

  private constructor(
    private readonly port: number,
    private readonly dataDir: string,
    private readonly staticDir: string,
    first: RunningStack,
  ) {
    this.running = first
  }

  static async start(dataDir: string, staticDir: string): Promise<ChaosServer> {
    const first = await startStack({ port: 0, dataDir, staticDir })
    return new ChaosServer(Number(new URL(first.url).port), dataDir, staticDir, first)
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`
  }

  get db(): SqlDatabase {
    if (!this.running) throw new Error('the chaos server is down')
    return this.running.db
  }

  async stop(): Promise<void> {
    const running = this.running
    this.running = undefined
    await running?.close()
  }

  /** Starts the server again on its port and data, unless it is running. */
  async bringUp(): Promise<void> {
    this.running ??= await startStack({ port: this.port, dataDir: this.dataDir, staticDir: this.staticDir })
  }
}

const submitPath = '/rest/v1/rpc/submit_exam'

/**
 * A student's browser on a profile of its own, which survives closing the tab or the whole
 * browser, with the network faults applied to every page and to the service worker.
 */
class StudentBrowser {
  context!: BrowserContext
  page!: Page
  /** The submission ids of every submit_exam request any page sent. */
  readonly submissionIds = new Set<string>()
  readonly pageErrors: string[] = []
  /** submit_exam responses dropped after the server had answered them. */
  lostResponses = 0
  private offline = false
  private requestsFail = false
  private hold: (() => Promise<void>) | undefined

  private constructor(
    private readonly profileDir: string,
    private readonly baseUrl: string,
    private responsesToLose: number,
  ) {}

  static async launch(profileDir: string, baseUrl: string, responsesToLose: number): Promise<StudentBrowser> {
    const browser = new StudentBrowser(profileDir, baseUrl, responsesToLose)
    await browser.open()
    return browser
  }

  private async open(): Promise<void> {
    this.context = await launchChromiumProfile(this.profileDir)
    this.context.on('weberror', (error) => this.pageErrors.push(error.error().message))
    this.context.on('request', (request) => {
      if (!request.url().endsWith(submitPath)) return
      const body = request.postDataJSON() as { submission_id?: string } | null
      if (body?.submission_id) this.submissionIds.add(body.submission_id)
    })
    // One route for all traffic, the service worker's included (Chromium routes it through the context).
    await this.context.route('**/*', (route) => this.route(route))
    await this.context.setOffline(this.offline)
    this.page = this.context.pages()[0] ?? (await this.context.newPage())
  }

  private async route(route: Route): Promise<void> {
    const hold = this.hold
    if (hold && new URL(route.request().url()).pathname.startsWith('/rest/v1/')) {
      this.hold = undefined
      await hold()
    }
    // A request held while its page was reloaded or closed can no longer be answered.
    await this.answer(route).catch(() => undefined)
  }

  private async answer(route: Route): Promise<void> {
    if (this.requestsFail) return route.abort('internetdisconnected')
    if (this.responsesToLose > 0 && route.request().url().endsWith(submitPath)) {
      this.responsesToLose--
      try {
        await route.fetch()
      } catch {
        // The server never answered, so nothing was committed: this one does not count.
        this.responsesToLose++
        return route.abort('connectionrefused')
      }
      this.lostResponses++
      return route.abort('connectionreset')
    }
    return route.fallback()
  }

  /**
   * The next API request waits until `release()`: `arrived` resolves when it is there.
   * `release()` without a request lets the next one through untouched.
   */
  holdNextApiRequest(): { arrived: Promise<void>; release: () => void } {
    let signalArrival = () => {}
    let release = () => {}
    const arrived = new Promise<void>((resolve) => (signalArrival = resolve))
    const released = new Promise<void>((resolve) => (release = resolve))
    this.hold = () => {
      signalArrival()
      return released
    }
    return {
      arrived,
      release: () => {
        this.hold = undefined
        release()
      },
    }
  }

  /** Requests fail from now on; `offline` also tells the browser (navigator.onLine, `offline` events). */
  async cutNetwork(cut: { offline: boolean; requestsFail: boolean }): Promise<void> {
    this.requestsFail = cut.requestsFail
    if (this.offline !== cut.offline) await this.context.setOffline(cut.offline)
    this.offline = cut.offline
  }

  /** Opens `path`; the browser's error when it could not load it (no network and no service worker yet). */
  async goto(path: string): Promise<string | null> {
    return navigated(this.page.goto(`${this.baseUrl}${path}`))
  }

  async reload(): Promise<string | null> {
    return navigated(this.page.reload())
  }

  async reopenPage(path: string): Promise<string | null> {
    await this.page.close()
    this.page = await this.context.newPage()
    return this.goto(path)
  }

  async reopenBrowser(path: string): Promise<string | null> {
    await this.context.close()
    await this.open()
    return this.goto(path)
  }

  async close(): Promise<void> {
    await this.context.close()
    await rm(this.profileDir, { recursive: true, force: true })
  }
}

/**
 * The error of a navigation, or null when it loaded. Chromium's error page reloads a page that
 * failed on its own once the network is back: a navigation it interrupts is left to that reload.
 */
function navigated(navigation: Promise<unknown>): Promise<string | null> {
  return navigation.then(
    () => null,
    (error: Error) => (error.message.includes('is interrupted by another navigation') ? null : error.message),
  )
}

type Screen = 'code' | 'name' | 'exam' | 'unavailable' | 'completed' | 'refused' | 'startup-error' | 'navigation-failed'

function screenMarkers(page: Page) {
  return {
    code: page.getByRole('button', { name: 'Continue' }),
    name: page.getByRole('button', { name: 'Start Test' }),
    exam: page.getByRole('heading', { name: /^Question \d+ of \d+$/ }),
    unavailable: page.getByRole('heading', { level: 1, name: 'Test Unavailable' }),
    completed: page.getByRole('heading', { level: 1, name: 'Test Completed!' }),
    refused: page.getByRole('heading', { level: 1, name: 'Submission Not Accepted' }),
    'startup-error': page.getByRole('heading', { level: 1, name: 'Holdfast could not start' }),
  } satisfies Record<Exclude<Screen, 'navigation-failed'>, unknown>
}

/** The screen the student has in front of them once it settles. */
async function observe(page: Page): Promise<Screen> {
  // Never cancelled, so never null.
  return (await settledScreen(page, () => false)) as Screen
}

/**
 * The screen once it settles: not while the code is being validated, the exam is loading or a
 * submit is being sent. Null if `cancelled` says so first.
 */
async function settledScreen(page: Page, cancelled: () => boolean): Promise<Screen | null> {
  const markers = screenMarkers(page)
  const anyMarker = Object.values(markers).reduce((all, marker) => all.or(marker))
  const deadline = Date.now() + 45_000
  while (Date.now() < deadline) {
    if (cancelled()) return null
    if (page.url().startsWith('chrome-error://')) return 'navigation-failed'
    const shown = await anyMarker
      .first()
      .waitFor({ timeout: 1_000 })
      .then(
        () => true,
        () => false,
      )
    if (!shown) continue
    if (await page.getByRole('button', { name: 'Submitting...' }).isVisible()) continue
    for (const [screen, marker] of Object.entries(markers)) {
      if (await marker.isVisible()) return screen as Screen
    }
  }
  throw new Error(`no known screen within 45 s at ${page.url()}: ${(await page.locator('body').innerText()).slice(0, 500)}`)
}

/** Failures a dead network or server may show: the student waits for the connection and tries again. */
const connectionFailures: readonly string[] = [
  studentMessages.codeCheckFailed,
  studentMessages.connectionTimeout,
  studentMessages.databaseConnection,
  studentMessages.questionsFailed,
]

async function shownError(page: Page): Promise<string | null> {
  const alert = page.getByRole('alert')
  if (!(await alert.isVisible())) return null
  return (await alert.innerText()).trim()
}

interface RunOptions {
  plan: ChaosPlan
  server: ChaosServer
  profileDir: string
  questionCount: number
}

/**
 * One student takes the exam while the plan's faults strike, reacting to what the screen
 * shows as a student would (trying again, reloading); then the database is checked against
 * what the student did. Returns what happened, in order: faults struck and lifted, recoveries.
 */
export async function runChaos({ plan, server, profileDir, questionCount }: RunOptions): Promise<string[]> {
  const code = randomCode()
  await server.db.query('insert into public.login_codes (code) values ($1)', [code])
  const lostCount = plan.faults.find((fault) => fault.kind === 'lost-submit-response')?.count ?? 0
  const browser = await StudentBrowser.launch(profileDir, server.url, lostCount)
  const events: string[] = []
  const started = Date.now()
  const log = (line: string) => events.push(`${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s  ${line}`)
  try {
    await new ChaosStudent(plan, server, browser, code, questionCount, log).takeExam()
    if (browser.lostResponses > 0) log(`${browser.lostResponses} submit_exam response(s) lost after the server had answered`)
    await checkDatabase(server.db, { code, plan, submissionIds: browser.submissionIds })
    expect(browser.pageErrors, 'errors thrown in the page').toEqual([])
    return events
  } catch (error) {
    throw new Error(
      `${(error as Error).message}\n\n${await describeScreen(browser.page, plan.seed)}\n\nwhat happened:\n${events.join('\n')}`,
      {
        cause: error,
      },
    )
  } finally {
    await browser.close()
    await server.bringUp()
  }
}

/** Where the student was when a run failed: the address, the alerts shown and a screenshot to look at. */
async function describeScreen(page: Page, seed: number): Promise<string> {
  const screenshot = join(tmpdir(), `holdfast-chaos-${seed}.png`)
  const saved = await page.screenshot({ path: screenshot, fullPage: true }).then(
    () => `screenshot: ${screenshot}`,
    () => 'no screenshot (the page is gone)',
  )
  const alerts = await page
    .getByRole('alert')
    .allInnerTexts()
    .catch(() => [])
  return `at ${page.url()}; alerts shown: ${JSON.stringify(alerts)}; ${saved}`
}

type HeldFault = Extract<Fault, { from: unknown }>

class ChaosStudent {
  /** Steps whose "before" point has passed. */
  private reached = 0
  private readonly attempted = new Set<number>()
  private readonly held: HeldFault[] = []
  /** The answers the screen confirmed as saved on the device, by question position. */
  private readonly confirmed = new Map<number, AnswerLetter>()
  private nextStep = 0
  /** The question the student last saw saved as current; a reload must come back to it. */
  private lastPosition: number | null = null
  private checkDeviceOnReturn = false
  private recoveries = 0

  constructor(
    private readonly plan: ChaosPlan,
    private readonly server: ChaosServer,
    private readonly browser: StudentBrowser,
    private readonly code: string,
    private readonly questionCount: number,
    private readonly log: (line: string) => void,
  ) {}

  private get page(): Page {
    return this.browser.page
  }

  async takeExam(): Promise<void> {
    const { steps } = this.plan
    await this.arrive(0)
    this.nextStep = 1
    let navigationError = await this.browser.goto('/student')
    for (let turn = 0; turn < 300; turn++) {
      const screen = navigationError === null ? await observe(this.page) : 'navigation-failed'
      switch (screen) {
        case 'navigation-failed':
        case 'startup-error':
          await this.stuck(`the app did not open (${navigationError?.split('\n')[0] ?? screen})`)
          navigationError = await this.browser.goto('/student')
          break
        case 'unavailable': {
          const message = await shownError(this.page)
          expect(connectionFailures, `Test Unavailable said: ${message}`).toContain(message)
          await this.stuck(`Test Unavailable: ${message}`)
          navigationError = await this.browser.reload()
          break
        }
        case 'code': {
          const message = await shownError(this.page)
          if (message !== null) {
            expect(connectionFailures, `the code step said: ${message}`).toContain(message)
            await this.stuck(`code step: ${message}`)
          }
          if (await this.arrive(1)) break
          await this.page.getByLabel('Login Code').fill(this.code)
          await this.click(1, this.page.getByRole('button', { name: 'Continue' }))
          break
        }
        case 'name':
          if (await this.arrive(2)) break
          await this.page.getByLabel('Full Name').fill(this.plan.studentName)
          await this.click(2, this.page.getByRole('button', { name: 'Start Test' }))
          break
        case 'exam': {
          if (this.checkDeviceOnReturn) await this.checkDeviceKeptAnswers()
          const index = Math.max(this.nextStep, 3)
          if (await this.arrive(index)) break
          const step = steps[index] as Step
          if (step.kind === 'answer') {
            await this.answer(step)
            this.nextStep = index + 1
          } else {
            await this.submit(index)
          }
          break
        }
        case 'completed': {
          if (await this.arrive(steps.length)) break
          await this.waitForReceipt()
          // The student is done: whatever still holds ends, so the database can be read.
          for (const fault of [...this.held]) await this.lift(fault, 'the exam is over')
          return this.checkCompletionScreen()
        }
        case 'refused':
          throw new Error(`the submission was refused: ${await this.page.locator('main').innerText()}`)
      }
    }
    throw new Error('the student did not finish in 300 turns')
  }

  /**
   * The student reaches step `index` (the first time): faults whose hold ends here are lifted,
   * faults planned here strike. True when something struck, so the screen must be looked at again.
   */
  private async arrive(index: number): Promise<boolean> {
    let struck = false
    while (this.reached <= index) {
      const step = this.reached++
      // A hold planned to last to the end is lifted only once the student is stuck.
      const ending = this.held.filter((held) => held.until <= step && held.until < this.plan.steps.length)
      for (const fault of ending) await this.lift(fault, `reached step ${step}`)
      for (const fault of this.faultsAt(step, false)) {
        await this.strike(fault)
        struck = true
      }
    }
    return struck
  }

  /**
   * Clicks the button of step `index`, which sends a request. The first time, the step's
   * "during" faults strike while that request is on its way: a cut network fails it; a server
   * stopped, a reload or a closed tab race it (the server may or may not have committed).
   */
  private async click(index: number, button: Locator): Promise<void> {
    const faults = this.attempted.has(index) ? [] : this.faultsAt(index, true)
    this.attempted.add(index)
    if (faults.length === 0) return button.click()
    const request = this.browser.holdNextApiRequest()
    await button.click()
    // Or the step ends without a request (it failed before sending one).
    let settled = false
    const screen = settledScreen(this.page, () => settled).catch(() => null)
    await Promise.race([request.arrived, screen])
    settled = true
    const cuts = faults.filter((fault) => fault.kind === 'offline' || fault.kind === 'lie-fi')
    for (const fault of cuts) await this.strike(fault)
    request.release()
    for (const fault of faults.filter((f) => !cuts.includes(f))) await this.strike(fault)
  }

  private faultsAt(step: number, during: boolean): Fault[] {
    return this.plan.faults.filter((fault) => {
      const point = 'from' in fault ? fault.from : 'at' in fault ? fault.at : undefined
      return point?.step === step && point.during === during
    })
  }

  private async strike(fault: Fault): Promise<void> {
    if (fault.kind === 'lost-submit-response') return
    const where = describePoint(this.plan, 'from' in fault ? fault.from : fault.at)
    this.log(`${fault.kind} ${where}`)
    switch (fault.kind) {
      case 'offline':
      case 'lie-fi':
        this.held.push(fault)
        await this.applyNetwork()
        if (fault.kind === 'offline' && (await screenMarkers(this.page).exam.isVisible())) {
          await this.page.getByText('Offline: answers stay on this device').waitFor()
        }
        return
      case 'server-down':
        this.held.push(fault)
        await this.server.stop()
        return
      case 'server-restart':
        // Already down under a held fault: it stays down until that one is lifted.
        if (this.held.some((held) => held.kind === 'server-down')) return
        await this.server.stop()
        await this.server.bringUp()
        return
      case 'reload':
        this.expectReturnToExam()
        await this.browser.reload()
        return
      case 'reopen-page':
        this.expectReturnToExam()
        await this.browser.reopenPage(fault.reopenPath)
        return
      case 'reopen-browser':
        this.expectReturnToExam()
        await this.browser.reopenBrowser(fault.reopenPath)
        return
    }
  }

  private expectReturnToExam(): void {
    this.checkDeviceOnReturn = this.lastPosition !== null
  }

  private async applyNetwork(): Promise<void> {
    await this.browser.cutNetwork({
      offline: this.held.some((fault) => fault.kind === 'offline'),
      requestsFail: this.held.some((fault) => fault.kind === 'offline' || fault.kind === 'lie-fi'),
    })
  }

  private async lift(fault: HeldFault, why: string): Promise<void> {
    this.held.splice(this.held.indexOf(fault), 1)
    this.log(`${fault.kind} lifted: ${why}`)
    if (fault.kind === 'server-down') {
      if (!this.held.some((held) => held.kind === 'server-down')) await this.server.bringUp()
    } else {
      await this.applyNetwork()
    }
  }

  /** The screen shows the student cannot go on: whatever holds them back ends (they would wait for it). */
  private async stuck(why: string): Promise<void> {
    this.log(`stuck: ${why}`)
    if (++this.recoveries > 12) throw new Error(`the student was stuck ${this.recoveries} times; last: ${why}`)
    for (const fault of [...this.held]) await this.lift(fault, 'the student is stuck')
  }

  private async currentPosition(): Promise<number> {
    const heading = (await screenMarkers(this.page).exam.textContent()) ?? ''
    return Number(/^Question (\d+) of/.exec(heading)?.[1])
  }

  private async saved(): Promise<void> {
    await this.page.getByText('Answers saved on this device', { exact: true }).waitFor()
  }

  private async goToQuestion(position: number, move: 'step' | 'jump'): Promise<void> {
    let current = await this.currentPosition()
    if (move === 'step' && Math.abs(position - current) <= 3) {
      while (current !== position) {
        await this.page.getByRole('button', { name: current < position ? 'Next' : 'Previous' }).click()
        current += current < position ? 1 : -1
        await this.page.getByRole('heading', { name: `Question ${current} of ${this.questionCount}` }).waitFor()
      }
    } else if (current !== position) {
      await showQuestion(this.page, position)
    }
    await this.saved()
    this.lastPosition = position
  }

  private async answer(step: Extract<Step, { kind: 'answer' }>): Promise<void> {
    await this.goToQuestion(step.position, step.move)
    await option(this.page, step.letter).check()
    await this.saved()
    this.confirmed.set(step.position, step.letter)
  }

  private async submit(index: number): Promise<void> {
    await this.goToQuestion(this.questionCount, 'jump')
    await this.page.getByRole('heading', { name: `Answered ${this.questionCount} of ${this.questionCount}` }).waitFor()
    // Submit Test opens the summary; its "Submit now" is the click that sends, so the one the faults strike.
    await this.page.getByRole('button', { name: 'Submit Test' }).click()
    await this.click(
      index,
      this.page.getByRole('dialog', { name: 'Review before submitting' }).getByRole('button', { name: 'Submit now' }),
    )
  }

  /** After a reload or a reopened tab or browser: the exam is back at the same question with every saved answer. */
  private async checkDeviceKeptAnswers(): Promise<void> {
    this.checkDeviceOnReturn = false
    await expect.poll(() => this.currentPosition(), { message: 'the question shown after coming back' }).toBe(this.lastPosition)
    const answered = this.page.getByRole('heading', { name: /^Answered \d+ of \d+$/ })
    await expect.poll(() => answered.textContent()).toBe(`Answered ${this.confirmed.size} of ${this.questionCount}`)
    for (const [position, letter] of this.confirmed) {
      await this.goToQuestion(position, 'jump')
      await expect
        .poll(() => option(this.page, letter).isChecked(), { message: `question ${position} still ${letter}` })
        .toBe(true)
    }
    this.log(`the device kept all ${this.confirmed.size} answers`)
  }

  /** On the completion screen, until the server's receipt is shown; answers waiting on the device lift every fault. */
  private async waitForReceipt(): Promise<void> {
    const received = this.page.getByText('Your answers have been received.')
    const waiting = this.page.getByText('Your answers are saved on this device and waiting to be sent.')
    await received.or(waiting).waitFor()
    if (await received.isVisible()) return
    if (this.held.length > 0) await this.stuck('the answers wait on the device')
    else this.log('the answers wait on the device')
    // The outbox retries with backoff; a handful of failed sends keeps it under a minute.
    await received.waitFor({ timeout: 60_000 })
  }

  private async checkCompletionScreen(): Promise<void> {
    const score = (await this.page.getByText(/^Score: /).textContent()) ?? ''
    const receipt = (await this.page.locator('.completion__receipt code').textContent()) ?? ''
    const { rows } = await this.server.db.query<{ score: number; answers_fingerprint: string }>(
      'select score, answers_fingerprint from public.submissions where login_code = $1',
      [this.code],
    )
    expect(score).toMatch(new RegExp(`^Score: ${rows[0]?.score} / ${this.questionCount} `))
    expect(receipt).toBe(rows[0]?.answers_fingerprint)
    this.log(`completed: ${score}, receipt ${receipt}`)
  }
}

interface Expected {
  code: string
  plan: ChaosPlan
  submissionIds: Set<string>
}

/** The database agrees with what the student did, and holds no half-done submission anywhere. */
async function checkDatabase(db: SqlDatabase, { code, plan, submissionIds }: Expected): Promise<void> {
  const { rows: submissions } = await db.query<{ id: string; student_name: string; answers: Record<string, string> }>(
    'select id, student_name, answers from public.submissions where login_code = $1',
    [code],
  )
  expect(submissions, 'exactly one submission for the attempt').toHaveLength(1)
  const [submission] = submissions as [(typeof submissions)[number]]
  // The student answered by position; the exam the code was given (its snapshot, in the order the
  // schedule's shuffle gave it) says which question number each position showed.
  const { rows: snapshot } = await db.query<{ position: number; question_number: number }>(
    'select position, question_number from public.attempt_questions where login_code = $1',
    [code],
  )
  const numberAt = new Map(snapshot.map((row) => [row.position, row.question_number]))
  expect(submission.answers).toEqual(
    Object.fromEntries([...plan.finalAnswers].map(([position, letter]) => [String(numberAt.get(position)), letter])),
  )
  expect(submission.student_name).toBe(plan.studentName)
  expect([...submissionIds], 'every send carried the one submission id that was stored').toEqual([submission.id])

  // Every start the server recorded (a start whose answer was lost included) ends received; the
  // attempt that made the submission shows the student's name and every answer.
  const { rows: attempts } = await db.query<{ id: string; state: string; student_name: string | null; answered_count: number }>(
    'select id, state, student_name, answered_count from public.exam_attempts where login_code = $1',
    [code],
  )
  expect(
    attempts.map((attempt) => attempt.state),
    'every attempt of the code received',
  ).toEqual(attempts.map(() => 'received'))
  expect(
    attempts.find((attempt) => attempt.id === submission.id),
    'the attempt of the submission',
  ).toMatchObject({ student_name: plan.studentName, answered_count: plan.finalAnswers.size })

  const { rows: codes } = await db.query<{ is_used: boolean; used_by: string | null; used_at: string | null }>(
    'select is_used, used_by, used_at from public.login_codes where code = $1',
    [code],
  )
  expect(codes[0]).toMatchObject({ is_used: true, used_by: plan.studentName })
  expect(codes[0]?.used_at).not.toBeNull()

  const { rows: orphans } = await db.query<{ code: string }>(
    `select lc.code from public.login_codes lc
      where lc.is_used <> exists (select 1 from public.submissions s where s.login_code = lc.code)`,
  )
  expect(orphans, 'codes used without a submission, or submissions of unused codes').toEqual([])
}

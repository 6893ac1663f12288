import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@supabase/supabase-js'
import type { BrowserContext, Locator, Page, Route } from 'playwright-core'
import { expect } from 'vitest'
import WebSocket from 'ws'
import { answerLetters, type AnswerLetter } from '../../src/domain/question.ts'
import { studentMessages } from '../../src/domain/student-messages.ts'
import type { SqlDatabase } from '../../supabase/local/db.ts'
import { startStack, type RunningStack } from '../../supabase/local/stack.ts'
import { launchChromiumProfile } from './browser.ts'
import { describePoint, pointOf, type ChaosPlan, type Fault, type Step } from './chaos-plan.ts'
import { completionHeading, enterResumePin, option, randomCode, showQuestion } from './fixtures.ts'
import { summaryDialog, waitForEverythingReceived } from './server-copy-steps.ts'

/** The proctor of the chaos runs, who moves a student to a new device. */
const proctor = { email: 'chaos-proctor@holdfast.test', password: 'chaos-proctor-password' }

/** A lost device is submitted from the server's copy within a second of its deadline passing. */
const serverCopyEveryMs = 1_000

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
    const first = await startStack({ port: 0, dataDir, staticDir, admin: proctor, serverCopyEveryMs })
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
    this.running ??= await startStack({
      port: this.port,
      dataDir: this.dataDir,
      staticDir: this.staticDir,
      admin: proctor,
      serverCopyEveryMs,
    })
  }

  /** What the proctor's "Move to a new device" does: the PIN offered for the attempt. */
  async offerMove(attemptId: string): Promise<string> {
    if (!this.running) throw new Error('the chaos server is down')
    const client = createClient(this.url, this.running.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    })
    const { error: signInError } = await client.auth.signInWithPassword(proctor)
    if (signInError) throw new Error(`the proctor could not sign in: ${signInError.message}`)
    const { data, error } = await client.rpc('admin_offer_attempt_move', { attempt_id: attemptId })
    if (error) throw new Error(`admin_offer_attempt_move: ${error.message}`)
    return (data as { pin: string }).pin
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
    const path = new URL(route.request().url()).pathname
    // Reports come on their own schedule (and 2 s after an answer): the step's own request is held.
    if (hold && path.startsWith('/rest/v1/') && path !== '/rest/v1/rpc/report_exam_attempt') {
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

  /** The submit_exam responses still to lose, handed to the device the student moves to. */
  handOverLostResponses(): number {
    const count = this.responsesToLose
    this.responsesToLose = 0
    return count
  }

  /** Closes the browser and deletes its profile: the device is gone (again is harmless). */
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

type Screen =
  | 'elsewhere'
  | 'moved-away'
  | 'code'
  | 'name'
  | 'exam'
  | 'unavailable'
  | 'completed'
  | 'refused'
  | 'startup-error'
  | 'navigation-failed'

/** What a device shows once the student has moved to another; never the device the student is on. */
const movedAwayText = 'This exam continues on another device.'
const elsewhereText = 'This exam is in progress on another device.'

/** The screens, in the order they are looked for: the two of a move before the code step and the exam they cover. */
function screenMarkers(page: Page) {
  return {
    elsewhere: page.getByText(elsewhereText, { exact: true }),
    'moved-away': page.getByText(movedAwayText, { exact: true }),
    code: page.getByRole('button', { name: 'Continue' }),
    name: page.getByRole('button', { name: 'Start Test' }),
    // The exam shows a question, or the summary before submitting in its place.
    exam: page.getByRole('heading', { name: /^Question \d+ of \d+$/ }).or(summaryDialog(page)),
    unavailable: page.getByRole('heading', { level: 1, name: 'Test Unavailable' }),
    // Received, or saved on this device and sent by itself: the exam is over on this device either way.
    completed: completionHeading(page, 'received').or(completionHeading(page, 'waiting')),
    refused: completionHeading(page, 'refused'),
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
  // The student's devices: the first, and the one a move takes them to (a profile of its own).
  const devices = [await StudentBrowser.launch(profileDir, server.url, lostCount)]
  const newDevice = async (responsesToLose: number) => {
    const device = await StudentBrowser.launch(`${profileDir}-new-device`, server.url, responsesToLose)
    devices.push(device)
    return device
  }
  const events: string[] = []
  const started = Date.now()
  const log = (line: string) => events.push(`${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s  ${line}`)
  const student = new ChaosStudent(plan, server, devices[0]!, newDevice, code, questionCount, log)
  try {
    const ending = await student.takeExam()
    const lostResponses = devices.reduce((sum, device) => sum + device.lostResponses, 0)
    if (lostResponses > 0) log(`${lostResponses} submit_exam response(s) lost after the server had answered`)
    const submissionIds = new Set(devices.flatMap((device) => [...device.submissionIds]))
    await checkDatabase(server.db, { code, plan, submissionIds, ending })
    expect(
      devices.flatMap((device) => device.pageErrors),
      'errors thrown in the pages',
    ).toEqual([])
    return events
  } catch (error) {
    throw new Error(
      `${(error as Error).message}\n\n${await describeScreen(student.page, plan.seed)}\n\nwhat happened:\n${events.join('\n')}`,
      {
        cause: error,
      },
    )
  } finally {
    for (const device of devices) await device.close()
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

/** How the exam ended: submitted by the student (after a move to a new device, maybe), or by the server from its copy. */
type Ending =
  | { kind: 'submitted'; movedAttemptId: string | null }
  /** `history`: the answers after each one the device confirmed; `exact`: the device was online when lost, its copy complete. */
  | { kind: 'lost'; history: Map<number, AnswerLetter>[]; exact: boolean }

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
  /** After a reload or reopening, the exam is back at the same place; after a move, the new device holds the answers. */
  private returnCheck: 'none' | 'same-place' | 'restored' = 'none'
  private recoveries = 0
  /** The confirmed answers after each answer: the server's copy is always one of them. */
  private readonly history: Map<number, AnswerLetter>[] = [new Map()]
  /** Set by a move (the attempt left behind) or by the loss of the device. */
  private movedAttemptId: string | null = null
  private lost: Extract<Ending, { kind: 'lost' }> | null = null

  constructor(
    private readonly plan: ChaosPlan,
    private readonly server: ChaosServer,
    private browser: StudentBrowser,
    private readonly newDevice: (responsesToLose: number) => Promise<StudentBrowser>,
    private readonly code: string,
    private readonly questionCount: number,
    private readonly log: (line: string) => void,
  ) {}

  /** The page of the device the student is on. */
  get page(): Page {
    return this.browser.page
  }

  async takeExam(): Promise<Ending> {
    const { steps } = this.plan
    await this.arrive(0)
    this.nextStep = 1
    let navigationError = await this.browser.goto('/student')
    for (let turn = 0; turn < 300; turn++) {
      if (this.lost) return this.lost
      const screen = navigationError === null ? await observe(this.page) : 'navigation-failed'
      switch (screen) {
        case 'elsewhere':
          throw new Error('the device the student is on was told the exam is in progress on another device')
        case 'moved-away':
          throw new Error('the device the student is on was told the exam continues on another device')
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
          if (this.returnCheck !== 'none') await this.checkDeviceKeptAnswers()
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
          await this.checkCompletionScreen()
          return { kind: 'submitted', movedAttemptId: this.movedAttemptId }
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
      const point = pointOf(fault)
      return point?.step === step && point.during === during
    })
  }

  private async strike(fault: Fault): Promise<void> {
    if (fault.kind === 'lost-submit-response') return
    // The device is gone: nothing planned after its loss can strike.
    if (this.lost) return
    const where = describePoint(this.plan, pointOf(fault)!)
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
      case 'device-lost':
        return this.loseDevice()
      case 'move':
        return this.moveToNewDevice()
    }
  }

  private expectReturnToExam(): void {
    if (this.lastPosition !== null) this.returnCheck = 'same-place'
  }

  /**
   * The device is lost for good in the middle of the exam: its browser closed and its profile
   * deleted, whatever held it back (an offline device is lost offline). Its deadline and grace are
   * then made to pass, and the server's timer submits the copy it holds.
   */
  private async loseDevice(): Promise<void> {
    // Lost while nothing held it back: its copy must be complete; otherwise it is whatever got through.
    const exact = this.held.length === 0
    if (exact) await waitForEverythingReceived(this.page, 60_000)
    await this.browser.close()
    this.held.length = 0
    await this.server.bringUp()
    this.log(`the device is lost for good${exact ? ', everything received' : ''}`)
    await this.server.db.query(
      `update public.exam_attempts
          set started_at = now() - interval '33 minutes', deadline = now() - interval '3 minutes'
        where login_code = $1`,
      [this.code],
    )
    this.log('its deadline and grace have passed')
    await expect
      .poll(
        async () =>
          (await this.server.db.query('select id from public.submissions where login_code = $1', [this.code])).rows.length,
        { timeout: 60_000, message: "the server's timer submits its copy" },
      )
      .toBe(1)
    this.log("submitted from the server's copy")
    this.lost = { kind: 'lost', history: this.history, exact }
  }

  /**
   * With both devices online (whatever held the student back ends first), the proctor moves the
   * student to a new device: it resumes with the PIN and every answer, and the student goes on
   * there. The old device, still open, is tapped once more and is told at that report.
   */
  private async moveToNewDevice(): Promise<void> {
    for (const fault of [...this.held]) await this.lift(fault, 'the proctor moves the student, both devices online')
    expect(await observe(this.page), 'the screen when the proctor moves the student').toBe('exam')
    await waitForEverythingReceived(this.page, 60_000)
    const { rows } = await this.server.db.query<{ id: string }>(
      `select id from public.exam_attempts where login_code = $1 and state <> 'moved' order by started_at desc limit 1`,
      [this.code],
    )
    const attemptId = rows[0]!.id
    const pin = await this.server.offerMove(attemptId)
    this.log(`the proctor offers a move: PIN ${pin}`)

    const old = this.browser
    this.browser = await this.newDevice(old.handOverLostResponses())
    expect(await this.browser.goto('/student'), 'the new device opens the app').toBeNull()
    await this.page.getByLabel('Login Code').fill(this.code)
    await this.page.getByRole('button', { name: 'Continue' }).click()
    await this.page.getByText(elsewhereText, { exact: true }).waitFor()
    await enterResumePin(this.page, pin)
    const restored = this.confirmed.size === 1 ? '1 answer restored' : `${this.confirmed.size} answers restored`
    await this.page.getByText(new RegExp(`^Resumed on this device: ${restored} \\(last saved at .+\\)\\.$`)).waitFor()
    this.movedAttemptId = attemptId
    this.returnCheck = 'restored'
    this.log(`resumed on a new device: ${restored}`)

    // The old device: a tap on another letter makes a report, which the server answers "moved".
    const tapped = answerLetters.find((letter) => letter !== this.confirmed.get(this.lastPosition ?? 0))!
    await option(old.page, tapped).check()
    await old.page.getByText(movedAwayText, { exact: true }).waitFor({ timeout: 30_000 })
    this.log('the old device says the exam continues on another device')
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
    const heading = (await this.page.getByRole('heading', { name: /^Question \d+ of \d+$/ }).textContent()) ?? ''
    return Number(/^Question (\d+) of/.exec(heading)?.[1])
  }

  private async saved(): Promise<void> {
    await this.page.getByText('Answers saved on this device', { exact: true }).waitFor()
  }

  private async goToQuestion(position: number, move: 'step' | 'jump'): Promise<void> {
    const summary = summaryDialog(this.page)
    if (await summary.isVisible()) {
      await summary.getByRole('button', { name: 'Back to the exam' }).click()
      await summary.waitFor({ state: 'hidden' })
    }
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
    this.history.push(new Map(this.confirmed))
  }

  /** "Submit Test" opens the summary; its "Submit now" sends the submission. */
  private async submit(index: number): Promise<void> {
    const summary = summaryDialog(this.page)
    if (!(await summary.isVisible())) {
      await this.goToQuestion(this.questionCount, 'jump')
      await this.page.getByRole('heading', { name: `Answered ${this.questionCount} of ${this.questionCount}` }).waitFor()
      await this.page.getByRole('button', { name: 'Submit Test' }).click()
    }
    await this.click(index, summary.getByRole('button', { name: 'Submit now' }))
  }

  /**
   * After a reload or a reopened tab or browser: the exam is back at the same question with every
   * saved answer. After a move: the new device holds every answer.
   */
  private async checkDeviceKeptAnswers(): Promise<void> {
    const samePlace = this.returnCheck === 'same-place'
    this.returnCheck = 'none'
    if (samePlace) {
      await expect.poll(() => this.currentPosition(), { message: 'the question shown after coming back' }).toBe(this.lastPosition)
    }
    const answered = this.page.getByRole('heading', { name: /^Answered \d+ of \d+$/ })
    await expect.poll(() => answered.textContent()).toBe(`Answered ${this.confirmed.size} of ${this.questionCount}`)
    for (const [position, letter] of this.confirmed) {
      await this.goToQuestion(position, 'jump')
      await expect
        .poll(() => option(this.page, letter).isChecked(), { message: `question ${position} still ${letter}` })
        .toBe(true)
    }
    this.log(`the ${samePlace ? 'device kept' : 'new device has'} all ${this.confirmed.size} answers`)
  }

  /** On the completion screen, until the server's receipt is shown; answers waiting on the device lift every fault. */
  private async waitForReceipt(): Promise<void> {
    const received = this.page.getByText('Your answers have been received.')
    const waiting = completionHeading(this.page, 'waiting')
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
  ending: Ending
}

/**
 * The database agrees with what the student did, and holds no half-done submission anywhere:
 * exactly one submission (0 doubled) holding every answer the student gave (0 lost), or, for a
 * device lost mid-exam, the server's copy, which is the answers as they stood at some moment.
 */
async function checkDatabase(db: SqlDatabase, { code, plan, submissionIds, ending }: Expected): Promise<void> {
  const { rows: submissions } = await db.query<{
    id: string
    student_name: string
    answers: Record<string, string>
    from_server_copy: boolean
  }>('select id, student_name, answers, from_server_copy from public.submissions where login_code = $1', [code])
  expect(submissions, 'exactly one submission for the attempt').toHaveLength(1)
  const [submission] = submissions as [(typeof submissions)[number]]
  // The student answered by position; the exam the code was given (its snapshot, in the order the
  // schedule's shuffle gave it) says which question number each position showed.
  const { rows: snapshot } = await db.query<{ position: number; question_number: number }>(
    'select position, question_number from public.attempt_questions where login_code = $1',
    [code],
  )
  const numberAt = new Map(snapshot.map((row) => [row.position, row.question_number]))
  const byNumber = (answers: Map<number, AnswerLetter>) =>
    Object.fromEntries([...answers].map(([position, letter]) => [String(numberAt.get(position)), letter]))
  expect(submission.student_name).toBe(plan.studentName)
  expect(submission.from_server_copy, "submitted from the server's copy").toBe(ending.kind === 'lost')
  if (ending.kind === 'lost') {
    if (ending.exact) expect(submission.answers, 'every answer the device had').toEqual(byNumber(ending.history.at(-1)!))
    else expect(ending.history.map(byNumber), 'the answers as they stood at some moment').toContainEqual(submission.answers)
    expect([...submissionIds], 'the lost device never sent a submission').toEqual([])
  } else {
    expect(submission.answers).toEqual(byNumber(plan.finalAnswers))
    expect([...submissionIds], 'every send carried the one submission id that was stored').toEqual([submission.id])
  }

  // Every start the server recorded (a start whose answer was lost included) ends received, but
  // the attempt a move left behind; the attempt that made the submission shows the student's name.
  const { rows: attempts } = await db.query<{
    id: string
    state: string
    student_name: string | null
    answered_count: number
    moved_to: string | null
    reported_answers: Record<string, string> | null
  }>(
    'select id, state, student_name, answered_count, moved_to, reported_answers from public.exam_attempts where login_code = $1',
    [code],
  )
  const movedAttemptId = ending.kind === 'submitted' ? ending.movedAttemptId : null
  expect(
    attempts.map((attempt) => [attempt.id, attempt.state]),
    'every attempt of the code received, or moved',
  ).toEqual(attempts.map((attempt) => [attempt.id, attempt.id === movedAttemptId ? 'moved' : 'received']))
  if (movedAttemptId) {
    expect(attempts.find((attempt) => attempt.id === movedAttemptId)?.moved_to, 'moved to the attempt that submitted').toBe(
      submission.id,
    )
  }
  if (ending.kind === 'lost') {
    // The server's submission has an id of its own; what it holds is the copy an attempt reported.
    expect(
      attempts.map((attempt) => attempt.reported_answers ?? {}),
      "the server's copy submitted",
    ).toContainEqual(submission.answers)
    expect(attempts.map((attempt) => attempt.student_name)).toEqual(attempts.map(() => plan.studentName))
  } else {
    expect(
      attempts.find((attempt) => attempt.id === submission.id),
      'the attempt of the submission',
    ).toMatchObject({ student_name: plan.studentName, answered_count: plan.finalAnswers.size })
  }

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

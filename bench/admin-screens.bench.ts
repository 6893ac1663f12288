// The admin screens in a school's exam week (bench/school-week.ts): 12 exams, 6 sittings open
// now with 2,000 students writing across them, 100,000 submissions over 60 days, 20,000 login
// codes and 20,000 actions in the activity log, spread over the exams, seeded with SQL. For each
// screen, signed in as an administrator in Chromium, prints the API data moved (REST and auth
// response bodies, Realtime frames) and the time until the screen is useful, as a user sees it,
// for one exam (the school's first, `?exam=<id>` in the address as the picker writes it) and,
// where the screen offers "All exams" (no exam in the address), for all: Dashboard, the exam
// list, Test Results until its Daily Analysis, opening one day, a search, Login Code Manager,
// Proctor Room (and one sitting picked in it), Activity.
// Screens are opened as the app's links open them (no page reload); the median of a few tries.
// Usage: npx tsx bench/admin-screens.bench.ts [submissions] [tries]
import type { Page } from 'playwright-core'
import { benchAdmin, ms, startAppStack } from './app-stack.ts'
import { percentile } from './percentiles.ts'
import { seedSchoolHistory, seedSchoolWeek, type SchoolWeek } from './school-week.ts'

const history = {
  submissions: Number(process.argv[2] ?? 100_000),
  codes: 20_000,
  liveAttempts: 2_000,
  activity: 20_000,
  days: 60,
}
const tries = Number(process.argv[3] ?? 3)
const targets = { bytes: 100 * 1024, ms: 500 }

const app = await startAppStack()
const { db } = app.stack
const seedStarted = performance.now()
const week = await seedSchoolWeek(db)
await seedSchoolHistory(db, week, history)
const seedSeconds = (performance.now() - seedStarted) / 1000
// The exam measured alone: the school's first, as a screen without an exam in the address shows it.
const first = week.exams[0] as SchoolWeek['exams'][number]
const firstSitting = week.openSittings[0] as SchoolWeek['openSittings'][number]

/** A figure of the exam `examId` (all exams without one), as the screens count it. */
async function counted(sql: string, examId: string | undefined): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from ${sql} and ($1::uuid is null or exam_id = $1)`, [
    examId ?? null,
  ])
  return rows[0]?.n ?? 0
}
const totals = async (examId: string | undefined) => ({
  submissions: await counted('public.submissions where true', examId),
  codes: await counted('public.login_codes where true', examId),
})
/** A submission of the exam for the search to find: one whose code matches no other's. */
const searched = async (examId: string) =>
  (
    await db.query<{ login_code: string }>(
      `select login_code from public.submissions where exam_id = $1 and login_code like 'R%' order by login_code offset 4321 limit 1`,
      [examId],
    )
  ).rows[0]?.login_code ?? ''

const context = await app.browser.newContext()
const page = await context.newPage()
await page.goto(`${app.stack.url}/admin`)
await page.getByLabel('Email').fill(benchAdmin.email)
await page.getByLabel('Password').fill(benchAdmin.password)
await page.getByRole('button', { name: 'Sign In' }).click()
await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor()

const isApi = (url: string) => /\/(rest|auth)\/v1\//.test(new URL(url).pathname)
/** The page's API requests (REST and auth: the size of each answer's body), Realtime frames, and requests still open. */
const traffic = {
  requests: [] as Array<{ at: number; bytes: Promise<number> }>,
  frames: [] as Array<{ at: number; bytes: number }>,
  open: 0,
}
page.on('request', (request) => {
  if (!isApi(request.url())) return
  traffic.open++
  const bytes = request
    .response()
    .then((response) => response?.body())
    .then((body) => body?.length ?? 0)
    // A request the page dropped (it moved on) brought nothing.
    .catch(() => 0)
    .finally(() => traffic.open--)
  traffic.requests.push({ at: performance.now(), bytes })
})
page.on('websocket', (socket) =>
  socket.on('framereceived', ({ payload }) => traffic.frames.push({ at: performance.now(), bytes: payload.length })),
)

/** Until the page has had no API request open for a while: what the last screen asked for is in. */
async function quiet(): Promise<void> {
  for (let quietSince = performance.now(); performance.now() - quietSince < 300;) {
    await new Promise((resolve) => setTimeout(resolve, 25))
    if (traffic.open > 0) quietSince = performance.now()
  }
}

interface Measured {
  bytes: number
  ms: number
}

/**
 * Runs `act`, then waits until `useful`: the time taken, and the data of the API requests the
 * page made and the Realtime frames it received in between.
 */
async function measure(act: () => Promise<unknown>, useful: () => Promise<unknown>): Promise<Measured> {
  await quiet()
  const started = performance.now()
  await act()
  await useful()
  const done = performance.now()
  const within = ({ at }: { at: number }) => at >= started && at <= done
  const answers = await Promise.all(traffic.requests.filter(within).map((request) => request.bytes))
  const frames = traffic.frames.filter(within).map((frame) => frame.bytes)
  return { bytes: [...answers, ...frames].reduce((sum, bytes) => sum + bytes, 0), ms: done - started }
}

/** Opens `path` as a link in the app does: React Router follows the history, the app stays loaded. */
async function openInApp(target: Page, path: string): Promise<void> {
  await target.evaluate((to) => {
    window.history.pushState({}, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
}

/** Leaves for the questions screen, so the next try mounts its screen afresh. */
async function leave(): Promise<void> {
  await openInApp(page, '/admin/questions')
  await page.getByRole('heading', { level: 1, name: 'Question Manager' }).waitFor()
}

const statCard = (list: string, text: string) => page.getByRole('list', { name: list }).getByText(text, { exact: true })
const dayGroups = page.locator('.day-group')
const attemptRows = page.getByRole('region', { name: 'Exam attempts' }).locator('tbody tr')
/** `path` showing the exam `examId` as the picker writes it in the address; all exams (or the first, where there is no "All exams") without. */
const at = (path: string, examId: string | undefined) => (examId ? `${path}?exam=${examId}` : path)

interface Screen {
  name: string
  /** Whether the screen offers "All exams"; otherwise it is measured for one exam only. */
  allExams: boolean
  open: (examId: string | undefined) => Promise<Measured>
}

/** The Proctor Room of one exam, its sitting open now then picked: the room read again for that sitting alone. */
const proctorSitting: Screen = {
  name: 'Proctor Room: its open sitting picked',
  allExams: false,
  open: async (examId) => {
    await openInApp(page, at('/admin/live', examId))
    await attemptRows.first().waitFor()
    const sitting = page.getByLabel('Sitting', { exact: true })
    // The room read again for the sitting: its page of attempts and its counts, each naming it.
    const forSitting = (rpc: string) =>
      page.waitForResponse(
        (response) => response.url().includes(`/rpc/${rpc}`) && (response.request().postData() ?? '').includes(firstSitting.id),
      )
    return measure(
      () => sitting.selectOption({ label: firstSitting.name }),
      async () => {
        await Promise.all([forSitting('admin_live_attempts'), forSitting('admin_live_attempt_counts')])
        await attemptRows.first().waitFor()
      },
    )
  },
}

const screens: Screen[] = [
  {
    name: 'Dashboard (stat cards)',
    allExams: true,
    open: async (examId) => {
      const { codes } = await totals(examId)
      return measure(
        () => openInApp(page, at('/admin', examId)),
        () => statCard('Statistics', `Login Codes${codes}`).waitFor(),
      )
    },
  },
  {
    name: `Exams (the list of ${week.exams.length})`,
    allExams: false,
    open: () =>
      measure(
        () => openInApp(page, '/admin/exams'),
        () =>
          page
            .locator('table.exam-list tbody tr')
            .nth(week.exams.length - 1)
            .waitFor(),
      ),
  },
  {
    name: 'Test Results (Daily Analysis)',
    allExams: false,
    open: async (examId) => {
      const { submissions } = await totals(examId)
      return measure(
        () => openInApp(page, at('/admin/results', examId)),
        async () => {
          await page.getByRole('heading', { name: 'Daily Analysis' }).waitFor()
          await dayGroups.first().waitFor()
          await statCard('Result statistics', String(submissions)).waitFor()
        },
      )
    },
  },
  {
    name: 'Test Results: opening one day',
    allExams: false,
    open: async (examId) => {
      await openInApp(page, at('/admin/results', examId))
      await dayGroups.first().waitFor()
      // The newest day that is closed (today's may open by itself).
      const closed = await page
        .locator('.day-group__toggle')
        .evaluateAll((toggles) => toggles.findIndex((toggle) => toggle.getAttribute('aria-expanded') === 'false'))
      const day = dayGroups.nth(closed)
      return measure(
        () => day.locator('.day-group__toggle').click(),
        () => day.locator('tbody tr').first().waitFor(),
      )
    },
  },
  {
    name: 'Test Results: a search (typing settles first)',
    allExams: false,
    open: async (examId) => {
      const code = await searched(examId ?? first.id)
      await openInApp(page, at('/admin/results', examId))
      await dayGroups.first().waitFor()
      return measure(
        () => page.getByRole('searchbox', { name: 'Search' }).fill(code),
        // Checked every frame: a locator's wait polls ever more slowly (after 0, 20, 100, 100 ms,
        // then every 500 ms), and this wait outlasts the typing's 300 ms, so it counted up to half
        // a second after the count had shown.
        () =>
          page.waitForFunction(
            () =>
              /^Showing 1 of \d+ results?$/.test(document.querySelector('.results-filters__count')?.textContent?.trim() ?? ''),
            undefined,
            { polling: 'raf' },
          ),
      )
    },
  },
  {
    name: 'Login Code Manager',
    allExams: false,
    open: async (examId) => {
      const { codes } = await totals(examId)
      return measure(
        () => openInApp(page, at('/admin/codes', examId)),
        async () => {
          await statCard('Login code statistics', `Total${codes}`).waitFor()
          await page.getByRole('list', { name: 'Available codes' }).getByRole('listitem').first().waitFor()
        },
      )
    },
  },
  {
    name: `Proctor Room (${history.liveAttempts} live attempts in all)`,
    allExams: true,
    open: (examId) =>
      measure(
        () => openInApp(page, at('/admin/live', examId)),
        async () => {
          await page.getByRole('list', { name: 'Attempt statistics' }).waitFor()
          await attemptRows.first().waitFor()
        },
      ),
  },
  proctorSitting,
  {
    name: 'Activity',
    allExams: true,
    open: (examId) =>
      measure(
        () => openInApp(page, at('/admin/activity', examId)),
        () => page.getByRole('region', { name: 'Activity' }).locator('tbody tr').first().waitFor(),
      ),
  },
]

const timeout = 120_000
page.setDefaultTimeout(timeout)
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met')
const everything = await totals(undefined)
console.log(
  `data:    ${week.exams.length} exams, ${week.openSittings.length} sittings open now with ${history.liveAttempts} students writing across them; ` +
    `${everything.submissions} submissions over ${history.days} days, ${everything.codes} login codes, ${history.activity} actions in the activity log, ` +
    `spread over the exams (seeded in ${seedSeconds.toFixed(0)} s)`,
)
console.log(
  `one exam: the school's first, "${first.name}" (?exam=<id>); all exams: no exam in the address, where the screen offers it`,
)
console.log(
  `targets: under ${kb(targets.bytes)} of API data and ${ms(targets.ms)} until useful, per screen; median of ${tries} tries\n`,
)

/** The median of `tries` openings of `screen` for the exam (all exams without one), or why it never became useful. */
async function figures(screen: Screen, examId: string | undefined): Promise<Measured | string> {
  const results: Measured[] = []
  try {
    for (let i = 0; i < tries; i++) {
      await leave()
      results.push(await screen.open(examId))
    }
  } catch (error) {
    return `not ready: ${(error as Error).message.split('\n')[0]}`
  }
  const median = (value: (r: Measured) => number) => percentile(results.map(value), 50)
  return { bytes: median((r) => r.bytes), ms: median((r) => r.ms) }
}
const shown = (result: Measured | string | undefined) =>
  result === undefined
    ? '—'.padEnd(34)
    : typeof result === 'string'
      ? result
      : `${kb(result.bytes).padStart(10)} (${verdict(result.bytes < targets.bytes)})  ${ms(result.ms).padStart(8)} (${verdict(result.ms < targets.ms)})`
console.log(`${''.padEnd(46)} ${'one exam'.padEnd(36)} all exams`)
const measured = new Map<Screen, { one: Measured | string; all?: Measured | string }>()
for (const screen of screens) {
  const one = await figures(screen, first.id)
  const all = screen.allExams ? await figures(screen, undefined) : undefined
  measured.set(screen, { one, all })
  console.log(`${screen.name.padEnd(46)} ${shown(one).padEnd(36)} ${shown(all)}`)
}
// One sitting against the whole school, measured in this process: as ratios, which the machine's load moves less.
const [room, sittingPicked] = [screens.find((screen) => screen.name.startsWith('Proctor Room (')), proctorSitting]
const all = room && measured.get(room)?.all
const one = measured.get(sittingPicked)?.one
if (typeof all === 'object' && typeof one === 'object') {
  console.log(
    `\nProctor Room, one sitting against all exams: ${(one.bytes / all.bytes).toFixed(2)}× the data, ${(one.ms / all.ms).toFixed(2)}× the time`,
  )
}
await context.close()
await app.close()

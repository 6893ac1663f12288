// The admin screens at school scale: 100,000 submissions over 60 days, 20,000 login codes and
// 2,000 exams in progress, seeded with SQL. For each screen, signed in as an administrator in
// Chromium, prints the API data moved (REST and auth response bodies, Realtime frames) and the
// time until the screen is useful, as a user sees it: Dashboard, Test Results until its Daily
// Analysis, opening one day, a search, Login Code Manager, Proctor Room.
// Screens are opened as the app's links open them (no page reload); the median of a few tries.
// Usage: npx tsx bench/admin-screens.bench.ts [submissions] [tries]
import type { Page } from 'playwright-core'
import { benchAdmin, ms, startAppStack } from './app-stack.ts'
import { percentile } from './percentiles.ts'

const submissionCount = Number(process.argv[2] ?? 100_000)
const tries = Number(process.argv[3] ?? 3)
const days = 60
const codeCount = 20_000
const liveAttempts = 2_000
const targets = { bytes: 100 * 1024, ms: 500 }

const app = await startAppStack()
const { db } = app.stack
const seedStarted = performance.now()
// The local stack's Realtime capture would log (and announce) each of these rows; the bench's
// browser subscribes only afterwards, and the tally trigger of the migrations still runs.
const capturedTables = ['public.submissions', 'public.login_codes', 'public.exam_attempts']
for (const table of capturedTables) await db.exec(`alter table ${table} disable trigger holdfast_realtime_capture`)
await db.query(
  `insert into public.submissions (id, student_name, login_code, answers, answers_fingerprint, score, tab_switches, time_taken, started_at, submitted_at)
   select gen_random_uuid(), 'Student ' || i, 'R' || lpad(i::text, 7, '0'), '{}', md5(i::text), (i * 7919) % 51, i % 9, 600 + i % 1200,
          at - interval '20 minutes', at
     from generate_series(1, $1) as i,
          lateral (select now() - ((i % $2) || ' days')::interval - ((i % 480) || ' minutes')::interval as at) as moment`,
  [submissionCount, days],
)
// Codes over the same 60 days, half used; the newest unused ones are the exams in progress.
await db.query(
  `insert into public.login_codes (code, created_at, is_used, used_by, used_at)
   select 'C' || lpad(i::text, 7, '0'), now() - ((i % $2) || ' days')::interval - (i || ' seconds')::interval,
          i % 2 = 0, case when i % 2 = 0 then 'Student ' || i end, case when i % 2 = 0 then now() - ((i % $2) || ' days')::interval end
     from generate_series(1, $1) as i`,
  [codeCount, days],
)
await db.query(
  `insert into public.exam_attempts (id, login_code, student_name, started_at, deadline, question_count, answered_count,
                                     tab_switches, client_online, state, reported_at, last_seen)
   select gen_random_uuid(), 'C' || lpad((2 * i - 1)::text, 7, '0'), 'Live Student ' || i, now() - interval '20 minutes',
          now() + interval '40 minutes', 50, i % 50, i % 4, i % 10 <> 0,
          case when i % 20 = 0 then 'submitted_on_device' else 'in_progress' end,
          now() - ((i % 90) || ' seconds')::interval, now() - ((i % 90) || ' seconds')::interval
     from generate_series(1, $1) as i`,
  [liveAttempts],
)
for (const table of capturedTables) await db.exec(`alter table ${table} enable trigger holdfast_realtime_capture`)
await db.exec('analyze')
const counted = async (sql: string) => (await db.query<{ n: number }>(`select (${sql})::int as n`)).rows[0]?.n ?? 0
const totals = {
  submissions: await counted('select count(*) from public.submissions'),
  codes: await counted('select count(*) from public.login_codes'),
}
const seedSeconds = (performance.now() - seedStarted) / 1000

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

const screens: Array<{ name: string; open: () => Promise<Measured> }> = [
  {
    name: 'Dashboard (stat cards)',
    open: () =>
      measure(
        () => openInApp(page, '/admin'),
        () => statCard('Statistics', `Login Codes${totals.codes}`).waitFor(),
      ),
  },
  {
    name: 'Test Results (Daily Analysis)',
    open: () =>
      measure(
        () => openInApp(page, '/admin/results'),
        async () => {
          await page.getByRole('heading', { name: 'Daily Analysis' }).waitFor()
          await dayGroups.first().waitFor()
          await statCard('Result statistics', String(totals.submissions)).waitFor()
        },
      ),
  },
  {
    name: 'Test Results: opening one day',
    open: async () => {
      await openInApp(page, '/admin/results')
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
    open: async () => {
      await openInApp(page, '/admin/results')
      await dayGroups.first().waitFor()
      return measure(
        () => page.getByRole('searchbox', { name: 'Search' }).fill('R0054321'),
        () => page.getByText(/^Showing 1 of \d+ results?$/).waitFor(),
      )
    },
  },
  {
    name: 'Login Code Manager',
    open: () =>
      measure(
        () => openInApp(page, '/admin/codes'),
        async () => {
          await statCard('Login code statistics', `Total${totals.codes}`).waitFor()
          await page.getByRole('list', { name: 'Available codes' }).getByRole('listitem').first().waitFor()
        },
      ),
  },
  {
    name: `Proctor Room (${liveAttempts} live attempts)`,
    open: () =>
      measure(
        () => openInApp(page, '/admin/live'),
        async () => {
          await page.getByRole('list', { name: 'Attempt statistics' }).waitFor()
          await page.getByRole('region', { name: 'Exam attempts' }).locator('tbody tr').first().waitFor()
        },
      ),
  },
]

const timeout = 120_000
page.setDefaultTimeout(timeout)
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met')
console.log(
  `data:    ${totals.submissions} submissions over ${days} days, ${totals.codes} login codes, ${liveAttempts} exams in progress (seeded in ${seedSeconds.toFixed(0)} s)`,
)
console.log(
  `targets: under ${kb(targets.bytes)} of API data and ${ms(targets.ms)} until useful, per screen; median of ${tries} tries\n`,
)
for (const screen of screens) {
  const results: Measured[] = []
  try {
    for (let i = 0; i < tries; i++) {
      await leave()
      results.push(await screen.open())
    }
  } catch (error) {
    console.log(`${screen.name.padEnd(46)} not ready: ${(error as Error).message.split('\n')[0]}`)
    continue
  }
  const bytes = percentile(
    results.map((r) => r.bytes),
    50,
  )
  const time = percentile(
    results.map((r) => r.ms),
    50,
  )
  console.log(
    `${screen.name.padEnd(46)} ${kb(bytes).padStart(10)} (${verdict(bytes < targets.bytes)})  ${ms(time).padStart(8)} (${verdict(time < targets.ms)})`,
  )
}
await context.close()
await app.close()

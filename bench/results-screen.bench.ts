// Test Results with 10,000 submissions (default): time from opening /admin/results, signed in as
// an administrator, until the Daily Analysis is rendered (its heading with the day groups) and
// until today's ranked table has rows. The submissions are inserted with SQL over the last 14 days.
// Usage: npx tsx bench/results-screen.bench.ts [submissions] [tries]
import { benchAdmin, ms, startAppStack } from './app-stack.ts'
import { percentile } from './percentiles.ts'

const count = Number(process.argv[2] ?? 10_000)
const tries = Number(process.argv[3] ?? 5)
const days = 14

const app = await startAppStack()
await app.stack.db.query(
  `with students as (
     select i, 'R' || lpad(i::text, 7, '0') as code, now() - ((i % $2) || ' days')::interval - ((i % 480) || ' minutes')::interval as at
       from generate_series(1, $1) as i)
   , codes as (
     insert into public.login_codes (code, created_at, is_used, used_by, used_at)
     select code, at - interval '1 hour', true, 'Student ' || i, at from students)
   insert into public.submissions (id, student_name, login_code, answers, answers_fingerprint, score, tab_switches, time_taken, started_at, submitted_at)
   select gen_random_uuid(), 'Student ' || i, code, '{}', md5(code), (i * 7919) % 51, i % 9, 600 + i % 1200, at - interval '20 minutes', at
     from students`,
  [count, days],
)

const context = await app.browser.newContext()
const page = await context.newPage()
await page.goto(`${app.stack.url}/admin`)
await page.getByLabel('Email').fill(benchAdmin.email)
await page.getByLabel('Password').fill(benchAdmin.password)
await page.getByRole('button', { name: 'Sign In' }).click()
await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor()

let payload = 0
page.on('response', (response) => {
  if (new URL(response.url()).pathname === '/rest/v1/submissions')
    response.body().then(
      (body) => (payload = Math.max(payload, body.length)),
      // A refetch still running when the next load starts has no body to read.
      () => undefined,
    )
})
const analysisShown: number[] = []
const todayShown: number[] = []
for (let i = 0; i < tries; i++) {
  await page.goto(`${app.stack.url}/admin/results`)
  // Read on the page's clock: milliseconds since this navigation started.
  await page.getByRole('heading', { level: 2, name: 'Daily Analysis' }).waitFor({ timeout: 120_000 })
  analysisShown.push(await page.evaluate(() => performance.now()))
  await page.locator('.results-table tbody tr').first().waitFor()
  todayShown.push(await page.evaluate(() => performance.now()))
}
const groups = await page.locator('.day-group').count()
const spread = (samples: number[]) =>
  `p50 ${ms(percentile(samples, 50))}  min ${ms(Math.min(...samples))}  max ${ms(Math.max(...samples))}`
console.log(`submissions:                    ${count} over ${days} days (${groups} day groups shown); ${tries} loads`)
console.log(`submissions response:           ${(payload / 1024 / 1024).toFixed(1)} MB of JSON`)
console.log(`open → Daily Analysis rendered: ${spread(analysisShown)}`)
console.log(`open → today's table has rows:  ${spread(todayShown)}`)
await context.close()
await app.close()

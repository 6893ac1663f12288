// Exam start on a throttled network (150 ms round trip, 1.6 Mbps down, 750 kbps up: Chromium's
// DevTools emulation, per request): from the login code entered (Continue pressed) to the first
// question on screen, with the name typed as soon as its field shows. Each try is a cold visit in a
// fresh context; its first load of /student is timed too. The service worker is blocked, since
// the emulation would not slow its precache down and it would not compete for the link.
// Usage: npx tsx bench/throttled-exam-start.bench.ts [tries]
import { ms, startAppStack } from './app-stack.ts'
import { createCodes } from './bench-submission.ts'
import { percentile } from './percentiles.ts'

const tries = Number(process.argv[2] ?? 5)
const network = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 }

const app = await startAppStack()
const codes = await createCodes(app.stack, 'T', tries)
const firstLoads: number[] = []
const codeChecks: number[] = []
const questionLoads: number[] = []
const examStarts: number[] = []
for (const code of codes) {
  const context = await app.browser.newContext({ serviceWorkers: 'block' })
  const page = await context.newPage()
  const devtools = await context.newCDPSession(page)
  await devtools.send('Network.enable')
  await devtools.send('Network.emulateNetworkConditions', network)

  let started = performance.now()
  await page.goto(`${app.stack.url}/student`)
  await page.getByLabel('Login Code').fill(code)
  firstLoads.push(performance.now() - started)

  started = performance.now()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByLabel('Full Name').fill('Throttled Student')
  const nameShown = performance.now()
  await page.getByRole('button', { name: 'Start Test' }).click()
  await page.getByRole('heading', { name: /^Question 1 of \d+$/ }).waitFor()
  const done = performance.now()
  codeChecks.push(nameShown - started)
  questionLoads.push(done - nameShown)
  examStarts.push(done - started)
  await context.close()
}

const spread = (samples: number[]) =>
  `p50 ${ms(percentile(samples, 50))}  min ${ms(Math.min(...samples))}  max ${ms(Math.max(...samples))}`
console.log(`network:                          150 ms RTT, 1.6 Mbps down, 750 kbps up; ${tries} cold tries`)
console.log(`code entered → first question:    ${spread(examStarts)}`)
console.log(`  of which code check → name step: ${spread(codeChecks)}`)
console.log(`  and name → first question:       ${spread(questionLoads)}`)
console.log(`first load of /student → code step: ${spread(firstLoads)}`)
await app.close()

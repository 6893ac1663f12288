// The student's exam on a low-end phone on a bad network, beside the same on a desktop: Chromium's
// DevTools emulation slows the CPU 4× (Emulation.setCPUThrottlingRate) and the network to 150 ms round
// trips, 1.6 Mbps down and 750 kbps up (per request). Three conditions, each with cold visits in fresh
// contexts (service worker blocked: the emulation would not slow its precache, and it would not compete
// for the link):
//   first load of /student → code step usable (the Login Code field on screen, on the page's own clock);
//   code entered → first question: the waits of the student's two steps, Continue → the name step and
//   Start Test → the first question on screen; the student types the code and the name as a person does
//   (a key every 150 ms: meanwhile the app fetches what the next step needs), and that typing is not counted;
//   answer click → next question painted: an option clicked, then Next at once, until the next question
//   is on screen and a frame has been painted (in the page, on its clock).
// Usage: npx tsx bench/low-end-phone.bench.ts [tries] [clicks per try]
/// <reference lib="dom" />
import type { BrowserContext } from 'playwright-core'
import { ms, startAppStack } from './app-stack.ts'
import { createCodes } from './bench-submission.ts'
import { percentile } from './percentiles.ts'

const tries = Number(process.argv[2] ?? 3)
const clicksPerTry = Number(process.argv[3] ?? 15)
const keyDelayMs = 150
const slowNetwork = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 }

interface Condition {
  name: string
  cpuSlowdown: number
  network: typeof slowNetwork | null
}
const conditions: Condition[] = [
  { name: 'desktop, no limits', cpuSlowdown: 1, network: null },
  { name: 'desktop, 150 ms 1.6 Mbps', cpuSlowdown: 1, network: slowNetwork },
  { name: 'phone: CPU 4×, 150 ms 1.6 Mbps', cpuSlowdown: 4, network: slowNetwork },
]

declare global {
  interface Window {
    codeStepAt?: number
  }
}

/** Installed before the app's scripts: notes when the code step's field appears. */
function watchForCodeStep(): void {
  new MutationObserver((_, observer) => {
    if (!document.getElementById('login-code')) return
    window.codeStepAt = performance.now()
    observer.disconnect()
  }).observe(document, { childList: true, subtree: true })
}

/** In the page: clicks the first option, then Next, and resolves once question `next` is painted. */
function answerThenNext(next: number): Promise<number> {
  const showsNext = () =>
    Array.from(document.querySelectorAll('h1, h2, h3')).some((heading) => heading.textContent?.startsWith(`Question ${next} of `))
  const nextButton = Array.from(document.querySelectorAll('button')).find((button) => button.textContent === 'Next')
  const option = document.querySelector<HTMLInputElement>('input[type="radio"]')
  if (!nextButton || !option) throw new Error('no option or no Next button on screen')
  return new Promise((resolve) => {
    const started = performance.now()
    const painted = () => requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started)))
    const observer = new MutationObserver(() => {
      if (!showsNext()) return
      observer.disconnect()
      painted()
    })
    observer.observe(document.body, { childList: true, subtree: true, characterData: true })
    option.click()
    nextButton.click()
  })
}

async function emulate(context: BrowserContext, condition: Condition) {
  const page = await context.newPage()
  const devtools = await context.newCDPSession(page)
  await devtools.send('Emulation.setCPUThrottlingRate', { rate: condition.cpuSlowdown })
  if (condition.network) {
    await devtools.send('Network.enable')
    await devtools.send('Network.emulateNetworkConditions', condition.network)
  }
  return page
}

const app = await startAppStack()
const questionCount = Number(
  (await app.stack.db.query<{ n: number }>('select count(*)::int as n from public.questions')).rows[0]?.n,
)
const clicks = Math.min(clicksPerTry, questionCount - 1)
interface Measured {
  condition: Condition
  firstLoads: number[]
  examStarts: number[]
  nextPainted: number[]
}
const results: Measured[] = []
for (const [index, condition] of conditions.entries()) {
  const codes = await createCodes(app.stack, `L${index}`, tries)
  const firstLoads: number[] = []
  const examStarts: number[] = []
  const nextPainted: number[] = []
  for (const code of codes) {
    const context = await app.browser.newContext({ serviceWorkers: 'block' })
    // tsx compiles with esbuild's keepNames, whose __name(…) helper exists only in Node: a stand-in.
    await context.addInitScript('window.__name = (target) => target')
    await context.addInitScript(watchForCodeStep)
    const page = await emulate(context, condition)
    await page.goto(`${app.stack.url}/student`)
    await page.getByLabel('Login Code').pressSequentially(code, { delay: keyDelayMs })
    firstLoads.push(await page.evaluate(() => window.codeStepAt ?? NaN))

    let started = performance.now()
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByLabel('Full Name').waitFor()
    const codeCheck = performance.now() - started
    await page.getByLabel('Full Name').pressSequentially('Ada Lovelace', { delay: keyDelayMs })
    started = performance.now()
    await page.getByRole('button', { name: 'Start Test' }).click()
    await page.getByRole('heading', { name: /^Question 1 of \d+$/ }).waitFor()
    examStarts.push(codeCheck + performance.now() - started)

    for (let next = 2; next <= clicks + 1; next++) nextPainted.push(await page.evaluate(answerThenNext, next))
    await context.close()
  }
  results.push({ condition, firstLoads, examStarts, nextPainted })
}

const median = (samples: number[]) => percentile(samples, 50)
const p95 = (samples: number[]) => percentile(samples, 95)
const metrics = [
  { label: 'first load → code step usable (p50)', figure: (r: Measured) => median(r.firstLoads), target: 2500 },
  { label: 'code entered → first question (p50)', figure: (r: Measured) => median(r.examStarts), target: 1500 },
  { label: 'answer click → next question painted (p95)', figure: (r: Measured) => p95(r.nextPainted), target: 100 },
]
console.log(`${tries} cold tries per condition, ${clicks} answer clicks per try; targets are for the phone`)
console.log(`${''.padEnd(44)}${conditions.map((c) => c.name.padStart(32)).join('')}   target (phone)`)
for (const metric of metrics) {
  const figures = results.map((r) => metric.figure(r))
  const phone = figures.at(-1) ?? NaN
  console.log(
    `${metric.label.padEnd(44)}${figures.map((f) => ms(f).padStart(32)).join('')}   ≤ ${ms(metric.target)} (${phone <= metric.target ? 'met' : 'not met'})`,
  )
}
const spread = (samples: number[]) => `min ${ms(Math.min(...samples))}  max ${ms(Math.max(...samples))}`
for (const r of results)
  console.log(
    `  ${r.condition.name}: first load ${spread(r.firstLoads)}; exam start ${spread(r.examStarts)}; next question ${spread(r.nextPainted)}`,
  )
await app.close()

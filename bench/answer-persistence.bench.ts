// The functions below run inside the page: they need the browser's types.
/// <reference lib="dom" />
// Answer persistence in Chromium: how long from a click on an answer until IndexedDB has committed
// it, and from a click on Submit Test until the submission is committed to the outbox. The page's
// IndexedDB transactions are watched from inside it (their `complete` event is the commit), and
// the store is read back to confirm it holds the click (one more answer row, or the submission).
// Usage: npx tsx bench/answer-persistence.bench.ts [exams]
import type { Page } from 'playwright-core'
import { ms, startAppStack } from './app-stack.ts'
import { createCodes } from './bench-submission.ts'
import { percentile } from './percentiles.ts'

const exams = Number(process.argv[2] ?? 10)

declare global {
  interface Window {
    /** Resolves with the time of the next commit of a read-write transaction on `store` after `since`. */
    nextCommit(store: string, since: number): Promise<number>
  }
}

/** Installed before the app's scripts: records when each read-write transaction commits. */
function watchCommits(): void {
  const waiting: { store: string; since: number; resolve: (at: number) => void }[] = []
  const transaction = IDBDatabase.prototype.transaction
  IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<typeof transaction>) {
    const tx = transaction.apply(this, args)
    if (tx.mode === 'readwrite') {
      const stores = Array.from(tx.objectStoreNames)
      tx.addEventListener('complete', () => {
        const at = performance.now()
        for (const wait of waiting.filter((w) => stores.includes(w.store) && at >= w.since)) {
          waiting.splice(waiting.indexOf(wait), 1)
          wait.resolve(at)
        }
      })
    }
    return tx
  } as typeof transaction
  window.nextCommit = (store, since) => new Promise((resolve) => waiting.push({ store, since, resolve }))
}

/** What to click: the current question's radio for a letter, or the button with this text. */
type Target = { radio: string } | { button: string }

/** What the store holds once the click is stored: this many answer rows, or a record with this text. */
type Expected = { rows: number } | { text: string }

/** Clicks inside the page and waits for the commit that stores it; confirms by reading the store back. */
async function clickUntilCommitted(page: Page, target: Target, store: 'answers' | 'outbox', expected: Expected): Promise<number> {
  return page.evaluate(
    async ({ target, store, expected }) => {
      const readBack = () =>
        new Promise<unknown[]>((resolve, reject) => {
          const open = indexedDB.open('holdfast-exam')
          open.onerror = () => reject(open.error)
          open.onsuccess = () => {
            const db = open.result
            const all = db.transaction(store, 'readonly').objectStore(store).getAll()
            all.onsuccess = () => {
              resolve(all.result)
              db.close()
            }
          }
        })
      const element =
        'radio' in target
          ? document.querySelector<HTMLElement>(`input[type="radio"][value="${target.radio}"]`)
          : Array.from(document.querySelectorAll('button')).find((button) => button.textContent === target.button)
      if (!element) throw new Error(`nothing to click for ${JSON.stringify(target)}`)
      const started = performance.now()
      let since = started
      element.click()
      for (;;) {
        const committed = await window.nextCommit(store, since)
        const records = await readBack()
        if ('rows' in expected ? records.length >= expected.rows : JSON.stringify(records).includes(expected.text))
          return committed - started
        since = committed
      }
    },
    { target, store, expected },
  )
}

const app = await startAppStack()
const questionCount = Number(
  (await app.stack.db.query<{ n: number }>('select count(*)::int as n from public.questions')).rows[0]?.n,
)
const codes = await createCodes(app.stack, 'P', exams)
const answerTimes: number[] = []
const submitTimes: number[] = []
for (const code of codes) {
  const context = await app.browser.newContext()
  // tsx compiles with esbuild's keepNames, which wraps the functions handed to the page in a
  // __name(…) helper that exists only in Node: give the page a stand-in.
  await context.addInitScript('window.__name = (target) => target')
  await context.addInitScript(watchCommits)
  const page = await context.newPage()
  await page.goto(`${app.stack.url}/student`)
  await page.getByLabel('Login Code').fill(code)
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByLabel('Full Name').fill('Bench Student')
  await page.getByRole('button', { name: 'Start Test' }).click()
  for (let position = 1; position <= questionCount; position++) {
    await page.getByRole('heading', { name: `Question ${position} of ${questionCount}` }).waitFor()
    await page.getByText('Answers saved on this device').waitFor()
    const letter = 'ABCD'[position % 4] as string
    // One row per question answered: this click's is the position-th.
    answerTimes.push(await clickUntilCommitted(page, { radio: letter }, 'answers', { rows: position }))
    await page.getByText('Answers saved on this device').waitFor()
    if (position < questionCount) await page.getByRole('button', { name: 'Next' }).click()
  }
  await page.getByRole('button', { name: 'Submit Test' }).waitFor()
  submitTimes.push(await clickUntilCommitted(page, { button: 'Submit Test' }, 'outbox', { text: `"loginCode":"${code}"` }))
  await page.getByRole('heading', { level: 1, name: 'Test Completed!' }).waitFor()
  await context.close()
}

const spread = (samples: number[]) =>
  `p50 ${ms(percentile(samples, 50))}  p95 ${ms(percentile(samples, 95))}  max ${ms(Math.max(...samples))}  (${samples.length} samples)`
console.log(`exams:          ${exams} of ${questionCount} questions in Chromium`)
console.log(`answer click → committed in IndexedDB:        ${spread(answerTimes)}`)
console.log(
  `  target p95 ≤ 5 ms: ${percentile(answerTimes, 95) <= 5 ? 'met' : 'not met'}; max ≤ 30 ms: ${Math.max(...answerTimes) <= 30 ? 'met' : 'not met'}`,
)
console.log(`Submit Test click → committed to the outbox:  ${spread(submitTimes)}`)
await app.close()

import { randomUUID } from 'node:crypto'
import type { BrowserContextOptions, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  alphaToDeltaBank,
  appUrl,
  dataOf,
  examsPerFile,
  expectAccessible,
  fromNow,
  minute,
  openStudentPortal,
  phonesPerTest,
  phoneViewport,
  randomCode,
  service,
  startExam,
} from './fixtures.ts'

/**
 * The exam on a 390×844 phone (issue 27): the exam shell (no header, menu or footer; a bar that never scrolls
 * away with time, progress and save state; the navigator as a sheet; a small camera), the 5- and 1-minute
 * alerts, the window's end told at the start, the one confirmation, dates in the interface's language, the real
 * exam facts on the home page and the portal, and a code typed with look-alikes. The exams are this file's own,
 * deleted with everything of theirs after it.
 */

const newPhone = phonesPerTest()
/** The page of a new phone (`more`: a locale, say). */
const phonePage = async (more?: BrowserContextOptions) => (await newPhone(more)).page
const newExam = examsPerFile()
const run = randomUUID().slice(0, 8)

// Long enough that the question scrolls on a phone.
const longText = (n: number) => `Question ${n}: ${'Read the whole passage before you choose an answer. '.repeat(14)}`

/** An exam of three long questions with an active sitting from 10 minutes ago until `endsInMs`, of `durationMinutes`. */
const createExam = (name: string, endsInMs: number, durationMinutes: number) =>
  newExam(name, alphaToDeltaBank([1, 2, 3].map(longText)), { endsInMs, durationMinutes })

const shellExam = `E2E Shell ${run}`
let shell: Awaited<ReturnType<typeof createExam>>

beforeAll(async () => {
  shell = await createExam(shellExam, 120 * minute, 25)
})

/** From the portal to the first question, the code typed as given. */
const enterExam = (page: Page, typedCode: string) => startExam(page, typedCode, 'Phone Student')

const bar = (page: Page) => page.locator('.exam-bar')

describe('the home page and the portal', () => {
  it('show each exam’s real name, length and question count', async () => {
    const page = await phonePage()
    await page.goto(appUrl)
    const facts = page.getByRole('region', { name: 'About the exam' })
    await facts.getByText(shellExam, { exact: true }).waitFor()
    expect(await facts.getByRole('listitem').filter({ hasText: shellExam }).textContent()).toBe(
      `${shellExam} 25 minutes, 3 multiple-choice questions`,
    )
    await expectAccessible(page, 'home page with exam facts')

    await openStudentPortal(page)
    const schedule = page.getByRole('region', { name: 'Exam schedule' })
    await expect
      .poll(async () => (await schedule.getByRole('listitem').filter({ hasText: shellExam }).allInnerTexts()).join('\n'))
      .toContain('25 minutes, 3 multiple-choice questions')
  })

  it('keep the code step in its place while the schedule of several exams arrives (no layout shift)', async () => {
    const page = await phonePage()
    await page.addInitScript(() => {
      const shifts: number[] = []
      Object.assign(window, { layoutShifts: shifts })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value)
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await openStudentPortal(page)
    await page.getByRole('region', { name: 'Exam schedule' }).getByRole('listitem').filter({ hasText: shellExam }).waitFor()
    expect(await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts)).toEqual([])
  })

  it('write dates in English words on an English page in a German browser', async () => {
    const page = await phonePage({ locale: 'de-DE' })
    await openStudentPortal(page)
    const line = page.getByRole('region', { name: 'Exam schedule' }).getByRole('listitem').filter({ hasText: shellExam })
    await line.getByText(/^Exam is active until /).waitFor()
    const text = await line.innerText()
    expect(text).toMatch(/Exam is active until (Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), /)
    expect(text).not.toMatch(/Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag| um /)
  })
})

describe('the exam shell on a phone', () => {
  it('takes a code typed with O, I and L for 0 and 1, and shows the code as it was printed', async () => {
    // A code made before codes left out the look-alikes, typed the way it reads.
    const stored = `OIL${randomCode().slice(3)}`
    await shell.newCode(stored)
    const page = await phonePage()
    await enterExam(page, ` 011${stored.slice(3).toLowerCase()}`)
    await page.getByText(`Login code ${stored}`).waitFor()
  })

  it('is the exam alone: a bar that stays in view, the navigator as a sheet, a small camera, one confirmation', async () => {
    const page = await phonePage()
    await enterExam(page, await shell.newCode())

    // No header, menu, footer or any link out of the exam.
    expect(await page.getByRole('banner').count()).toBe(0)
    expect(await page.getByRole('contentinfo').count()).toBe(0)
    expect(await page.getByRole('link').count()).toBe(0)

    await bar(page).getByRole('heading', { level: 1, name: shellExam }).waitFor()
    await bar(page).getByRole('timer', { name: 'Time remaining' }).waitFor()
    await bar(page).getByText('0 of 3 answered', { exact: true }).waitFor()
    await bar(page).getByText('Answers saved on this device', { exact: true }).waitFor()
    await page.getByLabel('Alpha').check()
    await bar(page).getByText('1 of 3 answered', { exact: true }).waitFor()

    // The camera: live, visible and small.
    const camera = page.getByRole('region', { name: 'Camera preview' })
    await camera.locator('video:not([hidden])').waitFor()
    expect((await camera.boundingBox())?.width).toBeLessThanOrEqual(120)
    await expectAccessible(page, 'exam on a phone')

    // The bar stays at the top after scrolling down.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100)
    const box = await bar(page).boundingBox()
    expect(box?.y).toBeCloseTo(0, 0)
    expect(await bar(page).isVisible()).toBe(true)

    // The navigator: a sheet that opens, jumps, and closes with Escape.
    const sheet = page.getByRole('dialog', { name: 'Questions' })
    await bar(page).getByRole('button', { name: 'Questions' }).click()
    await sheet.waitFor()
    await expectAccessible(page, 'question sheet')
    await sheet.getByRole('button', { name: /^Question 3:/ }).click()
    await sheet.waitFor({ state: 'hidden' })
    await page.getByRole('heading', { name: 'Question 3 of 3' }).waitFor()
    await bar(page).getByRole('button', { name: 'Questions' }).click()
    await sheet.waitFor()
    await page.keyboard.press('Escape')
    await sheet.waitFor({ state: 'hidden' })

    // The one confirmation, which says what happens next.
    await page.getByLabel('Alpha').check()
    await page.getByRole('button', { name: 'Previous' }).click()
    await page.getByRole('heading', { name: 'Question 2 of 3' }).waitFor()
    await page.getByLabel('Alpha').check()
    await bar(page).getByText('3 of 3 answered', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByRole('button', { name: 'Submit Test' }).click()
    const summary = page.getByRole('dialog', { name: 'Review before submitting' })
    await summary
      .getByText(
        'After you submit, your answers cannot be changed. They are sent to the server; if the connection is down they stay on this device and are sent by themselves.',
        { exact: true },
      )
      .waitFor()
    await expectAccessible(page, 'review before submitting')
    await summary.getByRole('button', { name: 'Submit now' }).click()
    // Submitted with no second question asked: the exam shell is gone.
    await page.getByRole('banner').waitFor()
    expect(dataOf(await service.from('submissions').select('id').eq('exam_id', shell.id).eq('score', 3))).toHaveLength(1)
  })

  it('tells at the start when the window’s end cuts the exam short, then alerts at 5 minutes and 1 minute left', async () => {
    // The window closes in 5 minutes 20 seconds, well before the exam's 30 minutes.
    const closingExam = await createExam(`E2E Closing ${run}`, 5 * minute + 20_000, 30)
    const code = await closingExam.newCode()
    const page = await phonePage()
    await enterExam(page, code)
    const { deadline } = dataOf(await service.from('exam_attempts').select('deadline').eq('login_code', code).single())
    const closesAt = await page.evaluate(
      (iso) => new Date(iso).toLocaleString('en', { hour: '2-digit', minute: '2-digit' }),
      deadline,
    )
    const notice = page.getByText(new RegExp(`^This exam closes at ${closesAt}: you have 5 minutes \\d+ seconds$`))
    await notice.waitFor()
    await expectAccessible(page, 'exam with the window-end notice')

    const alerts = page.locator('.exam__time-alert[role="alert"]')
    // A student scrolled down to the options and Next still sees the alert: it is in the bar.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
    const fiveMinutes = alerts.getByText('5 minutes left.', { exact: true })
    await fiveMinutes.waitFor({ timeout: 60_000 })
    const box = await fiveMinutes.boundingBox()
    expect(box && box.y >= 0 && box.y + box.height <= phoneViewport.height).toBe(true)
    await expectAccessible(page, 'exam with the 5-minute alert')

    // The attempt's deadline moved to just over a minute away; the next report (after an answer) brings it.
    dataOf(
      await service
        .from('exam_attempts')
        .update({ deadline: fromNow(70_000) })
        .eq('login_code', code)
        .select('id'),
    )
    await page.getByLabel('Bravo').check()
    await alerts.getByText('1 minute left.', { exact: true }).waitFor({ timeout: 30_000 })
    expect(await alerts.innerText()).toBe('1 minute left.')
    // The notice stays for the whole exam, told again for the moved deadline.
    await page.getByText(/^This exam closes at .+: you have (1 minute )?\d+ seconds?$/).waitFor()
    expect(await notice.count()).toBe(0)
  }, 120_000)
})

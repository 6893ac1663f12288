import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  appUrl,
  completionHeading,
  currentQuestionNumber,
  examsPerFile,
  expectAccessible,
  namedOptionsBank,
  phonesPerTest,
  startExam,
  submissionsFor,
  submitTest,
  withSolutionsReleased,
} from './fixtures.ts'

/**
 * One clear ending and the results on a 390×844 phone (issue 27): each state of the completion screen alone, at the
 * top of the page, with its own action as the only primary button (received; saved on this phone while offline;
 * refused, with Try Again that then succeeds and the answer file offered at once), and the results page compact
 * with the solutions in the order this student's exam showed the options. The exams are this file's own, with
 * sittings that shuffle questions and options, deleted with everything of theirs after it.
 */

const newPhone = phonesPerTest()
const newExam = examsPerFile()
const run = randomUUID().slice(0, 8)

const questionCount = 4
const correctLetter = (n: number) => 'ABCD'[n - 1]!
/** Long enough that a question scrolls on a phone, so the completion screen has a scrolled page to replace. */
const bank = (exam: string) =>
  namedOptionsBank(
    questionCount,
    (n) => `${exam} question ${n}: ${'Read every option before you choose one. '.repeat(14)}`,
    correctLetter,
  )

let exam: Awaited<ReturnType<typeof newExam>>
beforeAll(async () => {
  exam = await newExam(`E2E Ending ${run}`, bank(`Ending ${run}`))
})

/**
 * From the first question to the last, picks the option each question shows second (under B); answers each
 * question's options' order as shown (its original letters, "CADB"), by question number.
 */
async function answerSecondShown(page: Page): Promise<Map<number, string>> {
  const orders = new Map<number, string>()
  for (let position = 1; position <= questionCount; position++) {
    await page.getByRole('heading', { name: `Question ${position} of ${questionCount}` }).waitFor()
    const radios = page.locator('.exam__options input[type="radio"]')
    const order = (await radios.evaluateAll((shown) => shown.map((radio) => (radio as HTMLInputElement).value))).join('')
    orders.set(await currentQuestionNumber(page), order)
    await radios.nth(1).check()
    await page.getByText(`${position} of ${questionCount} answered`, { exact: true }).waitFor()
    if (position < questionCount) await page.getByRole('button', { name: 'Next' }).click()
  }
  return orders
}

/** How many of the answers picked by answerSecondShown are right. */
function scoreOf(orders: Map<number, string>): number {
  return [...orders].filter(([number, order]) => order[1] === correctLetter(number)).length
}

/** Scrolls the exam to its bottom, as a student reaching the last question's Submit Test has it. */
async function scrollToBottom(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100)
}

/** The completion screen's state in order: its heading, the lines of its status, its primary buttons. */
async function completionShows(page: Page) {
  return {
    headings: await page.getByRole('heading', { level: 1 }).allInnerTexts(),
    status: await page.locator('.completion').getByRole('status').locator('p').allInnerTexts(),
    primary: await page.locator('.completion .button--primary').allInnerTexts(),
  }
}

async function expectAtTopWithHeadingFocused(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1')
}

const receiptExplanation =
  'This code is a fingerprint of your answers. Keep it: if your result is ever questioned, it shows which answers the server received.'

describe('the completion screen on a phone', () => {
  it('says received, with the score and the explained receipt, View My Results the one primary action, at its top', async () => {
    const { page } = await newPhone()
    const code = await exam.newCode()
    await startExam(page, code, 'Ada Received')
    const orders = await answerSecondShown(page)
    await scrollToBottom(page)
    await submitTest(page)

    await completionHeading(page, 'received').waitFor()
    const score = scoreOf(orders)
    await expect
      .poll(() => completionShows(page))
      .toEqual({
        headings: ['Test Completed!'],
        status: ['Received by the server', 'Your answers have been received.', `Score: ${score} / 4 (${score * 25}%)`],
        primary: ['View My Results'],
      })
    await expectAtTopWithHeadingFocused(page)
    const [row] = await submissionsFor(code)
    await page.getByText(`Answer receipt: ${row!.answers_fingerprint}`, { exact: true }).waitFor()
    await page.getByText(receiptExplanation, { exact: true }).waitFor()
    await expectAccessible(page, 'completion: received')

    await page.getByRole('link', { name: 'View My Results' }).click()
    await page.getByRole('heading', { level: 1, name: 'View Results' }).waitFor()
  })

  it('says saved on this phone while offline, with nothing to press but leaving, then received once online', async () => {
    const { context, page } = await newPhone()
    const code = await exam.newCode()
    await startExam(page, code, 'Bob Offline')
    await answerSecondShown(page)
    await context.setOffline(true)
    await page.getByText('Offline: answers stay on this device').first().waitFor()
    await scrollToBottom(page)
    await submitTest(page)

    await completionHeading(page, 'waiting').waitFor()
    // The first send found no network: its reason, under what to do.
    await expect
      .poll(() => completionShows(page))
      .toEqual({
        headings: ['Saved on this device, not sent yet'],
        status: [
          'Keep this page open: your answers are sent by themselves when the connection returns.',
          'Failed to submit test. Please check your connection and try again.',
        ],
        primary: [],
      })
    expect(await page.locator('.completion__actions .button').allInnerTexts()).toEqual(['Return to Home', 'Take Another Test'])
    await expectAtTopWithHeadingFocused(page)
    await expectAccessible(page, 'completion: saved on this device')
    expect(await submissionsFor(code)).toEqual([])

    await context.setOffline(false)
    await completionHeading(page, 'received').waitFor({ timeout: 30_000 })
    expect(await page.getByRole('heading', { level: 1 }).allInnerTexts()).toEqual(['Test Completed!'])
    await expect.poll(async () => (await submissionsFor(code)).length).toBe(1)
  })

  it('says not accepted with the reason, offers Try Again and the answer file at once, and Try Again then sends it', async () => {
    const { page } = await newPhone()
    const code = await exam.newCode()
    await startExam(page, code, 'Cleo Refused')
    await answerSecondShown(page)
    // The server's answer to a database access error (a row-level security or grant refusal, SQLSTATE 42501), once.
    await page.route(
      '**/rest/v1/rpc/submit_exam',
      (route) =>
        route.fulfill({
          status: 403,
          contentType: 'application/json',
          body: JSON.stringify({
            code: '42501',
            details: null,
            hint: null,
            message: 'permission denied for function submit_exam',
          }),
        }),
      { times: 1 },
    )
    await scrollToBottom(page)
    await submitTest(page)

    const refused = {
      headings: ['Submission Not Accepted'],
      status: [
        'Not accepted: Database access error. Please refresh the page and try again, or contact administrator.',
        'Select Try Again to send your answers once more. If they are still not accepted, show this screen to your proctor.',
      ],
      primary: ['Try Again'],
    }
    await completionHeading(page, 'refused').waitFor()
    await expect.poll(() => completionShows(page)).toEqual(refused)
    await expectAtTopWithHeadingFocused(page)
    // The answers are not stranded: the file (and its QR code) at once, long before the deadline.
    await page.getByRole('button', { name: 'Download answer file' }).waitFor()
    await expectAccessible(page, 'completion: not accepted')
    expect(await submissionsFor(code)).toEqual([])

    // A reload shows the same, Try Again included.
    await page.reload()
    await completionHeading(page, 'refused').waitFor()
    await expect.poll(() => completionShows(page)).toEqual(refused)

    await page.getByRole('button', { name: 'Try Again' }).click()
    await completionHeading(page, 'received').waitFor({ timeout: 30_000 })
    const [row, ...others] = await submissionsFor(code)
    expect(others).toEqual([])
    await page.getByText(`Answer receipt: ${row!.answers_fingerprint}`, { exact: true }).waitFor()
  })
})

describe('the results page on a phone', () => {
  it('shows the score first, the facts as a short list, and the solutions in the order this student saw them', async () => {
    // An exam of its own: its solutions wait for no other code of it.
    const solutionsExam = await newExam(`E2E Results ${run}`, bank(`Results ${run}`))
    const { page } = await newPhone()
    const code = await solutionsExam.newCode()
    await startExam(page, code, 'Dana Results')
    const orders = await answerSecondShown(page)
    // Shuffled: some question showed its options in another order than A to D.
    expect([...orders.values()].some((order) => order !== 'ABCD')).toBe(true)
    await submitTest(page)
    await completionHeading(page, 'received').waitFor()
    const [row] = await submissionsFor(code)

    await withSolutionsReleased(code, async () => {
      await page.goto(`${appUrl}/solutions`)
      await page.getByLabel('Login code').fill(code)
      await page.getByRole('button', { name: 'View My Results' }).click()
      const result = page.getByRole('region', { name: 'Your Results' })
      await result.waitFor()

      // The score and percentage first, within the first screen.
      const lists = result.locator('dl')
      const score = scoreOf(orders)
      await expect
        .poll(() => lists.first().locator('dt, dd').allInnerTexts())
        .toEqual(['Score', `${score} / 4`, 'Percentage', `${score * 25}%`])
      const scoreBox = await lists.first().boundingBox()
      expect(scoreBox!.y + scoreBox!.height).toBeLessThanOrEqual(844)
      // The other facts folded into one short list: a row each, not a card each.
      const facts = lists.nth(1)
      expect(await facts.locator('dt').count()).toBe(8)
      expect((await facts.boundingBox())!.height).toBeLessThan(8 * 48)
      await result.getByText(`Answer receipt: ${row!.answers_fingerprint}`, { exact: true }).waitFor()
      await result.getByText(receiptExplanation, { exact: true }).waitFor()
      await result.getByText(/^Detailed solutions are available until /).waitFor()

      // Each question's options in the order its exam showed them, under the letters shown, with the key's letter beside.
      const solutions = page.getByRole('region', { name: 'Detailed Solutions' })
      for (const [number, order] of orders) {
        const question = solutions
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading', { level: 4, name: `Question ${number}`, exact: true }) })
        const optionText = (letter: string) => ({ A: 'Alpha', B: 'Bravo', C: 'Charlie', D: 'Delta' })[letter]! + ` ${number}`
        const rows = await question.locator('.question-solution__options li').allInnerTexts()
        expect(rows.map((text) => text.replace(/(Correct answer|Your answer)/g, '').trim())).toEqual(
          [...order].map((letter, index) => `${'ABCD'[index]}. ${optionText(letter)} (option ${letter})`),
        )
        const chosen = order[1]!
        const summary = await question.locator('.question-solution__summary').innerText()
        const youChose = `You chose B: “${optionText(chosen)}” (option ${chosen})`
        const correct = correctLetter(number)
        expect(summary).toBe(
          chosen === correct
            ? `${youChose}, the correct answer.`
            : `${youChose}. The correct answer is ${'ABCD'[order.indexOf(correct)]}: “${optionText(correct)}” (option ${correct}).`,
        )
      }
      await expectAccessible(page, 'results with solutions')
    })
  })
})

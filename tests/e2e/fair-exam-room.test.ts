import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  adminEmail,
  anyCompletionHeading,
  appUrl,
  completionHeading,
  currentQuestionNumber,
  dataOf,
  offerResumePin,
  openStudentPortal,
  namedOptionsBank,
  proctorPerFile,
  replaceQuestionBank,
  resumeWithPin,
  service,
  shownLetterOf,
  startExam,
  submissionsFor,
  submitCode,
  submitTest,
  timerSeconds,
  waitForText,
  withEveryAttemptOver,
  withSolutionsReleased,
} from './fixtures.ts'

/**
 * Issue 14, a fair exam room, in Chromium against the embedded stack: each student gets an order
 * of their own (kept on a reload and on another browser), what is stored and scored is the
 * question number and the original letter, each attempt is scored against the exam it was
 * given, solutions wait until the room is done, and the proctor gives the whole room more time.
 */

/** A short exam whose options differ from question to question, so an option is known by its text. */
const bank = namedOptionsBank(
  6,
  (n) => `Question text ${n}?`,
  (n) => 'ABCDAB'[n - 1]!,
)
type BankQuestion = (typeof bank)[number]
const byText = new Map(bank.map((q) => [q.question_text, q]))
const correctText = (q: BankQuestion) => q[`option_${q.correct_answer.toLowerCase()}` as 'option_a']

let admin: Page
const { newCode, newStudent } = proctorPerFile((page) => (admin = page), bank)

beforeAll(async () => {
  // The file's own window, the newest active one (keepSharedData removes it afterwards), so its
  // students get a schedule that shuffles whatever schedules other files left.
  const hour = 60 * 60 * 1000
  const schedule = dataOf(
    await service
      .from('exam_schedule')
      .insert({
        exam_name: 'Fair room e2e window',
        is_active: true,
        duration_minutes: 30,
        start_time: new Date(Date.now() - hour).toISOString(),
        end_time: new Date(Date.now() + 24 * hour).toISOString(),
      })
      .select()
      .single(),
  )
  // Shuffling is what a new schedule does unless told not to (migration 20261124001000).
  expect(schedule).toMatchObject({ shuffle_questions: true, shuffle_options: true })
})

/** What the student sees at each position: the question's number and its options' original letters in the order shown. */
async function shownExam(page: Page): Promise<Array<{ number: number; letters: string }>> {
  const shown = []
  for (let position = 1; position <= bank.length; position++) {
    await page.getByRole('heading', { name: `Question ${position} of ${bank.length}` }).waitFor()
    const letters = await page
      .locator('.exam__options input[type="radio"]')
      .evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).value).join(''))
    shown.push({ number: await currentQuestionNumber(page), letters })
    if (position < bank.length) await page.getByRole('button', { name: 'Next' }).click()
  }
  return shown
}

/** The shown radio whose text is `text`, whatever letter labels it. */
const radioWithText = (page: Page, text: string) => page.getByRole('radio', { name: new RegExp(`^[A-D]\\. ${text}$`) })

/** From the first position, picks for each question the option whose text is `choose(question)`, and stays on the last. */
async function answerByText(page: Page, choose: (question: BankQuestion) => string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Questions' })
    .getByRole('button', { name: /^Question 1:/ })
    .click()
  for (let position = 1; position <= bank.length; position++) {
    await page.getByRole('heading', { name: `Question ${position} of ${bank.length}` }).waitFor()
    const text = (await page.locator('.exam__question-text').textContent()) ?? ''
    await radioWithText(page, choose(byText.get(text)!)).check()
    await page.getByText('Answers saved on this device', { exact: true }).waitFor()
    if (position < bank.length) await page.getByRole('button', { name: 'Next' }).click()
  }
}

async function submit(page: Page): Promise<void> {
  await submitTest(page)
  await anyCompletionHeading(page).waitFor()
}

const allCorrect = Object.fromEntries(bank.map((q) => [String(q.question_number), q.correct_answer]))

describe('shuffled per student', () => {
  it('gives two students in one room different orders, each kept on a reload and on a second browser, scored by text', async () => {
    const [first, second] = [await newStudent(), await newStudent()]
    const [firstCode, secondCode] = [await newCode(), await newCode()]
    await startExam(first.page, firstCode, 'Ada Shuffled')
    await startExam(second.page, secondCode, 'Bob Shuffled')
    const firstExam = await shownExam(first.page)
    const secondExam = await shownExam(second.page)
    expect(firstExam.map((q) => q.number).sort()).toEqual(bank.map((q) => q.question_number))
    expect(firstExam).not.toEqual(secondExam)
    // Relabelled: some option shown as A is not the question's A.
    expect(firstExam.some((q) => !q.letters.startsWith('A'))).toBe(true)

    await first.page.reload()
    await first.page.getByRole('heading', { name: /^Question \d of 6$/ }).waitFor()
    await first.page
      .getByRole('navigation', { name: 'Questions' })
      .getByRole('button', { name: /^Question 1:/ })
      .click()
    expect(await shownExam(first.page)).toEqual(firstExam)

    // A second browser on a live code is moved there with the proctor's resume PIN (issue 26): the same order.
    const otherBrowser = await newStudent()
    await openStudentPortal(otherBrowser.page)
    await submitCode(otherBrowser.page, firstCode)
    await resumeWithPin(otherBrowser.page, await offerResumePin(firstCode))
    expect(await shownExam(otherBrowser.page)).toEqual(firstExam)

    await answerByText(otherBrowser.page, correctText)
    await submit(otherBrowser.page)
    await otherBrowser.page.getByText('Your answers have been received.').waitFor()
    await expect.poll(() => otherBrowser.page.getByText(/^Score: /).textContent()).toBe('Score: 6 / 6 (100%)')
    const [row] = await submissionsFor(firstCode)
    expect(row).toMatchObject({ answers: allCorrect, score: 6 })
  })
})

describe('each attempt keeps the exam it was given', () => {
  it('scores a submission arriving after a re-import against the exam the student was given', async () => {
    const student = await newStudent()
    const code = await newCode()
    await startExam(student.page, code, 'Late Arrival')
    await answerByText(student.page, correctText)
    await student.context.setOffline(true)
    await student.page.getByText('Offline: answers stay on this device').waitFor()
    await submit(student.page)
    await completionHeading(student.page, 'waiting').waitFor()

    // The next exam is imported while the answers wait: other texts, every answer another letter.
    await replaceQuestionBank(bank.map((q) => ({ ...q, question_text: `Next exam ${q.question_number}?`, correct_answer: 'D' })))
    try {
      await student.context.setOffline(false)
      await student.page.getByText('Your answers have been received.').waitFor({ timeout: 30_000 })
      await expect.poll(() => student.page.getByText(/^Score: /).textContent()).toBe('Score: 6 / 6 (100%)')
      expect(await submissionsFor(code)).toMatchObject([{ answers: allCorrect, score: 6, question_count: 6 }])
    } finally {
      await replaceQuestionBank(bank)
    }
  })
})

describe('solutions only when the exam is over for everyone', () => {
  it('holds the solutions while the room writes, then lists them in question order, naming choices by text', async () => {
    const [done, writing] = [await newStudent(), await newStudent()]
    const [doneCode, writingCode] = [await newCode(), await newCode()]
    await startExam(writing.page, writingCode, 'Still Writing')
    await startExam(done.page, doneCode, 'Done Early')
    // Question 1 wrong (Bravo 1 rather than Alpha 1), the others right.
    await answerByText(done.page, (q) => (q.question_number === 1 ? q.option_b : correctText(q)))
    await submit(done.page)
    await done.page.getByText('Your answers have been received.').waitFor()

    const lookUp = async () => {
      await done.page.goto(`${appUrl}/solutions`)
      await done.page.getByLabel('Login code').fill(doneCode)
      await done.page.getByRole('button', { name: 'View My Results' }).click()
      await done.page.getByRole('heading', { name: 'Your Results' }).waitFor()
    }
    await lookUp()
    await done.page.getByText(/^Detailed solutions will be available after the exam closes at /).waitFor()
    await expect.poll(() => done.page.getByRole('region', { name: 'Detailed Solutions' }).count()).toBe(0)

    await withSolutionsReleased(doneCode, async () => {
      await lookUp()
      const solutions = done.page.getByRole('region', { name: 'Detailed Solutions' })
      await solutions.waitFor()
      await expect
        .poll(() => solutions.getByRole('heading', { level: 4 }).allTextContents())
        .toEqual(bank.map((q) => `Question ${q.question_number}`))
      // Each option under the letter this student's exam showed it, with its letter in the key beside it.
      const shown = (questionNumber: number, letter: string) => shownLetterOf(doneCode, questionNumber, letter)
      const [bravo1, alpha1, charlie3] = await Promise.all([shown(1, 'B'), shown(1, 'A'), shown(3, 'C')])
      await expect
        .poll(() => solutions.locator('.question-solution__summary').first().textContent())
        .toBe(`You chose ${bravo1}: “Bravo 1” (option B). The correct answer is ${alpha1}: “Alpha 1” (option A).`)
      await expect
        .poll(() => solutions.locator('.question-solution__summary').nth(2).textContent())
        .toBe(`You chose ${charlie3}: “Charlie 3” (option C), the correct answer.`)
    })
  })
})

describe('time for the whole room', () => {
  it('reaches an online device at its next report and an offline one when it reconnects, recorded with who and when', async () => {
    // Nobody else is writing meanwhile: the confirmation names exactly these two students.
    await withEveryAttemptOver(async () => {
      const [online, offline] = [await newStudent(), await newStudent()]
      const [onlineCode, offlineCode] = [await newCode(), await newCode()]
      await online.page.clock.install()
      await startExam(online.page, onlineCode, 'Online Student')
      await startExam(offline.page, offlineCode, 'Offline Student')
      await offline.context.setOffline(true)
      await offline.page.getByText('Offline: answers stay on this device').waitFor()
      const onlineBefore = await timerSeconds(online.page)
      const offlineBefore = await timerSeconds(offline.page)

      await admin.goto(`${appUrl}/admin/live`)
      await admin.getByRole('heading', { level: 1, name: 'Proctor Room' }).waitFor()
      await admin.getByRole('button', { name: 'Add time for everyone' }).click()
      const dialog = admin.getByRole('dialog', { name: 'Add time for everyone' })
      await dialog.getByRole('spinbutton', { name: 'Minutes to add (1 to 180)' }).fill('10')
      await dialog.getByRole('button', { name: 'Continue' }).click()
      await dialog
        .getByText(
          'Add 10 minutes for the 2 students still writing the current exam? Their deadlines move, and each device learns it at its next report.',
        )
        .waitFor()
      await dialog.getByRole('button', { name: 'Add 10 minutes' }).click()
      await waitForText(admin, 'Added 10 minutes for 2 students.')
      await admin
        .getByRole('region', { name: 'Time added for everyone' })
        .getByText(new RegExp(`^10 minutes for 2 students, by ${adminEmail} at `))
        .waitFor()
      for (const code of [onlineCode, offlineCode]) {
        await admin.getByRole('row').filter({ hasText: code }).getByText('+10 min').waitFor({ timeout: 10_000 })
      }

      // The online device hears it at its next report, at most 30 s later.
      await online.page.clock.fastForward('00:31')
      await online.page.getByText('Your proctor added 10 minutes.').waitFor()
      await expect.poll(() => timerSeconds(online.page)).toBeGreaterThan(onlineBefore + 9 * 60)

      await offline.context.setOffline(false)
      await offline.page.getByText('Your proctor added 10 minutes.').waitFor()
      await expect.poll(() => timerSeconds(offline.page)).toBeGreaterThan(offlineBefore + 9 * 60)

      const [record] = dataOf(
        await service.from('room_time_additions').select('*').order('added_at', { ascending: false }).limit(1),
      )
      expect(record).toMatchObject({ minutes: 10, added_by_email: adminEmail })
      expect([...record!.login_codes].sort()).toEqual([onlineCode, offlineCode].sort())
    })
  })
})

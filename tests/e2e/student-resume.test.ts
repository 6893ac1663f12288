import { expect, it } from 'vitest'
import {
  answerAll,
  currentQuestionNumber,
  dataOf,
  openStudentPortal,
  offerResumePin,
  service,
  startExam,
  studentExamFixture,
  submissionsFor,
  submitCode,
  submitTest,
} from './fixtures.ts'

/**
 * The student's side of issue 26 in the real app: the server's copy shown as received, a second device
 * stopped at the resume PIN, the proctor's PIN moving the exam there with the answers and flags, and the
 * old device told the exam continues elsewhere. One submission, from the new device.
 */

const exam = studentExamFixture()

it('moves an exam to a second device with the proctor’s PIN, answers and flags restored, the first told so', async () => {
  const code = await exam.newCode()
  const first = exam.page
  await startExam(first, code, 'Grace Hopper')
  // Flags travel as question numbers; the first question shown is whichever the code's shuffle put first.
  const shown = await currentQuestionNumber(first)
  await first.getByRole('radio').first().check()
  await first.getByRole('button', { name: 'Review later' }).click()
  // The quiet-period report carries the answer and the flag: the navigator and the status line say it arrived.
  const navigator = first.getByRole('navigation', { name: 'Questions' })
  await navigator.getByRole('button', { name: 'Question 1: answered, flagged for review, received by the server' }).waitFor()
  await first.getByText(/^Server copy: everything received (just now|\d+ seconds ago)$/).waitFor()
  const [attempt] = dataOf(await service.from('exam_attempts').select('reported_flags').eq('login_code', code))
  expect(attempt?.reported_flags).toEqual([shown])

  const second = await exam.context.browser()!.newContext()
  try {
    const page = await second.newPage()
    await openStudentPortal(page)
    await submitCode(page, code)
    await page.getByText('This exam is in progress on another device.').waitFor()
    await page.getByText('Ask your proctor for a resume PIN.').waitFor()
    await page.getByLabel('Resume PIN').fill('000000')
    await page.getByRole('button', { name: 'Resume on this device' }).click()
    await page.getByRole('alert').getByText('That resume PIN is not valid. Ask your proctor for a new one.').waitFor()

    const pin = await offerResumePin(code)
    await page.getByLabel('Resume PIN').fill(`${pin.slice(0, 3)} ${pin.slice(3)}`)
    await page.getByRole('button', { name: 'Resume on this device' }).click()
    await page.getByText(/^Resumed on this device: 1 answer restored \(last saved at .+\)\.$/).waitFor()
    const restored = page.getByRole('navigation', { name: 'Questions' })
    await restored.getByRole('button', { name: 'Question 1: answered, flagged for review, received by the server' }).waitFor()
    expect(await page.getByRole('button', { name: 'Review later' }).getAttribute('aria-pressed')).toBe('true')

    // The old device hears of the move at its next report (a tab switch reports at once).
    await first.evaluate(() => window.dispatchEvent(new Event('blur')))
    await first.getByText('This exam continues on another device.').waitFor()
    await first.getByRole('button', { name: 'Download answer file' }).waitFor()

    await answerAll(
      page,
      exam.questions.map((question) => question.correct_answer),
    )
    await submitTest(page)
    await page.getByText('Your answers have been received.').waitFor()
    expect(await submissionsFor(code)).toHaveLength(1)
  } finally {
    await second.close()
  }
})

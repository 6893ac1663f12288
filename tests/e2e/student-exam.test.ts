import { describe, expect, it } from 'vitest'
import { answersFingerprint } from '../../src/domain/answers-fingerprint.ts'
import {
  answer,
  answerQuestion,
  appUrl,
  currentQuestionNumber,
  dataOf,
  enterExam,
  openStudentPortal,
  option,
  recordApiResponses,
  service,
  showQuestion,
  startExam,
  studentExamFixture,
  submissionsFor,
  submitCode,
  submitExam,
  submitTest,
  timerSeconds,
  withNoActiveSchedule,
  withNoSolutionsShownSince,
  withSchedule,
  wrongAnswer,
} from './fixtures.ts'

const exam = studentExamFixture()

/** Correct for odd question numbers, wrong for even ones (by question number): a score the test can predict. */
function mixedAnswers(): { letters: Map<number, string>; correct: number } {
  const letters = new Map(
    exam.questions.map((q) => [
      q.question_number,
      q.question_number % 2 === 1 ? q.correct_answer : wrongAnswer(q.correct_answer),
    ]),
  )
  return { letters, correct: exam.questions.filter((q) => q.question_number % 2 === 1).length }
}

describe('the student exam', () => {
  it('runs from code to completion, scored by the server, with a receipt matching what it stored', async () => {
    const apiBodies = recordApiResponses(exam.context)
    const code = await exam.newCode()
    await openStudentPortal(exam.page)
    await exam.page.getByText(/^Exam is active until /).waitFor()

    await startExam(exam.page, code.toLowerCase(), 'Ada Lovelace')
    await exam.page.getByText('Answers saved on this device', { exact: true }).waitFor()
    await exam.page.getByRole('timer', { name: 'Time remaining' }).waitFor()
    await exam.page.getByLabel('Your camera').waitFor()

    const { letters, correct } = mixedAnswers()
    // By keyboard: a radio is reached and chosen with Space, Next is pressed with Enter.
    for (let index = 0; index < letters.size; index++) {
      await exam.page.getByRole('heading', { name: `Question ${index + 1} of ${letters.size}` }).waitFor()
      // The seeded schedule shuffles: the question shown here is whichever the code's order puts here.
      const letter = letters.get(await currentQuestionNumber(exam.page))!
      await option(exam.page, letter).press('Space')
      await expect.poll(() => option(exam.page, letter).isChecked()).toBe(true)
      if (index === letters.size - 2) {
        const submit = exam.page.getByRole('button', { name: 'Submit Test' })
        await exam.page.getByRole('button', { name: 'Next' }).press('Enter')
        await exam.page.getByText('Please answer all questions before submitting.').waitFor()
        await expect.poll(() => submit.isDisabled()).toBe(true)
      } else if (index < letters.size - 1) {
        await exam.page.getByRole('button', { name: 'Next' }).press('Enter')
      }
    }
    await exam.page.getByText('Answers saved on this device', { exact: true }).waitFor()
    expect(apiBodies.length).toBeGreaterThan(0)
    expect(apiBodies.filter((body) => body.includes('correct_answer'))).toEqual([])

    await submitTest(exam.page)
    await exam.page.getByRole('heading', { level: 1, name: 'Test Completed!' }).waitFor()
    await exam.page.getByText('Your answers have been received.').waitFor()
    await expect
      .poll(() => exam.page.getByText(/^Score: /).textContent())
      .toBe(`Score: ${correct} / ${exam.questions.length} (${Math.round((correct / exam.questions.length) * 100)}%)`)

    const [row, ...others] = await submissionsFor(code)
    expect(others).toEqual([])
    expect(row).toMatchObject({ student_name: 'Ada Lovelace', score: correct, tab_switches: 0 })
    const sent = Object.fromEntries([...letters].map(([number, letter]) => [String(number), letter]))
    expect(row!.answers).toEqual(sent)
    expect(row!.answers_fingerprint).toBe(answersFingerprint(sent))
    await expect.poll(() => exam.page.locator('.completion__receipt code').textContent()).toBe(row!.answers_fingerprint)

    await exam.page.getByRole('button', { name: 'Take Another Test' }).click()
    await exam.page.getByLabel('Login Code').waitFor()
    expect(new URL(exam.page.url()).pathname).toBe('/student')
    await expect.poll(() => exam.page.evaluate(() => localStorage.getItem('holdfast.student-session'))).toBeNull()
  })

  it('resumes after a reload on the same question with the same answers, tab switches and time left', async () => {
    await exam.page.clock.install()
    const code = await exam.newCode()
    await startExam(exam.page, code)
    // The answers below are written by the progress worker, off the page's main thread.
    await expect.poll(() => exam.page.workers().some((worker) => worker.url().includes('/progress.worker'))).toBe(true)
    await answer(exam.page, 'B')
    await exam.page.getByRole('button', { name: 'Next' }).click()
    await answer(exam.page, 'D')
    await showQuestion(exam.page, 4)
    await exam.page.evaluate(() => window.dispatchEvent(new Event('blur')))
    await exam.page.getByText(/Tab switches so far: 1\./).waitFor()
    await exam.page.evaluate(() => window.dispatchEvent(new Event('focus')))
    await exam.page.clock.fastForward('10:00')
    await expect.poll(() => timerSeconds(exam.page)).toBeLessThanOrEqual(20 * 60)
    const before = await timerSeconds(exam.page)

    await exam.page.reload()

    await exam.page.getByRole('heading', { name: /^Question 4 of \d+$/ }).waitFor()
    const after = await timerSeconds(exam.page)
    expect(after).toBeLessThanOrEqual(before)
    expect(after).toBeGreaterThanOrEqual(before - 5)
    await showQuestion(exam.page, 1)
    await expect.poll(() => option(exam.page, 'B').isChecked()).toBe(true)
    await showQuestion(exam.page, 2)
    await expect.poll(() => option(exam.page, 'D').isChecked()).toBe(true)
    expect(
      await exam.page
        .getByRole('navigation', { name: 'Questions' })
        .getByRole('button', { name: /^Question \d+: answered/ })
        .count(),
    ).toBe(2)
    await exam.page.evaluate(() => window.dispatchEvent(new Event('blur')))
    await exam.page.getByText(/Tab switches so far: 2\./).waitFor()
  })

  it('counts leaving the exam for another address and coming back once, as a reload does not', async () => {
    const code = await exam.newCode()
    await startExam(exam.page, code)
    await answer(exam.page, 'C')
    await exam.page.getByText('Answers saved on this device', { exact: true }).waitFor()
    await exam.page.goto(`${appUrl}/`)
    await exam.page.getByRole('heading', { level: 1 }).first().waitFor()
    await exam.page.goBack()
    await exam.page.getByText(/Tab switches so far: 1\./).waitFor()
    await expect.poll(() => option(exam.page, 'C').isChecked()).toBe(true)
  })

  it('blocks the browser back button during the exam and counts the attempt', async () => {
    const code = await exam.newCode()
    await startExam(exam.page, code)
    await exam.page.goBack()
    await exam.page.getByText(/Tab switches so far: 1\./).waitFor()
    await expect.poll(() => new URL(exam.page.url()).pathname).toBe('/student/test')
    await exam.page.getByRole('heading', { name: /^Question 1 of \d+$/ }).waitFor()
  })

  it('submits automatically when the time runs out, answered or not', async () => {
    await exam.page.clock.install()
    const code = await exam.newCode()
    await startExam(exam.page, code)
    await answerQuestion(exam.page, code, 1, 'C')
    // Hold the submission back until the time-up message has been seen.
    let letThrough = () => {}
    const heldBack = new Promise<void>((resolve) => (letThrough = resolve))
    await exam.page.route('**/rest/v1/rpc/submit_exam', async (route) => {
      await heldBack
      await route.continue()
    })
    await exam.page.clock.fastForward('30:01')
    await exam.page.getByText('Time is up! Submitting your test automatically...').waitFor()
    letThrough()
    await exam.page.getByRole('heading', { level: 1, name: 'Test Completed!' }).waitFor()
    await exam.page.getByText('Your answers have been received.').waitFor()
    const [row, ...others] = await submissionsFor(code)
    expect(others).toEqual([])
    // Only the page's clock moved 30 minutes: the device's time taken is kept as it reported it,
    // beside the server's own measure from the attempt's recorded start.
    expect(row).toMatchObject({ answers: { '1': 'C' }, device_time_taken: 1800 })
    expect(row!.time_taken).toBeLessThan(1800)
  })
})

describe('the code and name steps', () => {
  it.each([
    ['', 'Please enter a login code'],
    ['ab1', 'Please enter a valid login code'],
    ['NOPE0000', 'Invalid login code. Please check and try again.'],
  ])('answers the code %j with %j', async (code, message) => {
    await openStudentPortal(exam.page)
    await submitCode(exam.page, code)
    await exam.page.getByRole('alert').getByText(message, { exact: true }).waitFor()
  })

  it('refuses a code that was already used', async () => {
    const code = await exam.newCode()
    await submitExam(code, 'Earlier Student', { '1': 'A' })
    await openStudentPortal(exam.page)
    await submitCode(exam.page, code)
    await exam.page.getByRole('alert').getByText('This login code has already been used.', { exact: true }).waitFor()
  })

  it('checks the name and goes back to the code step', async () => {
    const code = await exam.newCode()
    await openStudentPortal(exam.page)
    await submitCode(exam.page, code)
    await exam.page.getByRole('button', { name: 'Start Test' }).click()
    await exam.page.getByRole('alert').getByText('Please enter your full name', { exact: true }).waitFor()
    await exam.page.getByLabel('Full Name').fill('A')
    await exam.page.getByRole('button', { name: 'Start Test' }).click()
    await exam.page.getByRole('alert').getByText('Please enter a valid full name', { exact: true }).waitFor()
    await exam.page.getByRole('button', { name: 'Back' }).click()
    await expect.poll(() => exam.page.getByLabel('Login Code').inputValue()).toBe(code)
  })

  it('says the exam is not available outside its window, with the schedule and a countdown', async () => {
    const code = await exam.newCode()
    const start = new Date(Date.now() + 2 * 60 * 60 * 1000)
    await withSchedule(
      { start_time: start.toISOString(), end_time: new Date(start.getTime() + 60 * 60 * 1000).toISOString() },
      async () => {
        await openStudentPortal(exam.page)
        await exam.page.getByText(/^Exam will start on /).waitFor()
        await exam.page.getByText(/^Starts in 1h 59m \d+s$/).waitFor()
        await submitCode(exam.page, code)
        await exam.page
          .getByRole('alert')
          .getByText('Exam is not currently available. Please check the schedule.', { exact: true })
          .waitFor()
      },
    )
  })

  it("lets a code with extra time start after the window's end, as the server allows, and refuses one without", async () => {
    const plain = await exam.newCode()
    const extraTime = await exam.newCode()
    dataOf(await service.from('login_codes').update({ extra_minutes: 30 }).eq('code', extraTime).select())
    const end = new Date(Date.now() - 5 * 60 * 1000)
    const opened = new Date(end.getTime() - 60 * 60 * 1000).toISOString()
    // The exam's only active sitting: an open one would be the codes' sitting instead.
    await withNoSolutionsShownSince(opened, () =>
      withNoActiveSchedule(() =>
        withSchedule({ start_time: opened, end_time: end.toISOString() }, async () => {
          await openStudentPortal(exam.page)
          await exam.page.getByText(/^Exam ended on /).waitFor()
          await exam.page.getByText('A login code with extra time can still be started until its extra time runs out.').waitFor()
          await submitCode(exam.page, plain)
          await exam.page
            .getByRole('alert')
            .getByText('Exam is not currently available. Please check the schedule.', { exact: true })
            .waitFor()

          await enterExam(exam.page, extraTime, 'Extra Time Student')
          expect(dataOf(await service.from('exam_attempts').select('login_code').eq('login_code', extraTime))).toHaveLength(1)
        }),
      ),
    )
  })
})

import { expect, it } from 'vitest'
import {
  answerAll,
  appUrl,
  completionHeading,
  runOutOfTimeOffline,
  startExam,
  studentExamFixture,
  submissionsFor,
  submitTest,
} from './fixtures.ts'

const exam = studentExamFixture()

it('keeps an exam taken offline on the device and delivers it exactly once when the network returns', async () => {
  const code = await exam.newCode()
  const submitCalls: string[] = []
  exam.page.on('request', (request) => {
    if (request.url().endsWith('/rest/v1/rpc/submit_exam')) submitCalls.push(request.postData() ?? '')
  })
  await startExam(exam.page, code, 'Grace Hopper')

  await exam.context.setOffline(true)
  await exam.page.getByText('Offline: answers stay on this device').waitFor()
  const letters = exam.questions.map((q) => q.correct_answer)
  await answerAll(exam.page, letters)
  await submitTest(exam.page)

  await completionHeading(exam.page, 'waiting').waitFor()
  // The send failed without an answer: the reason, while the outbox keeps trying.
  await exam.page.getByText('Failed to submit test. Please check your connection and try again.', { exact: true }).waitFor()
  expect(await submissionsFor(code)).toEqual([])

  await exam.context.setOffline(false)
  await exam.page.getByText('Your answers have been received.').waitFor()
  await expect
    .poll(() => exam.page.getByText(/^Score: /).textContent())
    .toBe(`Score: ${exam.questions.length} / ${exam.questions.length} (100%)`)
  const rows = await submissionsFor(code)
  expect(rows).toHaveLength(1)
  expect(rows[0]!.answers).toEqual(Object.fromEntries(exam.questions.map((q) => [String(q.question_number), q.correct_answer])))
  expect(rows[0]!.score).toBe(exam.questions.length)
  // Every send carried the same submission id: a resend can never make a second row.
  expect(new Set(submitCalls.map((body) => (JSON.parse(body) as { submission_id: string }).submission_id)).size).toBe(1)
})

it('submits offline when time runs out, and sends it when the page is opened again online', async () => {
  const code = await runOutOfTimeOffline(exam, 'Katherine Johnson', 'D')
  await completionHeading(exam.page, 'waiting').waitFor()
  // The page is closed while offline; the network returns before the student comes back. A worker
  // of the closed page may still be alive and deliver it first: either way it arrives exactly once.
  await exam.page.close()
  await exam.context.setOffline(false)

  exam.page = await exam.context.newPage()
  await exam.page.goto(`${appUrl}/student`)
  await exam.page.getByRole('heading', { level: 1, name: 'Test Completed!' }).waitFor()
  await exam.page.getByText('Your answers have been received.').waitFor()
  const [row, ...others] = await submissionsFor(code)
  expect(others).toEqual([])
  // The device's clock was moved 30 minutes on, the server's was not: the time the device
  // reports is kept beside the server's own measure from the attempt's recorded start.
  expect(row).toMatchObject({ answers: { '1': 'D' }, device_time_taken: 1800 })
  expect(row!.time_taken).toBeLessThan(1800)
})

import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, expect, it } from 'vitest'
import {
  answer,
  answerAll,
  appUrl,
  createLoginCode,
  deleteLoginCodes,
  examQuestions,
  pagePerTest,
  startExam,
  submissionsFor,
} from './fixtures.ts'

let context: BrowserContext
let page: Page
pagePerTest((opened) => {
  context = opened.context
  page = opened.page
})
const codes: string[] = []

afterAll(async () => {
  await deleteLoginCodes(codes)
})

it('keeps an exam taken offline on the device and delivers it exactly once when the network returns', async () => {
  const questions = await examQuestions()
  const code = await createLoginCode()
  codes.push(code)
  const submitCalls: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/rest/v1/rpc/submit_exam')) submitCalls.push(request.postData() ?? '')
  })
  await startExam(page, code, 'Grace Hopper')

  await context.setOffline(true)
  await page.getByText('Offline: answers stay on this device').waitFor()
  const letters = questions.map((q) => q.correct_answer)
  await answerAll(page, letters)
  await page.getByRole('button', { name: 'Submit Test' }).click()

  await page.getByRole('heading', { level: 1, name: 'Test Completed!' }).waitFor()
  await page.getByText('Your answers are saved on this device and waiting to be sent.').waitFor()
  expect(await submissionsFor(code)).toEqual([])

  await context.setOffline(false)
  await page.getByText('Your answers have been received.').waitFor()
  expect(await page.getByText(/^Score: /).textContent()).toBe(`Score: ${questions.length} / ${questions.length} (100%)`)
  const rows = await submissionsFor(code)
  expect(rows).toHaveLength(1)
  expect(rows[0]!.answers).toEqual(Object.fromEntries(questions.map((q) => [String(q.question_number), q.correct_answer])))
  expect(rows[0]!.score).toBe(questions.length)
  // Every send carried the same submission id: a resend can never make a second row.
  expect(new Set(submitCalls.map((body) => (JSON.parse(body) as { submission_id: string }).submission_id)).size).toBe(1)
})

it('submits offline when time runs out, and sends it when the page is opened again online', async () => {
  await page.clock.install()
  const code = await createLoginCode()
  codes.push(code)
  await startExam(page, code, 'Katherine Johnson')
  await answer(page, 'D')
  await context.setOffline(true)
  await page.clock.fastForward('30:01')
  await page.getByRole('heading', { level: 1, name: 'Test Completed!' }).waitFor()
  await page.getByText('Your answers are saved on this device and waiting to be sent.').waitFor()
  // The page is closed while offline; the network returns before the student comes back.
  await page.close()
  await context.setOffline(false)
  expect(await submissionsFor(code)).toEqual([])

  page = await context.newPage()
  await page.goto(`${appUrl}/student`)
  await page.getByRole('heading', { level: 1, name: 'Test Completed!' }).waitFor()
  await page.getByText('Your answers have been received.').waitFor()
  const [row, ...others] = await submissionsFor(code)
  expect(others).toEqual([])
  expect(row).toMatchObject({ answers: { '1': 'D' }, time_taken: 1800 })
})

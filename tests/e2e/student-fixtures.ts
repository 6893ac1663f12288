import type { BrowserContext, Page } from 'playwright-core'
import { expect, inject } from 'vitest'
import type { Tables, TablesInsert } from '../../src/lib/database.types.ts'
import { service } from './public-fixtures.ts'

/** Helpers for the student e2e tests: driving the exam as a student would, and reading what the server stored. */

export const appUrl = inject('appUrl')

interface Result<T> {
  data: T | null
  error: { message: string } | null
}

function check<T>(result: Result<T>): NonNullable<T> {
  if (result.error) throw new Error(`unexpected error: ${result.error.message}`)
  if (result.data === null || result.data === undefined) throw new Error('unexpected empty answer')
  return result.data
}

export type Question = Pick<Tables<'questions'>, 'question_number' | 'correct_answer'>

/** The questions the exam uses, in order (the seeded bank: 1 to 50). */
export async function examQuestions(): Promise<Question[]> {
  const rows = check(await service.from('questions').select('*').order('question_number'))
  return rows.filter(
    (q) =>
      ['A', 'B', 'C', 'D'].includes(q.correct_answer) &&
      [q.question_text, q.option_a, q.option_b, q.option_c, q.option_d].every((text) => text.trim() !== ''),
  )
}

export async function submissionsFor(code: string): Promise<Tables<'submissions'>[]> {
  return check(await service.from('submissions').select('*').eq('login_code', code))
}

/** Runs `work` with an extra active schedule that is the newest, so students get it; deletes it afterwards. */
export async function withSchedule<T>(
  fields: Pick<TablesInsert<'exam_schedule'>, 'start_time' | 'end_time'>,
  work: () => Promise<T>,
): Promise<T> {
  const { data: schedule, error } = await service
    .from('exam_schedule')
    .insert({ exam_name: 'Student e2e window', is_active: true, duration_minutes: 30, ...fields })
    .select()
    .single()
  if (error) throw new Error(`could not create the schedule: ${error.message}`)
  try {
    return await work()
  } finally {
    check(await service.from('exam_schedule').delete().eq('id', schedule.id).select())
  }
}

export async function openStudentPortal(page: Page): Promise<void> {
  await page.goto(`${appUrl}/student`)
  await page.getByRole('heading', { level: 1, name: 'Student Portal' }).waitFor()
}

export async function submitCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Login Code').fill(code)
  await page.getByRole('button', { name: 'Continue' }).click()
}

/** From the portal to the first question. */
export async function startExam(page: Page, code: string, name = 'E2E Student'): Promise<void> {
  await openStudentPortal(page)
  await submitCode(page, code)
  await page.getByLabel('Full Name').fill(name)
  await page.getByRole('button', { name: 'Start Test' }).click()
  await page.getByRole('heading', { name: /^Question 1 of \d+$/ }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/student/test')
}

export function option(page: Page, letter: string) {
  return page.getByRole('radio', { name: new RegExp(`^${letter}\\. `) })
}

/** Chooses `letter` on the current question and waits until the device says it is stored. */
export async function answer(page: Page, letter: string): Promise<void> {
  await option(page, letter).check()
  await page.getByText('Answers saved on this device').waitFor()
}

export async function showQuestion(page: Page, position: number): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Questions' })
    .getByRole('button', { name: new RegExp(`^Question ${position}(,|$)`) })
    .click()
  await page.getByRole('heading', { name: new RegExp(`^Question ${position} of \\d+$`) }).waitFor()
}

/** Answers every question from the current one on, moving with Next, and stays on the last one. */
export async function answerAll(page: Page, letters: string[]): Promise<void> {
  for (const [index, letter] of letters.entries()) {
    await page.getByRole('heading', { name: `Question ${index + 1} of ${letters.length}` }).waitFor()
    await answer(page, letter)
    if (index < letters.length - 1) await page.getByRole('button', { name: 'Next' }).click()
  }
}

/** Seconds left as the exam timer shows them. */
export async function timerSeconds(page: Page): Promise<number> {
  const text = (await page.getByRole('timer', { name: 'Time remaining' }).locator('.exam-timer__value').textContent()) ?? ''
  const [minutes, seconds] = text.split(':').map(Number)
  return (minutes ?? 0) * 60 + (seconds ?? 0)
}

/** Every API response body the page receives, to show no correct answer reaches the browser. */
export function recordApiResponses(context: BrowserContext): string[] {
  const bodies: string[] = []
  context.on('response', (response) => {
    if (!response.url().includes('/rest/v1/')) return
    response.text().then(
      (body) => bodies.push(body),
      () => undefined,
    )
  })
  return bodies
}

import { randomUUID } from 'node:crypto'
import { createClient } from '@supabase/supabase-js'
import type { Page } from 'playwright-core'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Database } from '../../src/lib/api/database.types.ts'
import {
  appUrl,
  createLoginCode,
  dataOf,
  deleteLoginCodes,
  keepSharedData,
  pagePerFile,
  randomCode,
  replaceQuestionBank,
  service,
  signInAsAdmin,
  waitForText,
} from './fixtures.ts'

/**
 * Issue 15, a wrong answer key fixed and regraded in Chromium: changing question 3's correct
 * answer in the Question Manager opens the dry run, whose figures match a direct computation over
 * the students' answers; applied, the scores are those of the corrected key, Test Results marks
 * the changed ones "Regraded" with their old score, the student's page says so, and the activity
 * log has it.
 */

keepSharedData()
let page: Page
pagePerFile((opened) => {
  page = opened.page
})
const anon = createClient<Database>(appUrl, inject('appAnonKey'), {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: WebSocket as never },
})
const tag = `Regrade${randomCode()}`
const key = { '1': 'A', '2': 'B', '3': 'C' } as Record<string, string>
const corrected = { ...key, '3': 'D' }
const answers = [
  { '1': 'A', '2': 'B', '3': 'C' },
  { '1': 'A', '2': 'B', '3': 'D' },
  { '1': 'A', '2': 'C', '3': 'D' },
  { '1': 'B', '2': 'C', '3': 'D' },
]
const codes: string[] = []

const scoreOf = (chosen: Record<string, string>, against: Record<string, string>) =>
  Object.entries(against).filter(([n, letter]) => chosen[n] === letter).length
const passes = (score: number) => Math.round((score * 100) / 3) >= 60

beforeAll(async () => {
  await replaceQuestionBank(
    Object.entries(key).map(([n, correct]) => ({
      question_number: Number(n),
      question_text: `Regrade question ${n}?`,
      option_a: 'One',
      option_b: 'Two',
      option_c: 'Three',
      option_d: 'Four',
      correct_answer: correct,
    })),
  )
  for (const [i, chosen] of answers.entries()) {
    const code = await createLoginCode()
    codes.push(code)
    const id = randomUUID()
    const name = `${tag} ${i}`
    expect(dataOf(await anon.rpc('exam_questions', { code, attempt_id: id, student_name: name }))).toMatchObject({
      outcome: 'ok',
    })
    const now = Date.now()
    const receipt = dataOf(
      await anon.rpc('submit_exam', {
        submission_id: id,
        code,
        student_name: name,
        answers: chosen,
        tab_switches: 0,
        time_taken: 300,
        started_at: new Date(now - 300_000).toISOString(),
        submitted_at: new Date(now).toISOString(),
      }),
    ) as { outcome: string }
    expect(receipt.outcome).toBe('accepted')
  }
  await signInAsAdmin(page)
})

afterAll(async () => {
  await deleteLoginCodes(codes)
})

describe('Answer-key correction', () => {
  it('opens the dry run when a key with submissions changes, applies the regrade and marks the changed results', async () => {
    const before = answers.map((chosen) => scoreOf(chosen, key))
    const after = answers.map((chosen) => scoreOf(chosen, corrected))
    const average = (scores: number[]) => String(Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 100) / 100)
    const expected = {
      'Submissions with this question': String(answers.length),
      'Change score': String(before.filter((score, i) => score !== after[i]).length),
      'Fail to pass': String(before.filter((score, i) => !passes(score) && passes(after[i] as number)).length),
      'Pass to fail': String(before.filter((score, i) => passes(score) && !passes(after[i] as number)).length),
      'Average before': average(before),
      'Average after': average(after),
    }

    await page.goto(`${appUrl}/admin/questions`)
    await page.getByRole('button', { name: 'Edit question 3' }).click()
    await page.getByLabel('Correct answer').selectOption('D')
    await page.getByRole('button', { name: 'Update Question' }).click()
    const dialog = page.getByRole('dialog', { name: 'Correct the key of question 3' })
    const figures = dialog.getByRole('region', { name: 'Dry run' })
    await figures.getByText('Submissions with this question').waitFor()
    await expect
      .poll(() =>
        figures
          .locator('th')
          .evaluateAll((names) => Object.fromEntries(names.map((th) => [th.textContent, th.nextElementSibling?.textContent]))),
      )
      .toEqual(expected)
    // Nothing changed yet.
    const stored = async () => dataOf(await service.from('submissions').select('login_code, score').in('login_code', codes))
    expect(Object.fromEntries((await stored()).map((row) => [row.login_code, row.score]))).toEqual(
      Object.fromEntries(codes.map((code, i) => [code, before[i]])),
    )

    await dialog.getByRole('button', { name: 'Apply and regrade' }).click()
    await waitForText(page, `Key of question 3 corrected: ${expected['Change score']} submissions regraded`)
    expect(Object.fromEntries((await stored()).map((row) => [row.login_code, row.score]))).toEqual(
      Object.fromEntries(codes.map((code, i) => [code, after[i]])),
    )

    await page.goto(`${appUrl}/admin/results`)
    await page.getByRole('searchbox', { name: 'Search' }).fill(tag)
    const first = page.getByRole('row').filter({ hasText: `${tag} 0` })
    await first.getByText(`Regraded was ${before[0]}/3`).waitFor()

    const student = await page.context().browser()?.newPage()
    if (!student) throw new Error('no browser')
    await student.goto(`${appUrl}/solutions`)
    await student.getByLabel('Login code').fill(codes[0] as string)
    await student.getByLabel('Login code').press('Enter')
    await student.getByText(`The examiner corrected the answer key; your score was ${before[0]} / 3`).waitFor()
    await student.close()

    await page.goto(`${appUrl}/admin/activity`)
    await page
      .getByRole('region', { name: 'Activity' })
      .getByText('Corrected the key of question 3 from C to D', { exact: false })
      .waitFor()
  })
})

import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  adminMenu,
  appUrl,
  createLoginCode,
  dataOf,
  deleteLoginCodes,
  followAdminMenu,
  pagePerFile,
  randomCode,
  service,
  signInAsAdmin,
  submitExam,
} from './fixtures.ts'

/**
 * Issue 25, the admin screens with two exams: the school's own exam (the first in use, which
 * every other file uses) and a second one, Physics, made here with three questions, a sitting
 * open now and a code, and deleted with every row of it afterwards, so that the other files
 * still see a one-exam school. Runs once the SQL of parts A and B (the per-exam functions) is in.
 */

let page: Page
pagePerFile((opened) => {
  page = opened.page
})

const physicsName = `Physics E2E ${Date.now()}`
let physicsId: string
let firstExamName: string
const codesOfFirst: string[] = []
const codesOfPhysics: string[] = []
const madeExamIds: string[] = []

const physicsQuestions = [1, 2, 3].map((n) => ({
  question_number: n,
  question_text: `Physics question ${n}: which letter?`,
  option_a: 'Alpha',
  option_b: 'Bravo',
  option_c: 'Charlie',
  option_d: 'Delta',
  correct_answer: 'B',
}))

/** Every row of an exam, then the exam (this file makes no key correction or time for everyone). */
async function deleteExam(examId: string): Promise<void> {
  for (const table of ['submissions', 'exam_attempts', 'login_codes', 'questions', 'exam_schedule'] as const) {
    dataOf(await service.from(table).delete().eq('exam_id', examId).select('id'))
  }
  dataOf(await service.from('exams').delete().eq('id', examId).select('id'))
}

beforeAll(async () => {
  const first = dataOf(await service.rpc('first_exam_id'))
  firstExamName = only(dataOf(await service.from('exams').select('name').eq('id', first))).name
  physicsId = only(
    dataOf(await service.from('exams').insert({ name: physicsName, default_duration_minutes: 45 }).select('id')),
  ).id
  dataOf(
    await service
      .from('questions')
      .insert(physicsQuestions.map((question) => ({ ...question, exam_id: physicsId })))
      .select('id'),
  )
  const now = Date.now()
  dataOf(
    await service
      .from('exam_schedule')
      .insert({
        exam_id: physicsId,
        exam_name: 'Physics morning',
        start_time: new Date(now - 10 * 60_000).toISOString(),
        end_time: new Date(now + 2 * 60 * 60_000).toISOString(),
        duration_minutes: 45,
        is_active: true,
      })
      .select('id'),
  )
  const physicsCode = randomCode()
  dataOf(await service.from('login_codes').insert({ code: physicsCode, exam_id: physicsId }).select('id'))
  codesOfPhysics.push(physicsCode)
  await submitExam(physicsCode, 'Marie Curie', { '1': 'B', '2': 'B', '3': 'A' })

  const firstCode = await createLoginCode()
  codesOfFirst.push(firstCode)
  await submitExam(firstCode, 'Ada Lovelace', { '1': 'A' })
  await signInAsAdmin(page)
})

afterAll(async () => {
  await deleteLoginCodes(codesOfFirst)
  for (const id of [physicsId, ...madeExamIds]) if (id) await deleteExam(id)
})

/** The one row a read found. */
function only<Row>(rows: Row[]): Row {
  if (rows.length !== 1) throw new Error(`expected one row, found ${rows.length}`)
  return rows[0] as Row
}

const picker = () => page.getByLabel('Exam', { exact: true })

describe('the admin screens with two exams', () => {
  it('the dashboard shows each exam with its status, questions ready and codes available, and All exams', async () => {
    await page.goto(`${appUrl}/admin`)
    await expect.poll(() => picker().inputValue()).toBe('')
    const exams = page.getByRole('region', { name: 'Exams' })
    const physics = exams.getByRole('listitem').filter({ hasText: physicsName })
    await physics.waitFor()
    await expect.poll(() => physics.textContent()).toContain('Active')
    await expect.poll(() => physics.textContent()).toContain('Questions ready 3')
    await expect.poll(() => exams.getByRole('listitem').filter({ hasText: firstExamName }).count()).toBe(1)
  })

  it('Question Manager lists the picked exam only and keeps it in the address, and links carry it', async () => {
    await page.goto(`${appUrl}/admin/questions`)
    await page.getByRole('heading', { level: 1, name: 'Question Manager' }).waitFor()
    // Without ?exam= the first exam in use is shown.
    await expect.poll(() => picker().locator('option:checked').textContent()).toBe(firstExamName)
    await picker().selectOption({ label: physicsName })
    await expect.poll(() => new URL(page.url()).searchParams.get('exam')).toBe(physicsId)
    await page.getByText('Total: 3 questions').waitFor()
    await page.getByRole('heading', { level: 3, name: 'Q1' }).waitFor()
    await expect.poll(() => page.getByText('Physics question 1: which letter?').count()).toBe(1)
    expect(await adminMenu(page).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe(`/admin?exam=${physicsId}`)

    // A link opens the same exam.
    await page.goto(`${appUrl}/admin/questions?exam=${physicsId}`)
    await page.getByText('Total: 3 questions').waitFor()
  })

  it("Test Results and Item Analysis show each exam's own submissions", async () => {
    await page.goto(`${appUrl}/admin/results?exam=${physicsId}`)
    await page.getByRole('heading', { name: 'Daily Analysis' }).waitFor()
    await page.getByText('Marie Curie').first().waitFor()
    await expect.poll(() => page.getByText('Ada Lovelace').count()).toBe(0)
    await expect.poll(() => page.getByText(/Showing 1 of 1 result/).count()).toBe(1)

    await picker().selectOption({ label: firstExamName })
    await page.getByText('Ada Lovelace').first().waitFor()
    await expect.poll(() => page.getByText('Marie Curie').count()).toBe(0)

    await page.goto(`${appUrl}/admin/items?exam=${physicsId}`)
    await page.getByRole('heading', { level: 1, name: 'Item Analysis' }).waitFor()
    // The three questions of Physics, none of the first exam's.
    await expect.poll(() => page.getByRole('rowheader', { name: /^Q\d+$/ }).allTextContents()).toEqual(['Q1', 'Q2', 'Q3'])
  })

  it('Login Code Manager generates codes for the picked exam', async () => {
    await page.goto(`${appUrl}/admin/codes?exam=${physicsId}`)
    await page.getByRole('heading', { level: 1, name: 'Login Code Manager' }).waitFor()
    const before = dataOf(await service.from('login_codes').select('code').eq('exam_id', physicsId)).length
    await page
      .getByRole('button', { name: /^Generate/ })
      .first()
      .click()
    await expect
      .poll(async () => dataOf(await service.from('login_codes').select('code').eq('exam_id', physicsId)).length)
      .toBeGreaterThan(before)
  })

  it('the Proctor Room shows both exams, filters by exam, and names each row’s exam', async () => {
    await page.goto(`${appUrl}/admin/live`)
    const attempts = page.getByRole('region', { name: 'Exam attempts' })
    await attempts.getByText('Marie Curie').waitFor()
    await attempts.getByRole('row').filter({ hasText: 'Marie Curie' }).getByText(physicsName).waitFor()
    await attempts.getByText('Ada Lovelace').waitFor()
    await picker().selectOption({ label: physicsName })
    await expect.poll(() => attempts.getByText('Ada Lovelace').count()).toBe(0)
    await attempts.getByText('Marie Curie').waitFor()

    await picker().selectOption({ label: 'All exams' })
    await page.getByRole('button', { name: 'Add time for everyone' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add time for everyone' })
    await dialog.getByLabel('Exam', { exact: true }).waitFor()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
  })

  it('the exam list creates, renames, archives and brings back an exam, and duplicates one with its questions', async () => {
    await page.goto(`${appUrl}/admin`)
    await followAdminMenu(page, 'Exams')
    await page.getByRole('heading', { level: 1, name: 'Exams' }).waitFor()
    const physicsRow = page.getByRole('row').filter({ hasText: physicsName })
    await physicsRow.getByText('Active').waitFor()

    const made = `Chemistry E2E ${Date.now()}`
    await page.getByRole('button', { name: 'New Exam' }).click()
    let dialog = page.getByRole('dialog', { name: 'New Exam' })
    await dialog.getByLabel('Exam name').fill(made)
    await dialog.getByLabel('Default duration (minutes)').fill('40')
    await dialog.getByRole('button', { name: 'Create Exam' }).click()
    const madeRow = page.getByRole('row').filter({ hasText: made })
    await madeRow.getByText('No sitting').waitFor()
    madeExamIds.push(only(dataOf(await service.from('exams').select('id').eq('name', made))).id)

    await page.getByRole('button', { name: `Rename ${made}` }).click()
    dialog = page.getByRole('dialog', { name: 'Rename Exam' })
    await dialog.getByLabel('Exam name').fill(`${made} renamed`)
    await dialog.getByRole('button', { name: 'Rename' }).click()
    await page.getByRole('button', { name: `Archive ${made} renamed` }).click()
    await page.getByRole('button', { name: `Bring back ${made} renamed` }).waitFor()
    await page.getByRole('button', { name: `Bring back ${made} renamed` }).click()
    await page.getByRole('button', { name: `Archive ${made} renamed` }).waitFor()

    const copy = `${physicsName} 2027`
    await page.getByRole('button', { name: `Duplicate ${physicsName}` }).click()
    dialog = page.getByRole('dialog', { name: 'Duplicate Exam' })
    await dialog.getByLabel('Exam name').fill(copy)
    await dialog.getByRole('button', { name: 'Duplicate' }).click()
    const copyRow = page.getByRole('row').filter({ hasText: copy })
    await copyRow.waitFor()
    const copyId = only(dataOf(await service.from('exams').select('id').eq('name', copy))).id
    madeExamIds.push(copyId)
    expect(dataOf(await service.from('questions').select('id').eq('exam_id', copyId)).length).toBe(3)
  })
})

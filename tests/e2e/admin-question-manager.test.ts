import type { Browser, Locator, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  adminPagesPerTest,
  appUrl,
  dataOf,
  desktop,
  examsPerFile,
  expectAccessible,
  pagePerFile,
  phone,
  service,
  waitForText,
} from './fixtures.ts'

/**
 * Issue 28, the Question Manager: search, the form beside the list with Save and its message in view
 * at 1280×800 (over the list, as a dialog, on a phone), the first free number, a full bank, a number
 * already taken, delete asked first, a failed load said as such, and the key correction's option texts
 * and dry-run table. Each test works on an exam of this file's own (deleted afterwards), picked by
 * the address, so the bank every other file uses is never touched.
 */

let browser: Browser
pagePerFile((opened) => {
  browser = opened.browser
})
const newExam = examsPerFile()

const signedIn = adminPagesPerTest(() => browser)

const question = (n: number) => ({
  question_number: n,
  question_text: `Bank question ${n}: which river flows through Paris?`,
  option_a: 'Thames',
  option_b: 'Seine',
  option_c: 'Danube',
  option_d: 'Tiber',
  correct_answer: 'B',
})

/** Question numbers 1 to 20 without 3: the first free number is 3, and the list is longer than the screen. */
const gappedNumbers = Array.from({ length: 20 }, (_, index) => index + 1).filter((n) => n !== 3)
let gappedExam: string
let fullExam: string

beforeAll(async () => {
  gappedExam = (await newExam(`Question Manager E2E ${Date.now()}`, gappedNumbers.map(question))).id
  fullExam = (
    await newExam(
      `Full bank E2E ${Date.now()}`,
      Array.from({ length: 50 }, (_, index) => question(index + 1)),
    )
  ).id
})

async function openQuestions(page: Page, examId: string): Promise<void> {
  await page.goto(`${appUrl}/admin/questions?exam=${examId}`)
  await page.getByRole('list', { name: 'Questions' }).waitFor()
}

async function storedNumbers(examId: string): Promise<number[]> {
  return dataOf(await service.from('questions').select('question_number').eq('exam_id', examId).order('question_number')).map(
    (row) => row.question_number,
  )
}

/** Fills the question form on the page, or in the dialog it opens in on a phone. */
async function fillQuestion(page: Page | Locator, text: string): Promise<void> {
  await page.getByLabel('Question text').fill(text)
  for (const letter of ['A', 'B', 'C', 'D']) await page.getByLabel(`Option ${letter}`).fill(`${text} ${letter}`)
}

/** Whether the whole element is inside the 800 px high window. */
async function inView(page: Page, name: string, locator = page.getByText(name, { exact: true })): Promise<boolean> {
  const box = await locator.boundingBox()
  return box !== null && box.y >= 0 && box.y + box.height <= 800
}

const headings = (page: Page) =>
  page.getByRole('list', { name: 'Questions' }).getByRole('heading', { level: 3 }).allTextContents()

describe('the Question Manager on a desktop (1280×800)', () => {
  it('finds questions by number or text, and says when none match', async () => {
    const page = await signedIn(desktop)
    await openQuestions(page, gappedExam)
    await page.getByText('Total: 19 questions').waitFor()
    const search = page.getByRole('searchbox', { name: 'Search questions' })

    await search.fill('12')
    await expect.poll(() => headings(page)).toEqual(['Q12'])
    await page.getByRole('status').filter({ hasText: 'Showing 1 of 19 questions' }).waitFor()
    await search.fill('Q7')
    await expect.poll(() => headings(page)).toEqual(['Q7'])
    await search.fill('SEINE')
    await expect.poll(() => headings(page)).toHaveLength(19)
    await search.fill('Mississippi')
    await page.getByText('No questions match your search').waitFor()
    await expectAccessible(page, 'question search without a match')
    await search.fill('')
    await expect.poll(() => headings(page)).toHaveLength(19)
  })

  it('starts at the first free number, and keeps the form, Save and its message in view below a long list', async () => {
    const page = await signedIn(desktop)
    await openQuestions(page, gappedExam)
    await expect.poll(() => page.getByLabel('Question number').inputValue()).toBe('3')
    await expectAccessible(page, 'question manager')

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(400)
    await fillQuestion(page, 'Which river flows through Rome?')
    const save = page.getByRole('button', { name: 'Save Question' })
    expect(await inView(page, 'Save Question', save)).toBe(true)
    await save.click()
    await waitForText(page, 'Question added successfully')
    expect(await inView(page, 'Question added successfully')).toBe(true)
    await expect.poll(() => storedNumbers(gappedExam)).toContain(3)
    // The next free number follows the bank as it is now.
    await expect.poll(() => page.getByLabel('Question number').inputValue()).toBe('21')

    dataOf(await service.from('questions').delete().eq('exam_id', gappedExam).eq('question_number', 3).select('id'))
  })

  it('says "Question 2 already exists" before saving, and for a number taken since the list was read', async () => {
    const page = await signedIn(desktop)
    await openQuestions(page, gappedExam)
    await fillQuestion(page, 'A second question 2?')
    await page.getByLabel('Question number').fill('2')
    await page.getByRole('button', { name: 'Save Question' }).click()
    await waitForText(page, 'Question 2 already exists')
    expect(await inView(page, 'Question 2 already exists')).toBe(true)

    // Another administrator saves question 3 after this list was read: the server refuses, in the form's words.
    dataOf(
      await service
        .from('questions')
        .insert({ ...question(3), exam_id: gappedExam })
        .select('id'),
    )
    await page.getByLabel('Question number').fill('3')
    await page.getByRole('button', { name: 'Save Question' }).click()
    await waitForText(page, 'Question 3 already exists')
    expect(await page.getByText(/duplicate key|unique constraint/).count()).toBe(0)
    expect(await storedNumbers(gappedExam)).toEqual([...gappedNumbers, 3].sort((a, b) => a - b))

    dataOf(await service.from('questions').delete().eq('exam_id', gappedExam).eq('question_number', 3).select('id'))
  })

  it('says a full bank has no number left, with Save disabled', async () => {
    const page = await signedIn(desktop)
    await openQuestions(page, fullExam)
    await page.getByText('All 50 question numbers are taken').waitFor()
    expect(await page.getByLabel('Question number').inputValue()).toBe('')
    expect(await page.getByRole('button', { name: 'Save Question' }).isDisabled()).toBe(true)
  })

  it('asks before deleting a question: Cancel keeps it, Delete deletes it', async () => {
    const doomed = dataOf(
      await service
        .from('questions')
        .insert({ ...question(30), exam_id: gappedExam })
        .select('id'),
    )
    const page = await signedIn(desktop)
    await openQuestions(page, gappedExam)
    await page.getByRole('button', { name: 'Delete question 30' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete question 30?' })
    await dialog.waitFor()
    await expectAccessible(page, 'delete question dialog')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(await storedNumbers(gappedExam)).toContain(30)

    await page.getByRole('button', { name: 'Delete question 30' }).click()
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
    await waitForText(page, 'Question deleted successfully')
    await page.getByRole('heading', { level: 3, name: 'Q30' }).waitFor({ state: 'detached' })
    expect(await storedNumbers(gappedExam)).not.toContain(30)
    expect(doomed).toHaveLength(1)
  })

  it('says a failed load as such with Try again, never "Total: 0 questions", and loads again', async () => {
    const page = await signedIn(desktop)
    await page.route('**/rest/v1/questions?*', (route) => route.abort())
    await page.goto(`${appUrl}/admin/questions?exam=${gappedExam}`)
    const failure = page.getByRole('alert')
    await failure.getByText('Failed to load questions').waitFor()
    expect(await page.getByText(/Total: 0 questions|No questions added yet/).count()).toBe(0)
    await expectAccessible(page, 'questions that failed to load')

    await page.unroute('**/rest/v1/questions?*')
    await failure.getByRole('button', { name: 'Try again' }).click()
    await page.getByText('Total: 19 questions').waitFor()
    expect(await page.getByText('Failed to load questions').count()).toBe(0)
  })

  it("shows the key correction's options with their text and the dry run as a table", async () => {
    const page = await signedIn(desktop)
    await openQuestions(page, gappedExam)
    await page.getByRole('button', { name: 'Correct the key of question 5' }).click()
    const dialog = page.getByRole('dialog', { name: 'Correct the key of question 5' })
    const newKey = dialog.getByLabel('Correct answer')
    expect(await newKey.locator('option').allTextContents()).toEqual(['A. Thames', 'B. Seine', 'C. Danube', 'D. Tiber'])
    await dialog.getByLabel('Accept several answers').check()
    await dialog.getByLabel('Accept C. Danube').waitFor()
    const figures = dialog.getByRole('region', { name: 'Dry run' }).getByRole('table')
    await expect
      .poll(() => figures.getByRole('row').evaluateAll((rows) => rows.map((row) => row.firstElementChild?.textContent)))
      .toEqual([
        'Submissions with this question',
        'Change score',
        'Fail to pass',
        'Pass to fail',
        'Average before',
        'Average after',
      ])
    expect(
      await figures
        .getByRole('row', { name: /^Submissions with this question/ })
        .getByRole('cell')
        .textContent(),
    ).toBe('0')
    await expectAccessible(page, 'key correction dialog')
  })
})

describe('the Question Manager on a phone (390×844)', () => {
  it('finds questions, says a duplicate number in the form over the list, and asks before deleting', async () => {
    dataOf(
      await service
        .from('questions')
        .insert({ ...question(31), exam_id: gappedExam })
        .select('id'),
    )
    const page = await signedIn(phone)
    await openQuestions(page, gappedExam)
    const search = page.getByRole('searchbox', { name: 'Search questions' })
    await search.fill('12')
    await expect.poll(() => headings(page)).toEqual(['Q12'])
    await search.fill('Mississippi')
    await page.getByText('No questions match your search').waitFor()
    await search.fill('')

    await page.getByRole('button', { name: 'Add Question' }).click()
    const adding = page.getByRole('dialog', { name: 'Add New Question' })
    await fillQuestion(adding, 'A second question 2?')
    await adding.getByLabel('Question number').fill('2')
    await adding.getByRole('button', { name: 'Save Question' }).click()
    await adding.getByText('Question 2 already exists', { exact: true }).waitFor()
    expect(await inView(page, 'Question 2 already exists', adding.getByText('Question 2 already exists'))).toBe(true)
    await adding.getByRole('button', { name: 'Cancel' }).click()
    await adding.waitFor({ state: 'detached' })

    await page.getByRole('button', { name: 'Delete question 31' }).click()
    const deleting = page.getByRole('dialog', { name: 'Delete question 31?' })
    await expectAccessible(page, 'delete question dialog on a phone')
    await deleting.getByRole('button', { name: 'Delete', exact: true }).click()
    await waitForText(page, 'Question deleted successfully')
    expect(await inView(page, 'Question deleted successfully')).toBe(true)
    expect(await storedNumbers(gappedExam)).not.toContain(31)
  })

  it('opens the form over the list as a dialog to add and to edit, with no sideways scrolling', async () => {
    const page = await signedIn(phone)
    await openQuestions(page, gappedExam)
    expect(await page.getByLabel('Question text').count()).toBe(0)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

    await page.getByRole('button', { name: 'Add Question' }).click()
    const adding = page.getByRole('dialog', { name: 'Add New Question' })
    await adding.waitFor()
    expect(await adding.getByLabel('Question number').inputValue()).toBe('3')
    await expectAccessible(page, 'add question dialog on a phone')
    await adding.getByRole('button', { name: 'Cancel' }).click()
    await adding.waitFor({ state: 'detached' })

    await page.getByRole('button', { name: 'Edit question 7' }).click()
    const editing = page.getByRole('dialog', { name: 'Edit Question' })
    await editing.getByLabel('Question text').fill('Which river flows through Paris, in France?')
    await editing.getByRole('button', { name: 'Update Question' }).click()
    await editing.waitFor({ state: 'detached' })
    await waitForText(page, 'Question updated successfully')
    // The message is in view where the edited question is, not at the top of a scrolled page.
    expect(await inView(page, 'Question updated successfully')).toBe(true)
    const stored = dataOf(
      await service.from('questions').select('question_text').eq('exam_id', gappedExam).eq('question_number', 7),
    )
    expect(stored.map((row) => row.question_text)).toEqual(['Which river flows through Paris, in France?'])
  })
})

import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { firstFreeQuestionNumber } from '../../src/domain/question-draft.ts'
import { appUrl, dataOf, keepSharedData, pagePerFile, service, signInAsAdmin, waitForText } from './fixtures.ts'

const sharedData = keepSharedData()
let page: Page
pagePerFile((opened) => {
  page = opened.page
})

beforeAll(async () => {
  await signInAsAdmin(page)
})

const header = 'question_number,question_text,option_a,option_b,option_c,option_d,correct_answer'

async function openQuestionManager() {
  await page.goto(`${appUrl}/admin/questions`)
  await page
    .getByRole('list', { name: 'Questions' })
    .or(page.getByText('No questions added yet.', { exact: false }))
    .waitFor()
}

async function storedQuestion(n: number) {
  const { data, error } = await service.from('questions').select('*').eq('question_number', n).maybeSingle()
  if (error) throw new Error(error.message)
  return data
}

async function openImportDialog() {
  await page.getByRole('button', { name: 'Import CSV' }).click()
  return page.getByRole('dialog', { name: 'Import Questions from CSV' })
}

describe('Question Manager', () => {
  it('refuses a question number above 50, which the exam would never serve', async () => {
    await openQuestionManager()
    // The shared bank is full (a new question's Save is disabled then): the number is typed into an edit.
    await page.getByRole('button', { name: 'Edit question 1', exact: true }).click()
    await page.getByRole('heading', { name: 'Edit Question' }).waitFor()
    await page.getByLabel('Question number').fill('51')
    await page.getByRole('button', { name: 'Update Question' }).click()
    await waitForText(page, 'Question number must be between 1 and 50')
    expect(await storedQuestion(51)).toBeNull()
    expect(await storedQuestion(1)).not.toBeNull()
    await page.getByRole('button', { name: 'Cancel' }).click()
  })

  it('adds, edits and deletes a question', async () => {
    // A full bank holds 1 to 50: the last one makes room.
    const highest = Math.max(...sharedData().questions.map((q) => q.question_number))
    dataOf(await service.from('questions').delete().eq('question_number', highest).select())
    await openQuestionManager()
    // The first number no question holds: the one just freed, unless the bank had a gap before it.
    const newNumber = firstFreeQuestionNumber(
      sharedData()
        .questions.map((q) => q.question_number)
        .filter((n) => n !== highest),
    )
    if (newNumber === null) throw new Error('the bank has no free number after deleting its highest')
    await expect.poll(() => page.getByLabel('Question number').inputValue()).toBe(String(newNumber))

    await page.getByLabel('Question text').fill('Which colour is the sky on a clear day?')
    for (const [letter, option] of [
      ['A', 'Green'],
      ['B', 'Blue'],
      ['C', 'Red'],
      ['D', 'Yellow'],
    ]) {
      await page.getByLabel(`Option ${letter}`).fill(option as string)
    }
    await page.getByLabel('Correct answer').selectOption('B')
    await page.getByRole('button', { name: 'Save Question' }).click()
    await waitForText(page, 'Question added successfully')
    await page.getByRole('heading', { level: 3, name: `Q${newNumber}` }).waitFor()
    expect(await storedQuestion(newNumber)).toMatchObject({
      question_text: 'Which colour is the sky on a clear day?',
      option_b: 'Blue',
      correct_answer: 'B',
    })

    await page.getByRole('button', { name: `Edit question ${newNumber}` }).click()
    await page.getByRole('heading', { name: 'Edit Question' }).waitFor()
    await page.getByLabel('Question text').fill('Which colour is a clear sky?')
    await page.getByLabel('Correct answer').selectOption('B')
    await page.getByRole('button', { name: 'Update Question' }).click()
    await waitForText(page, 'Question updated successfully')
    await waitForText(page, 'Which colour is a clear sky?')
    expect(await storedQuestion(newNumber)).toMatchObject({ question_text: 'Which colour is a clear sky?', correct_answer: 'B' })

    await page.getByRole('button', { name: `Delete question ${newNumber}` }).click()
    await page
      .getByRole('dialog', { name: `Delete question ${newNumber}?` })
      .getByRole('button', { name: 'Delete', exact: true })
      .click()
    await waitForText(page, 'Question deleted successfully')
    await page.getByRole('heading', { level: 3, name: `Q${newNumber}` }).waitFor({ state: 'detached' })
    expect(await storedQuestion(newNumber)).toBeNull()
  })

  it('imports nothing from a CSV with errors, listing every error, then imports a valid file in one go', async () => {
    await openQuestionManager()
    const dialog = await openImportDialog()
    const broken = [
      header,
      '1,"Fine, really?",a,b,c,d,A',
      '70,Out of range?,a,b,c,d,B',
      '3,,a,b,c,d,C',
      '4,Bad answer?,a,b,c,d,E',
    ].join('\n')
    await dialog.getByLabel('Or paste CSV data').fill(broken)
    await dialog.getByRole('button', { name: 'Import Questions' }).click()

    await dialog.getByText('Nothing was imported: 3 rows have errors. Fix them and import again.').waitFor()
    await expect
      .poll(async () => (await dialog.getByRole('table').locator('tbody tr').allInnerTexts()).map((row) => row.split('\t')))
      .toEqual([
        ['3', '70', 'Question number 70 must be a positive number'],
        ['4', '3', 'Question 3 is missing required fields'],
        ['5', '4', 'Question 4 has invalid correct answer: E'],
      ])
    expect((await storedQuestion(1))?.question_text).toBe(
      sharedData().questions.find((q) => q.question_number === 1)?.question_text,
    )

    // A spreadsheet export: byte order mark, CRLF line ends, quoted commas, a blank line.
    const lines = Array.from(
      { length: 50 },
      (_, i) => `${i + 1},"Imported question ${i + 1}, with a comma?",One,Two,Three,Four,${'ABCD'[i % 4]}`,
    )
    const file = `\ufeff${[header, ...lines.slice(0, 25), '', ...lines.slice(25)].join('\r\n')}\r\n`
    await dialog
      .getByLabel('Upload a CSV file')
      .setInputFiles({ name: 'questions.csv', mimeType: 'text/csv', buffer: Buffer.from(file) })
    await dialog.getByText('Loaded questions.csv; you can review or edit it below.').waitFor()
    await dialog.getByRole('button', { name: 'Import Questions' }).click()

    await waitForText(page, 'Successfully imported 50 questions')
    await dialog.waitFor({ state: 'detached' })
    await waitForText(page, 'Imported question 50, with a comma?')
    const stored = dataOf(
      await service.from('questions').select('question_number, question_text, correct_answer').order('question_number'),
    )
    expect(stored).toHaveLength(50)
    expect(stored[0]).toEqual({ question_number: 1, question_text: 'Imported question 1, with a comma?', correct_answer: 'A' })
    expect(stored[49]).toEqual({ question_number: 50, question_text: 'Imported question 50, with a comma?', correct_answer: 'B' })
  })

  it('checks a 5,000-row file off the main thread and lists all its errors', async () => {
    await openQuestionManager()
    const dialog = await openImportDialog()
    const lines = Array.from({ length: 5000 }, (_, i) => `${i + 1},"Question ${i + 1}?",a,b,c,d,A`)
    await dialog.getByLabel('Upload a CSV file').setInputFiles({
      name: 'big.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([header, ...lines].join('\n')),
    })
    await dialog.getByText('Loaded big.csv; you can review or edit it below.').waitFor()

    const worker = page.waitForEvent('worker')
    await dialog.getByRole('button', { name: 'Import Questions' }).click()

    expect((await worker).url()).toMatch(/csv-import\.worker/)
    await dialog.getByText('Nothing was imported: 4950 rows have errors. Fix them and import again.').waitFor()
    await expect.poll(() => dialog.getByRole('table').locator('tbody tr').count()).toBe(4950)
    await expect
      .poll(() => dialog.getByRole('table').locator('tbody tr').last().innerText())
      .toBe('5001\t5000\tQuestion number 5000 must be a positive number')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
  })

  it('deletes all questions after the confirmation dialog', async () => {
    await openQuestionManager()
    await page.getByRole('button', { name: 'Delete All' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete All Questions?' })
    await dialog.getByText('students cannot take the exam until new questions are added', { exact: false }).waitFor()

    await dialog.getByRole('button', { name: 'Yes, Delete All Questions' }).click()

    await waitForText(page, 'All questions deleted successfully')
    await waitForText(page, 'No questions added yet. Add your first question to get started.')
    await expect.poll(() => page.getByRole('button', { name: 'Delete All' }).isDisabled()).toBe(true)
    expect(dataOf(await service.from('questions').select('id'))).toEqual([])
  })
})

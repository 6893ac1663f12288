import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { parseQuestionCsv } from '../../../domain/csv-import'
import { questionCsvHeader } from '../../../domain/question-csv-template'
import {
  addQuestion,
  deleteAllQuestions,
  deleteQuestion,
  importQuestions,
  listQuestions,
  updateQuestion,
  type Question,
} from '../../../lib/admin/admin-questions'
import { regradeQuestion, type RegradeFigures } from '../../../lib/admin/key-correction'
import { QuestionManagerPage } from './question-manager-page'

vi.mock('../../../lib/admin/admin-questions', () => ({
  listQuestions: vi.fn(),
  addQuestion: vi.fn(),
  updateQuestion: vi.fn(),
  deleteQuestion: vi.fn(),
  deleteAllQuestions: vi.fn(),
  importQuestions: vi.fn(),
}))

vi.mock('../../../lib/admin/key-correction', () => ({ regradeQuestion: vi.fn() }))

const ok = { ok: true as const, data: null }

/** regrade_question's answer for question 1 from C to `to`, with `submissions` that held it. */
function regradeFigures(to: string, submissions: number, outcome: RegradeFigures['outcome'] = 'dry_run'): RegradeFigures {
  return {
    outcome,
    question_number: 1,
    from: 'C',
    to,
    submissions,
    changed: submissions,
    fail_to_pass: 1,
    pass_to_fail: 0,
    average_before: 30,
    average_after: 31.5,
  }
}

function question(n: number, changes: Partial<Question> = {}): Question {
  return {
    id: `q-${n}`,
    question_number: n,
    question_text: `Question ${n}?`,
    option_a: `A${n}`,
    option_b: `B${n}`,
    option_c: `C${n}`,
    option_d: `D${n}`,
    correct_answer: 'C',
    exam_id: 'exam-1',
    exam_category_id: 'exam-1',
    created_at: '2026-11-20T10:00:00Z',
    ...changes,
  }
}

let bank: Question[]

beforeEach(() => {
  bank = [question(1), question(2, { correct_answer: 'DESCRIPTIVE', option_a: '', option_b: '', option_c: '', option_d: '' })]
  vi.mocked(listQuestions).mockImplementation(async () => ({ ok: true, data: bank }))
  for (const write of [addQuestion, updateQuestion, deleteQuestion, deleteAllQuestions, importQuestions])
    vi.mocked(write).mockReset().mockResolvedValue(ok)
})

afterEach(() => {
  vi.useRealTimers()
})

async function renderPage() {
  render(
    <MemoryRouter>
      <QuestionManagerPage parseCsv={async (text) => parseQuestionCsv(text)} />
    </MemoryRouter>,
  )
  await screen.findByRole('list', { name: 'Questions' })
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })

function fillMcq(text: string) {
  type('Question text', text)
  for (const letter of ['A', 'B', 'C', 'D']) type(`Option ${letter}`, `${text} ${letter}`)
}

describe('QuestionManagerPage: the list', () => {
  it('lists questions by number with badges and the correct option marked', async () => {
    await renderPage()

    expect(screen.getByText('Total: 2 questions')).toBeDefined()
    const items = within(screen.getByRole('list', { name: 'Questions' })).getAllByRole('heading', { level: 3 })
    expect(items.map((heading) => heading.textContent)).toEqual(['Q1', 'Q2'])
    const list = within(screen.getByRole('list', { name: 'Questions' }))
    expect(list.getByText('MCQ')).toBeDefined()
    expect(list.getByText('Descriptive')).toBeDefined()
    expect(screen.getByText('✓ Correct answer').closest('li')?.textContent).toBe('C. C1 ✓ Correct answer')
  })

  it('shows the empty state and disables Delete All without questions', async () => {
    bank = []
    render(
      <MemoryRouter>
        <QuestionManagerPage />
      </MemoryRouter>,
    )

    expect(await screen.findByText('No questions added yet. Add your first question to get started.')).toBeDefined()
    expect(screen.getByRole('button', { name: 'Delete All' })).toHaveProperty('disabled', true)
  })

  it("says a failed load in the list's place with Try again, never an empty bank, and loads again", async () => {
    vi.mocked(listQuestions).mockResolvedValueOnce({ ok: false, error: 'Failed to load questions' })
    render(
      <MemoryRouter>
        <QuestionManagerPage />
      </MemoryRouter>,
    )

    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load questionsTry again')
    expect(screen.queryByText(/Total:/)).toBeNull()
    expect(screen.queryByText(/No questions added yet/)).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))

    await screen.findByRole('list', { name: 'Questions' })
    expect(screen.getByText('Total: 2 questions')).toBeDefined()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('finds questions by number or by text, and says when none match', async () => {
    bank = [question(1), question(12, { question_text: 'Which city is the capital of France?', option_b: 'Paris' })]
    await renderPage()
    const shown = () =>
      within(screen.getByRole('list', { name: 'Questions' }))
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent)

    type('Search questions', '12')
    expect(shown()).toEqual(['Q12'])
    expect(screen.getByText('Showing 1 of 2 questions').getAttribute('role')).toBe('status')
    type('Search questions', 'paris')
    expect(shown()).toEqual(['Q12'])
    type('Search questions', 'Berlin')
    expect(screen.getByText('No questions match your search')).toBeDefined()
    type('Search questions', '')
    expect(shown()).toEqual(['Q1', 'Q12'])
  })
})

describe('QuestionManagerPage: the form', () => {
  it('starts a new question at the first free number with answer A', async () => {
    bank = [question(1), question(3), question(4)]
    await renderPage()

    expect(field('Question number').value).toBe('2')
    expect(field('Correct answer').value).toBe('A')
    expect(screen.getByRole('heading', { name: 'Add New Question' })).toBeDefined()
  })

  it('says a full bank of 50 has no number left and disables Save', async () => {
    bank = Array.from({ length: 50 }, (_, index) => question(index + 1))
    await renderPage()

    expect(field('Question number').value).toBe('')
    expect(screen.getByText('All 50 question numbers are taken')).toBeDefined()
    expect(screen.getByRole('button', { name: 'Save Question' })).toHaveProperty('disabled', true)
  })

  it('refuses a number another question has before sending anything', async () => {
    await renderPage()
    fillMcq('Again?')
    type('Question number', '1')

    fireEvent.click(screen.getByRole('button', { name: 'Save Question' }))

    expect((await screen.findByRole('alert')).textContent).toBe('Question 1 already exists')
    expect(addQuestion).not.toHaveBeenCalled()
  })

  it.each([
    ['no text', () => {}, 'Please enter the question text'],
    ['a missing option', () => type('Question text', 'Text?'), 'Please fill in all MCQ options'],
  ])("refuses %s with the form's message", async (_case, fill, message) => {
    await renderPage()
    fill()

    fireEvent.click(screen.getByRole('button', { name: 'Save Question' }))

    expect(screen.getByRole('alert').textContent).toBe(message)
    expect(addQuestion).not.toHaveBeenCalled()
  })

  it('adds a question, shows the green message for 3 seconds and resets the form', async () => {
    await renderPage()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    fillMcq('New one?')
    fireEvent.change(field('Correct answer'), { target: { value: 'D' } })

    // Testing Library's find* cannot wait under fake timers; act lets the save's promises settle.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Question' })))

    expect(screen.getByText('Question added successfully')).toBeDefined()
    expect(addQuestion).toHaveBeenCalledWith({
      question_number: 3,
      question_text: 'New one?',
      option_a: 'New one? A',
      option_b: 'New one? B',
      option_c: 'New one? C',
      option_d: 'New one? D',
      correct_answer: 'D',
    })
    expect(field('Question text').value).toBe('')
    act(() => vi.advanceTimersByTime(2999))
    expect(screen.queryByText('Question added successfully')).not.toBeNull()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.queryByText('Question added successfully')).toBeNull()
  })

  it('resets the form when the type changes, prefilling the descriptive prompt and hiding the options', async () => {
    await renderPage()
    fillMcq('Typed text')

    fireEvent.change(field('Question type'), { target: { value: 'descriptive' } })

    expect(field('Question text').value).toMatch(/^Write a detailed answer/)
    expect(screen.queryByLabelText('Option A')).toBeNull()
    expect(screen.queryByLabelText('Correct answer')).toBeNull()
    fireEvent.change(field('Question type'), { target: { value: 'mcq' } })
    expect(field('Option A').value).toBe('')
    expect(field('Question text').value).toBe('')
  })

  it('saves a descriptive question with empty options and the DESCRIPTIVE answer', async () => {
    await renderPage()
    fireEvent.change(field('Question type'), { target: { value: 'descriptive' } })

    fireEvent.click(screen.getByRole('button', { name: 'Save Question' }))

    expect(await screen.findByText('Question added successfully')).toBeDefined()
    expect(vi.mocked(addQuestion).mock.calls[0]?.[0]).toMatchObject({ option_a: '', option_d: '', correct_answer: 'DESCRIPTIVE' })
  })

  it('edits a question with Update and Cancel', async () => {
    await renderPage()

    fireEvent.click(screen.getByRole('button', { name: 'Edit question 1' }))

    expect(screen.getByRole('heading', { name: 'Edit Question' })).toBeDefined()
    expect(field('Question number').value).toBe('1')
    expect(field('Correct answer').value).toBe('C')
    type('Question text', 'Changed?')
    fireEvent.click(screen.getByRole('button', { name: 'Update Question' }))
    expect(await screen.findByText('Question updated successfully')).toBeDefined()
    expect(updateQuestion).toHaveBeenCalledWith(
      'q-1',
      expect.objectContaining({ question_number: 1, question_text: 'Changed?', correct_answer: 'C' }),
    )
    expect(screen.getByRole('heading', { name: 'Add New Question' })).toBeDefined()

    fireEvent.click(screen.getByRole('button', { name: 'Edit question 1' }))
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.getByRole('heading', { name: 'Add New Question' })).toBeDefined()
    expect(field('Question number').value).toBe('3')
  })

  it('runs the dry run before a key change of a question with submissions, and regrades only when applied', async () => {
    vi.mocked(regradeQuestion).mockImplementation(async (_id, accepted, apply) => ({
      ok: true,
      data: regradeFigures(accepted, 4, apply ? 'applied' : 'dry_run'),
    }))
    await renderPage()
    fireEvent.click(screen.getByRole('button', { name: 'Edit question 1' }))
    fireEvent.change(field('Correct answer'), { target: { value: 'D' } })
    fireEvent.click(screen.getByRole('button', { name: 'Update Question' }))

    const dialog = within(await screen.findByRole('dialog', { name: 'Correct the key of question 1' }))
    const dryRun = within(dialog.getByRole('region', { name: 'Dry run' }))
    expect((await dryRun.findByText('Change score')).nextElementSibling?.textContent).toBe('4')
    expect(dryRun.getByText('Average after').nextElementSibling?.textContent).toBe('31.5')
    expect(
      dryRun.getAllByRole('row').map((row) => [...row.children].map((cell) => `${cell.tagName}:${cell.textContent}`)),
    ).toEqual([
      ['TH:Submissions with this question', 'TD:4'],
      ['TH:Change score', 'TD:4'],
      ['TH:Fail to pass', 'TD:1'],
      ['TH:Pass to fail', 'TD:0'],
      ['TH:Average before', 'TD:30'],
      ['TH:Average after', 'TD:31.5'],
    ])
    // Each option with its text, so the key is chosen by what the students read.
    const newKey = dialog.getByLabelText('Correct answer') as HTMLSelectElement
    expect([...newKey.options].map((option) => option.textContent)).toEqual(['A. A1', 'B. B1', 'C. C1', 'D. D1'])
    expect(newKey.value).toBe('D')
    expect(updateQuestion).not.toHaveBeenCalled()
    expect(regradeQuestion).toHaveBeenLastCalledWith('q-1', 'D', false)

    fireEvent.click(dialog.getByLabelText('Accept several answers'))
    fireEvent.click(dialog.getByLabelText('Accept B. B1'))
    await vi.waitFor(() => expect(regradeQuestion).toHaveBeenLastCalledWith('q-1', 'BD', false))
    fireEvent.click(dialog.getByLabelText('Void (counts for everyone)'))
    await vi.waitFor(() => expect(regradeQuestion).toHaveBeenLastCalledWith('q-1', '*', false))
    fireEvent.click(dialog.getByLabelText('One correct answer'))
    await vi.waitFor(() => expect(regradeQuestion).toHaveBeenLastCalledWith('q-1', 'D', false))
    fireEvent.click(await dialog.findByRole('button', { name: 'Apply and regrade' }))
    expect(await screen.findByText('Key of question 1 corrected: 4 submissions regraded')).toBeDefined()
    expect(regradeQuestion).toHaveBeenLastCalledWith('q-1', 'D', true)
    expect(updateQuestion).toHaveBeenCalledWith('q-1', expect.objectContaining({ correct_answer: 'D' }))
  })

  it('saves a key change at once when no submission held the question, and nothing when the dry run fails', async () => {
    vi.mocked(regradeQuestion).mockResolvedValueOnce({ ok: true, data: regradeFigures('A', 0) })
    await renderPage()
    fireEvent.click(screen.getByRole('button', { name: 'Edit question 1' }))
    fireEvent.change(field('Correct answer'), { target: { value: 'A' } })
    fireEvent.click(screen.getByRole('button', { name: 'Update Question' }))
    expect(await screen.findByText('Question updated successfully')).toBeDefined()
    expect(updateQuestion).toHaveBeenCalledWith('q-1', expect.objectContaining({ correct_answer: 'A' }))

    vi.mocked(updateQuestion).mockClear()
    vi.mocked(regradeQuestion).mockResolvedValueOnce({ ok: false, error: 'Failed to regrade the submissions' })
    fireEvent.click(screen.getByRole('button', { name: 'Edit question 1' }))
    fireEvent.change(field('Correct answer'), { target: { value: 'B' } })
    fireEvent.click(screen.getByRole('button', { name: 'Update Question' }))
    expect(await screen.findByText('Failed to regrade the submissions')).toBeDefined()
    expect(updateQuestion).not.toHaveBeenCalled()
  })

  it("shows the server's message when a save fails", async () => {
    vi.mocked(addQuestion).mockResolvedValue({ ok: false, error: 'Question 3 already exists' })
    await renderPage()
    fillMcq('Again?')

    fireEvent.click(screen.getByRole('button', { name: 'Save Question' }))

    expect((await screen.findByRole('alert')).textContent).toBe('Question 3 already exists')
  })

  it('asks before deleting one question: Cancel keeps it, Delete deletes it', async () => {
    await renderPage()

    fireEvent.click(screen.getByRole('button', { name: 'Delete question 2' }))
    const asked = screen.getByRole('dialog', { name: 'Delete question 2?' })
    fireEvent.click(within(asked).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(deleteQuestion).not.toHaveBeenCalled()

    fireEvent.click(screen.getByRole('button', { name: 'Delete question 2' }))
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete question 2?' })).getByRole('button', { name: 'Delete' }))

    expect(await screen.findByText('Question deleted successfully')).toBeDefined()
    expect(deleteQuestion).toHaveBeenCalledWith('q-2')
  })
})

describe('QuestionManagerPage: Delete All', () => {
  it('asks in its own dialog, and Cancel deletes nothing', async () => {
    await renderPage()
    fireEvent.click(screen.getByRole('button', { name: 'Delete All' }))

    const dialog = screen.getByRole('dialog', { name: 'Delete All Questions?' })
    expect(dialog.textContent).toContain('permanently delete all 2 questions')
    expect(dialog.textContent).toContain('students cannot take the exam until new questions are added')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))

    expect(screen.queryByRole('dialog')).toBeNull()
    expect(deleteAllQuestions).not.toHaveBeenCalled()
  })

  it('deletes every question once confirmed', async () => {
    await renderPage()
    fireEvent.click(screen.getByRole('button', { name: 'Delete All' }))
    bank = []

    fireEvent.click(screen.getByRole('button', { name: 'Yes, Delete All Questions' }))

    expect(await screen.findByText('All questions deleted successfully')).toBeDefined()
    expect(deleteAllQuestions).toHaveBeenCalledOnce()
    expect(await screen.findByText('No questions added yet. Add your first question to get started.')).toBeDefined()
  })
})

describe('QuestionManagerPage: CSV import', () => {
  async function openImport() {
    await renderPage()
    fireEvent.click(screen.getByRole('button', { name: 'Import CSV' }))
    return screen.getByRole('dialog', { name: 'Import Questions from CSV' })
  }

  const importButton = () => screen.getByRole('button', { name: /^(Import Questions|Importing\.\.\.)$/ })

  it('asks for pasted data when there is none', async () => {
    const dialog = await openImport()

    fireEvent.click(importButton())

    expect(within(dialog).getByRole('alert').textContent).toBe('Please paste the CSV data')
  })

  it('accepts only CSV files', async () => {
    const dialog = await openImport()
    const file = new File(['a,b'], 'questions.xlsx', { type: 'application/vnd.ms-excel' })

    fireEvent.change(within(dialog).getByLabelText('Upload a CSV file'), { target: { files: [file] } })

    expect((await within(dialog).findByRole('alert')).textContent).toBe('Please select a valid CSV file')
  })

  it('accepts a .csv file that Windows reports as an Excel type', async () => {
    const dialog = await openImport()
    const file = new File(['question_number'], 'questions.csv', { type: 'application/vnd.ms-excel' })

    fireEvent.change(within(dialog).getByLabelText('Upload a CSV file'), { target: { files: [file] } })

    expect(await within(dialog).findByText(/questions\.csv/)).toBeDefined()
    expect(within(dialog).queryByRole('alert')).toBeNull()
  })

  it('lists every row error in a table and imports nothing', async () => {
    const dialog = await openImport()
    const text = [
      questionCsvHeader,
      '1,Fine?,a,b,c,d,A',
      '60,Too high?,a,b,c,d,A',
      '3,,a,b,c,d,A',
      '4,Bad answer?,a,b,c,d,X',
    ].join('\n')
    fireEvent.change(within(dialog).getByLabelText('Or paste CSV data'), { target: { value: text } })

    fireEvent.click(importButton())

    const table = await within(dialog).findByRole('table')
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      )
    expect(rows).toEqual([
      ['3', '60', 'Question number 60 must be a positive number'],
      ['4', '3', 'Question 3 is missing required fields'],
      ['5', '4', 'Question 4 has invalid correct answer: X'],
    ])
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Nothing was imported: 3 rows have errors. Fix them and import again.',
    )
    expect(importQuestions).not.toHaveBeenCalled()
  })

  it('imports a valid uploaded file in one call, showing Importing... meanwhile', async () => {
    let finish: (value: typeof ok) => void = () => {}
    vi.mocked(importQuestions).mockReturnValue(new Promise((resolve) => (finish = resolve)))
    const dialog = await openImport()
    const file = new File([`\ufeff${questionCsvHeader}\r\n1,"One, two?",a,b,c,d,b\r\n\r\n2,Two?,a,b,c,d,C\r\n`], 'q.csv', {
      type: 'text/csv',
    })
    fireEvent.change(within(dialog).getByLabelText('Upload a CSV file'), { target: { files: [file] } })
    await within(dialog).findByText('Loaded q.csv; you can review or edit it below.')

    fireEvent.click(importButton())

    expect(await screen.findByRole('button', { name: 'Importing...' })).toHaveProperty('disabled', true)
    expect(importQuestions).toHaveBeenCalledOnce()
    expect(vi.mocked(importQuestions).mock.calls[0]?.[0]).toEqual([
      {
        question_number: 1,
        question_text: 'One, two?',
        option_a: 'a',
        option_b: 'b',
        option_c: 'c',
        option_d: 'd',
        correct_answer: 'B',
      },
      {
        question_number: 2,
        question_text: 'Two?',
        option_a: 'a',
        option_b: 'b',
        option_c: 'c',
        option_d: 'd',
        correct_answer: 'C',
      },
    ])
    await act(async () => finish(ok))
    expect(screen.getByText('Successfully imported 2 questions')).toBeDefined()
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it("keeps the dialog open with the server's message when the import fails", async () => {
    vi.mocked(importQuestions).mockResolvedValue({ ok: false, error: 'Failed to import questions' })
    const dialog = await openImport()
    fireEvent.change(within(dialog).getByLabelText('Or paste CSV data'), {
      target: { value: `${questionCsvHeader}\n1,Q?,a,b,c,d,A` },
    })

    fireEvent.click(importButton())

    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to import questions')
    expect(importButton().textContent).toBe('Import Questions')
  })
})

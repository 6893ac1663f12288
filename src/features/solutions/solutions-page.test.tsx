import { fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { AnswerLetter } from '../../domain/question'
import { lookupRefusalMessages, type LookupRefusal } from '../../domain/result-lookup'
import { lookupResult, type ExamResult, type QuestionSolution } from '../../lib/student/results-api'
import { findPendingSubmission } from '../../lib/offline/outbox'
import { solutionsHeldWithoutTimeMessage } from './exam-result-view'
import { formatDateTime } from './format-date-time'
import { voidedQuestionNote } from './question-solutions'
import { SolutionsPage } from './solutions-page'

vi.mock('../../lib/student/results-api', () => ({ lookupResult: vi.fn() }))
vi.mock('../../lib/offline/outbox', () => ({ findPendingSubmission: vi.fn() }))

const lookupResultMock = vi.mocked(lookupResult)
const findPendingSubmissionMock = vi.mocked(findPendingSubmission)

/**
 * A solution whose score accepts the letters given ('*': a question voided by a key correction), its options shown
 * in `option_order` (the letters as written unless told).
 */
function solution(
  question_number: number,
  accepted: string,
  student_answer: QuestionSolution['student_answer'],
  option_order = 'ABCD',
): QuestionSolution {
  return {
    question_number,
    option_order,
    question_text: `What is question ${question_number}?`,
    option_a: `Answer ${question_number}A`,
    option_b: `Answer ${question_number}B`,
    option_c: `Answer ${question_number}C`,
    option_d: `Answer ${question_number}D`,
    accepted: accepted === '*' ? 'void' : (accepted.split('') as AnswerLetter[]),
    student_answer,
    is_correct: accepted === '*' || (student_answer !== null && accepted.includes(student_answer)),
  }
}

const result: ExamResult = {
  student_name: 'Ada Lovelace',
  login_code: 'AB12CD34',
  started_at: '2026-11-21T09:00:00Z',
  submitted_at: '2026-11-21T09:25:00Z',
  score: 7,
  total: 8,
  tab_switches: 3,
  time_taken: 1505,
  answers_fingerprint: 'c4567b4dd192',
  solutions: [solution(1, 'A', 'A'), solution(2, 'B', 'C'), solution(3, 'D', null)],
  solutions_until: null,
  solutions_release_at: null,
}

/** The question's options as the page lists them, each with its tags, in the order shown. */
function optionRows(item: HTMLElement): string[] {
  return [...item.querySelectorAll('.question-solution__options li')].map((row) => row.textContent ?? '')
}

/** The terms and values of the description list `list`, in order. */
function factsIn(list: Element): Array<[string | null, string | null | undefined]> {
  return [...list.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent])
}

function renderPage() {
  render(
    <MemoryRouter>
      <SolutionsPage />
    </MemoryRouter>,
  )
}

function lookUp(typed: string) {
  fireEvent.change(screen.getByLabelText('Login code'), { target: { value: typed } })
  fireEvent.click(screen.getByRole('button', { name: 'View My Results' }))
}

beforeEach(() => {
  lookupResultMock.mockReset()
  findPendingSubmissionMock.mockReset().mockResolvedValue(undefined)
})

describe('SolutionsPage', () => {
  it('explains how to look up a result', () => {
    renderPage()

    expect(screen.getByRole('heading', { level: 1, name: 'View Results' })).toBeDefined()
    expect(screen.getByText(/wait a moment/)).toBeDefined()
    const howTo = screen.getByRole('region', { name: 'How to view your results' })
    expect(within(howTo).getAllByRole('listitem')).toHaveLength(3)
  })

  it('asks for a code before looking anything up', async () => {
    renderPage()

    lookUp('   ')

    expect((await screen.findByRole('alert')).textContent).toBe('Please enter your login code')
    expect(lookupResultMock).not.toHaveBeenCalled()
  })

  it('looks the code up trimmed and upper-cased when the form is submitted', async () => {
    lookupResultMock.mockResolvedValue({ outcome: 'unused' })
    renderPage()

    fireEvent.change(screen.getByLabelText('Login code'), { target: { value: '  ab12cd34 ' } })
    fireEvent.submit(screen.getByLabelText('Login code'))

    await screen.findByRole('alert')
    expect(lookupResultMock).toHaveBeenCalledWith('AB12CD34')
  })

  it.each(['invalid', 'code_expired', 'unused', 'no_submission', 'result_expired', 'failed'] satisfies LookupRefusal[])(
    'shows the message for %s',
    async (outcome) => {
      lookupResultMock.mockResolvedValue({ outcome })
      renderPage()

      lookUp('AB12CD34')

      expect((await screen.findByRole('alert')).textContent).toBe(lookupRefusalMessages[outcome])
    },
  )

  it.each(['unused', 'no_submission', 'invalid', 'failed'] satisfies LookupRefusal[])(
    'says the submission is waiting on this device instead of "%s" when it is',
    async (outcome) => {
      lookupResultMock.mockResolvedValue({ outcome })
      findPendingSubmissionMock.mockResolvedValue({ submittedAt: '2026-11-21T09:25:00Z' })
      renderPage()

      lookUp('ab12cd34')

      expect((await screen.findByRole('status')).textContent).toMatch(/submitted on this device .* still waiting to be sent/)
      expect(screen.queryByRole('alert')).toBeNull()
      expect(findPendingSubmissionMock).toHaveBeenCalledWith('AB12CD34')
    },
  )

  it('keeps an expiry message even with a submission waiting on this device', async () => {
    lookupResultMock.mockResolvedValue({ outcome: 'result_expired' })
    findPendingSubmissionMock.mockResolvedValue({ submittedAt: '2026-11-21T09:25:00Z' })
    renderPage()

    lookUp('AB12CD34')

    expect((await screen.findByRole('alert')).textContent).toBe(lookupRefusalMessages.result_expired)
  })

  it('shows the result with the solutions marked', async () => {
    lookupResultMock.mockResolvedValue({ outcome: 'ok', result })
    renderPage()

    lookUp('ab12cd34')

    const view = await screen.findByRole('region', { name: 'Your Results' })
    const facts = Object.fromEntries(
      within(view)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    )
    expect(facts).toMatchObject({
      'Student Name': 'Ada Lovelace',
      'Login Code': 'AB12CD34',
      Score: '7 / 8',
      Percentage: '88%',
      'Correct Answers': '7',
      'Incorrect Answers': '1',
      'Tab Switches': '3',
      'Time Taken': '25:05',
    })
    expect(facts.Submitted).toMatch(/2026/)
    // A server before several exams names no exam.
    expect(facts).not.toHaveProperty('Exam')
    // Without solutions_until (an older server) the page names no end.
    expect(screen.queryByText(/available until/)).toBeNull()
    expect(within(view).getByText('Excellent Work')).toBeDefined()
    expect(within(view).getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/')

    const questions = within(screen.getByRole('region', { name: 'Detailed Solutions' })).getAllByRole('heading', { level: 4 })
    const rows = questions.map((heading) => {
      const item = heading.closest('li') as HTMLElement
      const marked = (tag: string) => within(item).getByText(tag).parentElement?.textContent
      return [heading.textContent, item.querySelector('.question-solution__verdict')?.textContent, marked('Correct answer')]
    })
    expect(rows).toEqual([
      ['Question 1', 'Correct', 'A. Answer 1A (option A)Correct answerYour answer'],
      ['Question 2', 'Incorrect', 'B. Answer 2B (option B)Correct answer'],
      ['Question 3', 'Not answered', 'D. Answer 3D (option D)Correct answer'],
    ])
    const question2 = questions[1]?.closest('li') as HTMLElement
    expect(within(question2).getByText('Your answer').parentElement?.textContent).toBe('C. Answer 2C (option C)Your answer')
    expect(questions.map((heading) => heading.closest('li')?.querySelector('.question-solution__summary')?.textContent)).toEqual([
      'You chose A: “Answer 1A” (option A), the correct answer.',
      'You chose C: “Answer 2C” (option C). The correct answer is B: “Answer 2B” (option B).',
      'The correct answer is D: “Answer 3D” (option D).',
    ])
  })

  it('shows the score and percentage first, then the other facts as one short list, the exam named first', async () => {
    lookupResultMock.mockResolvedValue({ outcome: 'ok', result: { ...result, exam_name: 'Mathematics' } })
    renderPage()

    lookUp('ab12cd34')

    const view = await screen.findByRole('region', { name: 'Your Results' })
    const lists = view.querySelectorAll('dl')
    expect(lists).toHaveLength(2)
    expect(factsIn(lists[0]!)).toEqual([
      ['Score', '7 / 8'],
      ['Percentage', '88%'],
    ])
    // Nothing but the heading comes before the score.
    expect(view.firstElementChild?.nextElementSibling).toBe(lists[0])
    expect(factsIn(lists[1]!).map(([term]) => term)).toEqual([
      'Exam',
      'Student Name',
      'Login Code',
      'Submitted',
      'Correct Answers',
      'Incorrect Answers',
      'Tab Switches',
      'Time Taken',
    ])
    expect(factsIn(lists[1]!)[0]).toEqual(['Exam', 'Mathematics'])
  })

  it('explains the answer receipt', async () => {
    lookupResultMock.mockResolvedValue({ outcome: 'ok', result })
    renderPage()

    lookUp('ab12cd34')

    const code = await screen.findByText('c4567b4dd192')
    const receipt = code.closest('div') as HTMLElement
    expect([...receipt.querySelectorAll('p')].map((line) => line.textContent)).toEqual([
      'Answer receipt: c4567b4dd192',
      'This code is a fingerprint of your answers. Keep it: if your result is ever questioned, it shows which answers the server received.',
    ])
  })

  it('lists the options in the order the student saw them, under the letters they saw and with their letters in the key', async () => {
    // Shown as A to D: the question's C, A, D and B. The student picked the second one shown (its A); the key says C.
    const shuffled = solution(1, 'C', 'A', 'CADB')
    lookupResultMock.mockResolvedValue({ outcome: 'ok', result: { ...result, solutions: [shuffled] } })
    renderPage()

    lookUp('ab12cd34')

    const solutions = await screen.findByRole('region', { name: 'Detailed Solutions' })
    const item = within(solutions).getByRole('heading', { level: 4 }).closest('li') as HTMLElement
    expect(optionRows(item)).toEqual([
      'A. Answer 1C (option C)Correct answer',
      'B. Answer 1A (option A)Your answer',
      'C. Answer 1D (option D)',
      'D. Answer 1B (option B)',
    ])
    expect(item.querySelector('.question-solution__summary')?.textContent).toBe(
      'You chose B: “Answer 1A” (option A). The correct answer is A: “Answer 1C” (option C).',
    )
    expect(within(solutions).getByText(/^Questions are listed/).textContent).toBe(
      "Questions are listed by their number in the exam, which may not be the order you saw them in. Each question's options are in the order and under the letters you saw; the letter in brackets is the option's letter in the answer key.",
    )
  })

  it('names every accepted answer in the order the student saw them', async () => {
    // Key C and A, shown as A and B.
    const shuffled = solution(1, 'AC', null, 'CADB')
    lookupResultMock.mockResolvedValue({ outcome: 'ok', result: { ...result, solutions: [shuffled] } })
    renderPage()

    lookUp('ab12cd34')

    const summary = await screen.findByText(/^The correct answers are/)
    expect(summary.textContent).toBe('The correct answers are A: “Answer 1C” (option C) and B: “Answer 1A” (option A).')
  })

  it('says until when the solutions are shown', async () => {
    const until = '2026-11-22T11:02:00Z'
    lookupResultMock.mockResolvedValue({ outcome: 'ok', result: { ...result, solutions_until: until } })
    renderPage()

    lookUp('ab12cd34')

    await screen.findByRole('region', { name: 'Detailed Solutions' })
    expect(screen.getByText(/^Detailed solutions are available until/).textContent).toBe(
      `Detailed solutions are available until ${formatDateTime(until)}.`,
    )
  })

  it('shows a key correction: every accepted answer as correct, a voided question as counting for everyone', async () => {
    const corrected = [
      solution(1, 'BC', 'C'),
      solution(2, 'BC', 'A'),
      solution(3, 'ABD', null),
      solution(4, '*', 'A'),
      solution(5, '*', null),
    ]
    lookupResultMock.mockResolvedValue({ outcome: 'ok', result: { ...result, solutions: corrected, regraded_from: 5 } })
    renderPage()

    lookUp('ab12cd34')

    const questions = within(await screen.findByRole('region', { name: 'Detailed Solutions' })).getAllByRole('heading', {
      level: 4,
    })
    const rows = questions.map((heading) => {
      const item = heading.closest('li') as HTMLElement
      return {
        verdict: item.querySelector('.question-solution__verdict')?.textContent,
        correct: within(item)
          .queryAllByText('Correct answer')
          .map((tag) => tag.parentElement?.querySelector('.question-solution__letter')?.textContent),
        chosen: item.querySelector('[data-chosen="true"] .solution-tag:last-child')?.className,
        summary: item.querySelector('.question-solution__summary')?.textContent,
      }
    })
    expect(rows).toEqual([
      {
        verdict: 'Correct',
        correct: ['B.', 'C.'],
        chosen: 'solution-tag solution-tag--correct',
        summary:
          'You chose C: “Answer 1C” (option C), a correct answer. The correct answers are B: “Answer 1B” (option B) and C: “Answer 1C” (option C).',
      },
      {
        verdict: 'Incorrect',
        correct: ['B.', 'C.'],
        chosen: 'solution-tag solution-tag--wrong',
        summary:
          'You chose A: “Answer 2A” (option A). The correct answers are B: “Answer 2B” (option B) and C: “Answer 2C” (option C).',
      },
      {
        verdict: 'Not answered',
        correct: ['A.', 'B.', 'D.'],
        chosen: undefined,
        summary: 'The correct answers are A: “Answer 3A” (option A), B: “Answer 3B” (option B) and D: “Answer 3D” (option D).',
      },
      {
        verdict: 'Voided',
        correct: [],
        chosen: 'solution-tag solution-tag--correct',
        summary: `You chose A: “Answer 4A” (option A). ${voidedQuestionNote}`,
      },
      { verdict: 'Voided', correct: [], chosen: undefined, summary: voidedQuestionNote },
    ])
    expect(voidedQuestionNote).toBe('Voided by the examiner: this question counts as correct for everyone.')
  })

  it('says the solutions are no longer available after 24 hours', async () => {
    lookupResultMock.mockResolvedValue({ outcome: 'ok', result: { ...result, solutions: null } })
    renderPage()

    lookUp('AB12CD34')

    expect((await screen.findByText(/Detailed solutions are no longer available/)).textContent).toBe(
      'Detailed solutions are no longer available. They can be viewed for 24 hours after the exam closes; your score stays available for 30 days.',
    )
    expect(screen.queryByRole('region', { name: 'Detailed Solutions' })).toBeNull()
  })

  it('says when the solutions come while the exam is still open for others', async () => {
    const releaseAt = '2026-11-21T11:02:00Z'
    lookupResultMock.mockResolvedValue({ outcome: 'ok', result: { ...result, solutions: null, solutions_release_at: releaseAt } })
    renderPage()

    lookUp('AB12CD34')

    const expected = `Detailed solutions will be available after the exam closes at ${formatDateTime(releaseAt)}.`
    expect((await screen.findByText(/Detailed solutions will be available/)).textContent).toBe(expected)
    expect(screen.queryByText(/no longer available/)).toBeNull()
    expect(screen.queryByRole('region', { name: 'Detailed Solutions' })).toBeNull()
  })

  it('says the solutions come once every student has finished when no time is known', async () => {
    lookupResultMock.mockResolvedValue({
      outcome: 'ok',
      result: { ...result, solutions: null, solutions_held: true, solutions_release_at: null },
    })
    renderPage()

    lookUp('AB12CD34')

    expect((await screen.findByText(/Detailed solutions will be available/)).textContent).toBe(solutionsHeldWithoutTimeMessage)
    expect(solutionsHeldWithoutTimeMessage).toBe('Detailed solutions will be available once every student has finished the exam.')
    expect(screen.queryByText(/no longer available/)).toBeNull()
    expect(screen.queryByRole('region', { name: 'Detailed Solutions' })).toBeNull()
  })

  it('goes back to an empty form with Search Another Code', async () => {
    lookupResultMock.mockResolvedValue({ outcome: 'ok', result })
    renderPage()
    lookUp('AB12CD34')

    fireEvent.click(await screen.findByRole('button', { name: 'Search Another Code' }))

    const input = screen.getByLabelText('Login code') as HTMLInputElement
    expect(input.value).toBe('')
    expect(document.activeElement).toBe(input)
  })
})

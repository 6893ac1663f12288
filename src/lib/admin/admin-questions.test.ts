import { beforeEach, describe, expect, it, vi } from 'vitest'
import { capitalQuestion } from '../../../tests/unit/question-fixtures'
import { addQuestion, updateQuestion } from './admin-questions'

/** What the server answers the next write. */
const server = vi.hoisted(() => ({ error: null as null | { code: string; message: string } }))
const reply = async () => ({ data: null, error: server.error })

vi.mock('../api/supabase', () => ({
  getSupabase: () => ({ from: () => ({ insert: reply, update: () => ({ eq: reply }) }) }),
}))

beforeEach(() => {
  server.error = null
})

describe('saving a question', () => {
  it('says which number is taken when the unique constraint refuses it, never the constraint', async () => {
    server.error = {
      code: '23505',
      message: 'duplicate key value violates unique constraint "questions_exam_id_question_number_key"',
    }
    const taken = { ok: false, error: 'Question 12 already exists' }
    expect(await addQuestion(capitalQuestion, 'exam-1')).toEqual(taken)
    expect(await updateQuestion('q-1', capitalQuestion)).toEqual(taken)
  })

  it("shows the server's own words for another refusal, and saves when nothing is refused", async () => {
    server.error = { code: 'P0001', message: 'question_text must not be empty' }
    expect(await addQuestion(capitalQuestion)).toEqual({ ok: false, error: 'question_text must not be empty' })
    server.error = null
    expect(await addQuestion(capitalQuestion)).toEqual({ ok: true, data: null })
  })
})

import type { QuestionImportRow } from '../../domain/csv-import'
import { questionExistsMessage, type QuestionFields } from '../../domain/question-draft'
import { inExam } from './admin-exams'
import { adminRequest, type AdminResult } from './admin-result'
import type { PostgrestError } from '@supabase/supabase-js'
import type { Tables } from '../api/database.types'
import { getSupabase } from '../api/supabase'

export type Question = Tables<'questions'>

// The server refuses a DELETE without a filter (like pg-safeupdate on hosted Supabase), so "all" is "id is not this".
const noQuestionId = '00000000-0000-0000-0000-000000000000'

export function listQuestions(examId?: string): Promise<AdminResult<Question[]>> {
  return adminRequest({ message: 'Failed to load questions' }, () => {
    const query = getSupabase().from('questions').select('*')
    return (examId ? query.eq('exam_id', examId) : query).order('question_number')
  })
}

// PostgreSQL's unique_violation: the exam already has a question with this number.
const uniqueViolation = '23505'

/**
 * A save's outcome in the form's words: another question's number (one saved since the list was
 * read) reads "Question 12 already exists", not the constraint's name; any other refusal is the
 * server's own message, or "Failed to save question".
 */
async function saveQuestion(
  fields: QuestionFields,
  request: () => PromiseLike<{ data: null; error: PostgrestError } | { data: null; error: null }>,
): Promise<AdminResult<null>> {
  let numberTaken = false
  const result = await adminRequest({ message: 'Failed to save question', preferServerMessage: true }, async () => {
    const reply = await request()
    numberTaken = reply.error?.code === uniqueViolation
    return reply
  })
  return numberTaken ? { ok: false, error: questionExistsMessage(fields.question_number) } : result
}

export function addQuestion(fields: QuestionFields, examId?: string): Promise<AdminResult<null>> {
  return saveQuestion(fields, () => getSupabase().from('questions').insert(inExam(fields, examId)))
}

export function updateQuestion(id: string, fields: QuestionFields): Promise<AdminResult<null>> {
  return saveQuestion(fields, () => getSupabase().from('questions').update(fields).eq('id', id))
}

export function deleteQuestion(id: string): Promise<AdminResult<null>> {
  return adminRequest({ message: 'Failed to delete question' }, () => getSupabase().from('questions').delete().eq('id', id))
}

/** Every question of `examId` (of every exam when undefined, as with one exam). */
export function deleteAllQuestions(examId?: string): Promise<AdminResult<null>> {
  return adminRequest({ message: 'Failed to delete all questions' }, () => {
    const query = getSupabase().from('questions').delete()
    return examId ? query.eq('exam_id', examId) : query.neq('id', noQuestionId)
  })
}

/**
 * The whole file in one request: PostgREST runs a bulk upsert as one statement, so either
 * every row is stored (new numbers inserted, existing numbers overwritten) or none is.
 */
export function importQuestions(rows: readonly QuestionImportRow[], examId?: string): Promise<AdminResult<null>> {
  return adminRequest({ message: 'Failed to import questions', preferServerMessage: true }, () =>
    getSupabase()
      .from('questions')
      .upsert(
        rows.map((row) => inExam(row, examId)),
        { onConflict: 'exam_id,question_number' },
      ),
  )
}

import type { PostgrestError } from '@supabase/supabase-js'
import * as v from 'valibot'
import type { Tables } from '../api/database.types'
import { getSupabase } from '../api/supabase'
import { adminRequest, type AdminResult } from './admin-result'
import { examOverviewSchema, parseAnswer } from './rpc-answers'

/** An exam (public.exams): its name, its settings, and when it was archived (null while in use). */
export type Exam = Tables<'exams'>

/** One exam as the exam list and the dashboard show it (public.admin_exam_overview). */
export type ExamOverview = v.InferOutput<typeof examOverviewSchema>[number]
export type ExamStatus = ExamOverview['status']

/** What the exam list's form saves. */
export interface ExamFields {
  name: string
  default_duration_minutes: number
  shuffle_questions: boolean
  shuffle_options: boolean
}

// The lists' functions take the exam last: undefined (a screen without the exams, a one-exam school)
// leaves the choice to the server, whose default is the first exam in use (public.first_exam_id).

/** The fields of a new row of `examId`: without it, the column's default. */
export function inExam<Fields extends object>(fields: Fields, examId: string | undefined): Fields & { exam_id?: string } {
  return examId ? { ...fields, exam_id: examId } : fields
}

const overviewFailed = 'Failed to load exams'

/** Every exam, archived ones too, oldest first: the picker keeps those in use (archived_at null). */
export function listExams(): Promise<AdminResult<Exam[]>> {
  return adminRequest({ message: overviewFailed }, () => getSupabase().from('exams').select('*').order('created_at').order('id'))
}

/** Each exam's status, sitting, questions ready and codes, in the function's order (archived last). */
export async function loadExamOverview(): Promise<AdminResult<ExamOverview[]>> {
  const reply = await adminRequest({ message: overviewFailed }, () => getSupabase().rpc('admin_exam_overview'))
  return parseAnswer(reply, examOverviewSchema, overviewFailed)
}

/**
 * Runs a request that names an exam; a name another exam in use has (the unique index on names in
 * use, or duplicate_exam's own refusal) is told in words, any other failure as `message`.
 */
async function namingExam<T>(
  name: string,
  message: string,
  request: () => PromiseLike<{ data: T; error: null } | { data: null; error: PostgrestError }>,
): Promise<AdminResult<T>> {
  let nameInUse = false
  const result = await adminRequest({ message }, async () => {
    const reply = await request()
    nameInUse = reply.error?.code === '23505' || reply.error?.message === 'an exam in use already has this name'
    return reply
  })
  return !result.ok && nameInUse ? { ok: false, error: `An exam in use is already named "${name}".` } : result
}

export function createExam(fields: ExamFields): Promise<AdminResult<null>> {
  return namingExam(fields.name, 'Failed to create exam', () => getSupabase().from('exams').insert(fields))
}

export function renameExam(id: string, name: string): Promise<AdminResult<null>> {
  return namingExam(name, 'Failed to rename exam', () => getSupabase().from('exams').update({ name }).eq('id', id))
}

/** Archives an exam (its codes stop working, it leaves the picker) or brings it back. */
export function setExamArchived(id: string, archived: boolean): Promise<AdminResult<null>> {
  return adminRequest(
    { message: archived ? 'Failed to archive exam' : 'Failed to bring the exam back', preferServerMessage: true },
    () =>
      getSupabase()
        .from('exams')
        .update({ archived_at: archived ? new Date().toISOString() : null })
        .eq('id', id),
  )
}

/** A new exam named `name` with the settings and every question of `examId` (no sittings, codes or results); its id. */
export function duplicateExam(examId: string, name: string): Promise<AdminResult<string>> {
  return namingExam(name, 'Failed to duplicate exam', () => getSupabase().rpc('duplicate_exam', { exam_id: examId, name }))
}

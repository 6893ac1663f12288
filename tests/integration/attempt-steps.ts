// The steps issue 26's tests take on a code's attempts (the server's copy, the move to a new device):
// started and reported as the student's device does (anon), read back with the service role.
import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import type { Tables } from '../../src/lib/api/database.types.ts'
import { anonClient, serviceClient } from './clients.ts'
import { must, reportArgs, type ReportArgs } from './exam-data.ts'

export type Attempt = Tables<'exam_attempts'>
/** A student function's answer: its outcome and whatever else it carries. */
export type Outcome = { outcome: string } & Record<string, unknown>

const anon = anonClient()
const service = serviceClient()

/** Starts `code` as a device does (exam_questions), which must answer ok; answers the attempt id and that answer. */
export async function startAttempt(
  code: string,
  attemptId: string = randomUUID(),
  studentName = 'Ada Lovelace',
): Promise<{ attemptId: string; answer: Outcome }> {
  const answer = must(await anon.rpc('exam_questions', { code, attempt_id: attemptId, student_name: studentName })) as Outcome
  expect(answer.outcome).toBe('ok')
  return { attemptId, answer }
}

/** A device's progress report of the attempt (reportArgs' defaults but for `fields`); answers its outcome. */
export async function reportAttempt(attemptId: string, code: string, fields: Partial<ReportArgs> = {}): Promise<Outcome> {
  return must(await anon.rpc('report_exam_attempt', reportArgs(attemptId, code, fields))) as Outcome
}

export async function readAttempt(id: string): Promise<Attempt> {
  return must(await service.from('exam_attempts').select('*').eq('id', id).single())
}

/** The activity log's entries of `action` about the code. */
export async function activityOf(code: string, action: string) {
  return must(await service.from('audit_log').select('*').eq('subject', code).eq('action', action))
}

import { randomInt, randomUUID } from 'node:crypto'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { inject } from 'vitest'
import WebSocket from 'ws'
import type { Database } from '../../src/lib/database.types.ts'

/** Data for the public-page tests, arranged behind row-level security's back with the service role. */

const appUrl = inject('appUrl')

function client(key: string): SupabaseClient<Database> {
  return createClient<Database>(appUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  })
}

export const service = client(inject('appServiceRoleKey'))
const anon = client(inject('appAnonKey'))

function check<T>({ data, error }: { data: T | null; error: { message: string } | null }): T {
  if (error) throw new Error(`unexpected error: ${error.message}`)
  if (data === null) throw new Error('unexpected empty answer')
  return data
}

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'

/** Creates a login code no other test uses; `createdAt` back-dates it. */
export async function createLoginCode(createdAt?: string): Promise<string> {
  const code = Array.from({ length: 8 }, () => alphabet[randomInt(alphabet.length)]).join('')
  check(
    await service
      .from('login_codes')
      .insert({ code, ...(createdAt ? { created_at: createdAt } : {}) })
      .select()
      .single(),
  )
  return code
}

export async function deleteLoginCodes(codes: string[]): Promise<void> {
  check(await service.from('submissions').delete().in('login_code', codes).select())
  check(await service.from('login_codes').delete().in('code', codes).select())
}

/** question_number → correct answer for the questions a student is examined on. */
export async function answerKey(): Promise<Map<number, string>> {
  const questions = check(await service.from('questions').select('question_number, correct_answer').order('question_number'))
  return new Map(questions.map((q) => [q.question_number, q.correct_answer]))
}

/** Submits an exam the way the student app does: the anonymous submit_exam RPC. */
export async function submitExam(code: string, studentName: string, answers: Record<string, string>): Promise<void> {
  const now = Date.now()
  const receipt = check(
    await anon.rpc('submit_exam', {
      submission_id: randomUUID(),
      code,
      student_name: studentName,
      answers,
      tab_switches: 2,
      time_taken: 754,
      started_at: new Date(now - 754_000).toISOString(),
      submitted_at: new Date(now).toISOString(),
    }),
  ) as { outcome: string }
  if (receipt.outcome !== 'accepted') throw new Error(`submit_exam answered ${receipt.outcome}`)
}

/** Moves a submission back in time, as if it had been made `ageMs` ago. */
export async function backdateSubmission(code: string, ageMs: number): Promise<void> {
  const submittedAt = new Date(Date.now() - ageMs).toISOString()
  check(
    await service
      .from('submissions')
      .update({ submitted_at: submittedAt, started_at: submittedAt })
      .eq('login_code', code)
      .select(),
  )
}

export const hour = 60 * 60 * 1000
export const day = 24 * hour

import type { RunningStack } from '../supabase/local/stack.ts'

/** The answers every benchmark student gives: 50 questions, A B C D in turn. */
export const benchAnswers = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [String(i + 1), 'ABCD'[i % 4]!]))

/** submit_exam's arguments for a student who took 10 minutes and submits now. */
export function benchSubmission(code: string, studentName: string) {
  return {
    submission_id: crypto.randomUUID(),
    code,
    student_name: studentName,
    answers: benchAnswers,
    tab_switches: 0,
    time_taken: 600,
    started_at: new Date(Date.now() - 600_000).toISOString(),
    submitted_at: new Date().toISOString(),
  }
}

/** Fresh login codes in the bench's stack, for students to start exams with. */
export async function createCodes(stack: RunningStack, prefix: string, count: number): Promise<string[]> {
  const codes = Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(8 - prefix.length, '0')}`)
  await stack.db.query('insert into public.login_codes (code) select unnest($1::text[])', [codes])
  return codes
}

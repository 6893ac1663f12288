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

/**
 * Fresh login codes already started, as a device starts them before it submits (a submission needs
 * a recorded start, migration 20261127000300): set-based, as the owner of the database, each with
 * the snapshot exam_questions takes and an attempt begun 10 minutes ago with 20 minutes left.
 */
export async function createStartedCodes(stack: RunningStack, prefix: string, count: number): Promise<string[]> {
  const codes = await createCodes(stack, prefix, count)
  await startCodes(stack, codes)
  return codes
}

/**
 * Records the start of each of `codes` (existing and unused) as exam_questions would, without
 * HTTP: in its exam's current sitting (private.current_sitting), whose shuffle the snapshot takes
 * and which the attempt names.
 */
export async function startCodes(stack: RunningStack, codes: string[]): Promise<void> {
  await stack.db.query(
    `select count(private.take_exam_snapshot(lc, e, private.current_sitting(lc.exam_id)))
       from public.login_codes lc join public.exams e on e.id = lc.exam_id where lc.code = any($1)`,
    [codes],
  )
  await stack.db.query(
    `insert into public.exam_attempts (id, login_code, exam_id, sitting_id, student_name, started_at, deadline, question_count)
     select gen_random_uuid(), lc.code, lc.exam_id, (private.current_sitting(lc.exam_id)).id, 'Bench Student',
            now() - interval '10 minutes', now() + interval '20 minutes',
            (select count(*) from public.attempt_questions aq where aq.login_code = lc.code)
       from public.login_codes lc where lc.code = any($1)`,
    [codes],
  )
}

import type { SqlDatabase } from '../supabase/local/db.ts'

/**
 * The demo seed holds two exams (a school's exam week); the suites start from a school with one,
 * as every test file expects, and a file that tests several exams adds its own and removes them.
 */
export async function keepOnlyTheFirstExam(db: SqlDatabase): Promise<void> {
  await db.query('delete from public.exams where id is distinct from public.first_exam_id()')
}

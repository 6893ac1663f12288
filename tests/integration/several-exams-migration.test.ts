// The migration to several exams on a database holding today's data: every existing row is kept
// with its meaning (one exam, named after the current schedule, owning every row), and nothing
// is logged as if an administrator had changed it.
import { cp, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openPglite, type SqlDatabase } from '../../supabase/local/db.ts'
import { migrate, supabaseDir } from '../../supabase/local/migrate.ts'

const firstMigrationOfSeveralExams = '20261127203000'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.()
})

/** A database migrated as far as the last migration before several exams. */
async function databaseOfOneExam(): Promise<SqlDatabase> {
  const dir = await mkdtemp(join(tmpdir(), 'holdfast-one-exam-'))
  cleanups.push(() => rm(dir, { recursive: true, force: true }))
  await mkdir(join(dir, 'migrations'))
  for (const file of await readdir(join(supabaseDir, 'migrations'))) {
    if (file < firstMigrationOfSeveralExams) await cp(join(supabaseDir, 'migrations', file), join(dir, 'migrations', file))
  }
  const db = await openPglite(undefined)
  cleanups.push(() => db.close())
  await migrate(db, { seed: false, dir })
  return db
}

/** Today's data: an old sitting and the current one, a bank, codes used and not, a submission. */
async function holdTodaysData(db: SqlDatabase): Promise<void> {
  await db.exec(`
    insert into public.exam_schedule (exam_name, start_time, end_time, duration_minutes, is_active, created_at)
    values ('Autumn mock', now() - interval '30 days', now() - interval '29 days', 30, false, now() - interval '31 days'),
           ('Year 9 Mathematics', now() - interval '1 hour', now() + interval '2 hours', 45, true, now() - interval '2 days');
    insert into public.questions (question_number, question_text, option_a, option_b, option_c, option_d, correct_answer)
    select n, 'Question ' || n, 'A' || n, 'B' || n, 'C' || n, 'D' || n, 'B' from generate_series(1, 3) as n;
    insert into public.login_codes (code, extra_minutes) values ('OLDEXAM1', 0), ('OLDEXAM2', 10);
    insert into public.exam_attempts (id, login_code, student_name, started_at, deadline, question_count)
    values ('00000000-0000-4000-8000-000000000001', 'OLDEXAM1', 'Ada Lovelace', now() - interval '30 minutes',
            now() + interval '15 minutes', 3);
    insert into public.submissions (id, student_name, login_code, answers, answers_fingerprint, score, time_taken,
                                    started_at, submitted_at, question_count)
    values ('00000000-0000-4000-8000-000000000001', 'Ada Lovelace', 'OLDEXAM1', '{"1": "B", "2": "C"}', 'f1', 1, 600,
            now() - interval '30 minutes', now() - interval '5 minutes', 3);
    update public.login_codes set is_used = true, used_by = 'Ada Lovelace', used_at = now() where code = 'OLDEXAM1';
    insert into public.key_corrections (question_id, question_number, accepted)
    select id, question_number, 'BC' from public.questions where question_number = 2;
    insert into public.room_time_additions (schedule_id, minutes, login_codes)
    select id, 5, array['OLDEXAM2'] from public.exam_schedule where is_active;
  `)
}

/** The tables whose every row names its exam. */
const tablesOfAnExam = [
  'exam_schedule',
  'questions',
  'login_codes',
  'exam_attempts',
  'submissions',
  'key_corrections',
  'room_time_additions',
]

/**
 * Every row of the tables that belong to an exam, as JSON without the columns several exams added,
 * nor those the migrations after it add (issue 26's server copy and moves: none holds a value for
 * a row from before them).
 */
const addedSince = [
  'reported_flags',
  'moved_to',
  'moved_at',
  'moved_from',
  'from_server_copy',
  'server_copy_saved_at',
  'replaced_server_copy_at',
  'label',
  'student_name',
]
async function rowsOfEveryTable(db: SqlDatabase): Promise<Record<string, unknown[]>> {
  const tables = [...tablesOfAnExam, 'submission_tallies', 'audit_log', 'attempt_questions']
  const rows: Record<string, unknown[]> = {}
  for (const table of tables) {
    const { rows: found } = await db.query<{ row: Record<string, unknown> }>(
      `select to_jsonb(t) - 'exam_id' - 'sitting_id' - 'exam_category_id' - $1::text[] as row from public.${table} t`,
      [addedSince],
    )
    rows[table] = found.map((r) => r.row).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))
  }
  return rows
}

describe('the migration to several exams', () => {
  it("makes today's data one exam named after the current schedule, every row kept and owned by it, nothing logged", async () => {
    const db = await databaseOfOneExam()
    await holdTodaysData(db)
    const before = await rowsOfEveryTable(db)

    await migrate(db, { seed: false })

    const { rows: exams } = await db.query<{ id: string; name: string; archived_at: string | null }>(
      'select id, name, archived_at from public.exams',
    )
    expect(exams).toEqual([{ id: expect.any(String), name: 'Year 9 Mathematics', archived_at: null }])
    const examId = exams[0]?.id
    expect(await rowsOfEveryTable(db)).toEqual(before)
    for (const table of tablesOfAnExam) {
      const { rows } = await db.query<{ exam_id: string }>(`select distinct exam_id from public.${table}`)
      expect(rows, table).toEqual([{ exam_id: examId }])
    }
    const { rows: categories } = await db.query<{ table: string; category: string }>(
      `select 'questions' as table, exam_category_id as category from public.questions
       union select 'submissions', exam_category_id from public.submissions`,
    )
    expect(categories).toEqual(
      expect.arrayContaining([
        { table: 'questions', category: examId },
        { table: 'submissions', category: examId },
      ]),
    )
    expect(categories).toHaveLength(2)
    // The attempt started in the current sitting.
    const { rows: attempts } = await db.query<{ sitting: string }>(
      `select es.exam_name as sitting from public.exam_attempts a join public.exam_schedule es on es.id = a.sitting_id`,
    )
    expect(attempts).toEqual([{ sitting: 'Year 9 Mathematics' }])
    // The log holds what administrators did before, each row now with its exam.
    const { rows: logged } = await db.query<{ exam_id: string | null }>('select distinct exam_id from public.audit_log')
    expect(logged).toEqual([{ exam_id: examId }])
    // A row written as before, naming no exam, still goes to the school's exam.
    await db.exec(`insert into public.login_codes (code) values ('NEWCODE1')`)
    const { rows: newCode } = await db.query<{ exam_id: string }>(
      `select exam_id from public.login_codes where code = 'NEWCODE1'`,
    )
    expect(newCode).toEqual([{ exam_id: examId }])
  })

  it('names the exam "Holdfast Assessment" when no schedule is active', async () => {
    const db = await databaseOfOneExam()
    await db.exec(`
      insert into public.exam_schedule (exam_name, start_time, end_time, is_active)
      values ('Switched off', now() - interval '2 days', now() - interval '1 day', false)`)
    await migrate(db, { seed: false })
    const { rows } = await db.query<{ name: string }>('select name from public.exams')
    expect(rows).toEqual([{ name: 'Holdfast Assessment' }])
  })
})

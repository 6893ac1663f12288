// A school's exam week for the benchmarks (issue 25): 12 exams, each with its questions and its
// sittings over the week, 6 of them open now, seeded with SQL on top of the demo seed (whose two
// exams, "Holdfast Assessment" and "Physics (Year 10)", are the first two, each with a sitting
// open now). Then, for the admin screens, a school's history spread over the exams: submissions,
// login codes, the activity log, and the students writing now across the 6 open sittings.
import type { SqlDatabase } from '../supabase/local/db.ts'

export const examCount = 12
export const openSittingCount = 6

/** The exams the demo seed does not make, in the order they are created (after its two). */
const addedExamNames = [
  'Mathematics (Year 11)',
  'Chemistry (Year 10)',
  'Biology (Year 10)',
  'English Literature (Year 11)',
  'History (Year 9)',
  'Geography (Year 9)',
  'French (Year 10)',
  'Computer Science (Year 11)',
  'Economics (Year 12)',
  'Music Theory (Year 9)',
]

export interface SchoolWeek {
  /** Oldest first, as the picker lists them: the first is the school's first exam. */
  exams: Array<{ id: string; name: string }>
  /** One per exam of the first 6, open now: where the students write. */
  openSittings: Array<{ id: string; examId: string; name: string }>
}

/**
 * The week's exams, questions and sittings: every exam has a sitting that ended two days ago and
 * one that starts in three days; the first 6 also have one open now (the demo seed's two exams
 * have theirs already), the other 6 none, as exams written on other days of the week.
 */
export async function seedSchoolWeek(db: SqlDatabase): Promise<SchoolWeek> {
  // A kept PostgreSQL database (DATABASE_URL) may have the week of an earlier run: used as it is.
  const kept = await listedExams(db)
  if (kept.length === examCount) return { exams: kept, openSittings: await openSittings(db) }
  // One by one, so that the order of creation (the picker's) is the list's.
  for (const [i, name] of addedExamNames.entries()) {
    await db.query(`insert into public.exams (name, created_at) values ($1, now() + $2::int * interval '1 millisecond')`, [
      name,
      i + 1,
    ])
  }
  const exams = await listedExams(db)
  if (exams.length !== examCount) throw new Error(`a school's week needs ${examCount} exams, the database has ${exams.length}`)
  const added = exams.slice(2).map((exam) => exam.id)
  await db.query(
    `insert into public.questions (exam_id, question_number, question_text, option_a, option_b, option_c, option_d, correct_answer)
     select e, n, 'Question ' || n || ' of the week', 'Option A', 'Option B', 'Option C', 'Option D', (array['A', 'B', 'C', 'D'])[1 + n % 4]
       from unnest($1::uuid[]) as e, generate_series(1, 50) as n`,
    [added],
  )
  const all = exams.map((exam) => exam.id)
  await db.query(
    `insert into public.exam_schedule (exam_id, exam_name, start_time, end_time, duration_minutes, is_active)
     select e.id, e.name || when_.label, now() + when_.starts, now() + when_.starts + interval '2 hours', 45, true
       from public.exams e,
            (values (', earlier this week', interval '-2 days'), (', later this week', interval '3 days')) as when_ (label, starts)
      where e.id = any($1)`,
    [all],
  )
  await db.query(
    `insert into public.exam_schedule (exam_id, exam_name, start_time, end_time, duration_minutes, is_active)
     select e.id, e.name || ', now', now() - interval '30 minutes', now() + interval '2 hours', 45, true
       from public.exams e where e.id = any($1)`,
    [added.slice(0, openSittingCount - 2)],
  )
  return { exams, openSittings: await openSittings(db) }
}

/** Each exam's sitting open now, the exams in the picker's order. */
async function openSittings(db: SqlDatabase): Promise<SchoolWeek['openSittings']> {
  const { rows } = await db.query<{ id: string; examId: string; name: string }>(
    `select s.id, e.id as "examId", s.exam_name as name
       from public.exams e cross join lateral private.current_sitting(e.id) s
      where e.archived_at is null and now() between s.start_time and s.end_time
      order by e.created_at, e.id`,
  )
  if (rows.length !== openSittingCount) {
    throw new Error(`a school's week has ${openSittingCount} sittings open now, the database ${rows.length}`)
  }
  return rows
}

async function listedExams(db: SqlDatabase): Promise<SchoolWeek['exams']> {
  const { rows } = await db.query<{ id: string; name: string }>(
    'select id, name from public.exams where archived_at is null order by created_at, id',
  )
  return rows
}

export interface SchoolHistory {
  submissions: number
  /** Login codes generated over the days, half of them used. */
  codes: number
  /** Students writing now, spread evenly over the open sittings. */
  liveAttempts: number
  /** Actions in the activity log. */
  activity: number
  days: number
}

/**
 * The school's history over `days` spread evenly over the week's exams (row i is exam i mod 12's):
 * submissions, codes (half used, in every exam), the activity log; and `liveAttempts` students
 * writing now, each with an unused code of an exam with a sitting open now and the attempt of
 * that sitting. Realtime's capture is left off while the rows go in (the bench's browser
 * subscribes only afterwards); the tally triggers of the migrations still run.
 */
export async function seedSchoolHistory(db: SqlDatabase, week: SchoolWeek, history: SchoolHistory): Promise<void> {
  const exams = week.exams.map((exam) => exam.id)
  const capturedTables = ['public.submissions', 'public.login_codes', 'public.exam_attempts']
  for (const table of capturedTables) await db.exec(`alter table ${table} disable trigger holdfast_realtime_capture`)
  await db.query(
    `insert into public.submissions (id, exam_id, student_name, login_code, answers, answers_fingerprint, score, tab_switches, time_taken,
                                     started_at, submitted_at)
     select gen_random_uuid(), ($3::uuid[])[1 + i % cardinality($3::uuid[])], 'Student ' || i, 'R' || lpad(i::text, 7, '0'), '{}', md5(i::text),
            (i * 7919) % 51, i % 9, 600 + i % 1200, at - interval '20 minutes', at
       from generate_series(1, $1) as i,
            lateral (select now() - ((i % $2) || ' days')::interval - ((i % 480) || ' minutes')::interval as at) as moment`,
    [history.submissions, history.days, exams],
  )
  // Used or not by the row's turn through the exams (i / 12), so that every exam has both. They
  // stand for the Login Code Manager's batches (of 5 at most), whose entries the seeded activity
  // log stands for: the log's entry for one batch of thousands, which no administrator can make,
  // would be most of the Activity screen's data.
  await db.exec('alter table public.login_codes disable trigger login_codes_record_generation')
  await db.query(
    `insert into public.login_codes (code, exam_id, created_at, is_used, used_by, used_at)
     select 'C' || lpad(i::text, 7, '0'), ($3::uuid[])[1 + i % cardinality($3::uuid[])],
            now() - ((i % $2) || ' days')::interval - (i || ' seconds')::interval, used,
            case when used then 'Student ' || i end, case when used then now() - ((i % $2) || ' days')::interval end
       from generate_series(1, $1) as i, lateral (select (i / cardinality($3::uuid[])) % 2 = 0 as used) as turn`,
    [history.codes, history.days, exams],
  )
  await db.exec('alter table public.login_codes enable trigger login_codes_record_generation')
  const sittings = week.openSittings.map((sitting) => sitting.id)
  await db.query(
    `insert into public.exam_attempts (id, login_code, exam_id, sitting_id, student_name, started_at, deadline, question_count,
                                       answered_count, tab_switches, client_online, state, reported_at, last_seen)
     select gen_random_uuid(), lc.code, lc.exam_id, s.id, 'Live Student ' || i, now() - interval '20 minutes',
            now() + interval '40 minutes', 50, i % 50, i % 4, i % 10 <> 0,
            case when i % 20 = 0 then 'submitted_on_device' else 'in_progress' end,
            now() - ((i % 90) || ' seconds')::interval, now() - ((i % 90) || ' seconds')::interval
       from (select lc.*, row_number() over (partition by lc.exam_id order by lc.code) as n
               from public.login_codes lc where not lc.is_used and lc.code like 'C%') lc
       join public.exam_schedule s on s.exam_id = lc.exam_id and s.id = any($2::uuid[]),
            lateral (select (lc.n - 1) * cardinality($2::uuid[]) + array_position($2::uuid[], s.id) as i) as student
      where i <= $1::int`,
    [history.liveAttempts, sittings],
  )
  for (const table of capturedTables) await db.exec(`alter table ${table} enable trigger holdfast_realtime_capture`)
  await db.query(
    `insert into public.audit_log (actor, action, subject, exam_id, occurred_at)
     select 'bench@holdfast.test', 'extra_time_changed', 'C' || lpad(i::text, 7, '0'), ($3::uuid[])[1 + i % cardinality($3::uuid[])],
            now() - ((i % $2) || ' days')::interval - (i || ' seconds')::interval
       from generate_series(1, $1) as i`,
    [history.activity, history.days, exams],
  )
  await db.exec('analyze')
}

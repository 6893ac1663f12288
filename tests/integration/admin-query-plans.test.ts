import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { examSize, passMarkPercent, scorePercentage } from '../../src/domain/score.ts'
import { openPglite, type SqlDatabase } from '../../supabase/local/db.ts'
import { migrate } from '../../supabase/local/migrate.ts'

/**
 * The admin screens' queries on a school's year of data (100,000 submissions over 60 days with
 * their attempts, 20,000 unused codes, 2,000 live attempts, a quarter of them a second exam's), planned as
 * PostgreSQL plans them for the signed-in administrator: none reads the whole submissions table,
 * the lists of one exam read its rows by index, and the tallies behind Test Results agree with the
 * submissions they count, over all exams and within each.
 */

const submissionCount = 100_000
const adminId = '00000000-0000-4000-8000-0000000000a1'
const sessionId = '00000000-0000-4000-8000-0000000000b1'
const secondExamId = '00000000-0000-4000-8000-0000000000e2'

let db: SqlDatabase

beforeAll(async () => {
  db = await openPglite(undefined)
  await migrate(db, { seed: false })
  await db.exec(`
    insert into auth.users (id, email) values ('${adminId}', 'plans@holdfast.test');
    insert into auth.sessions (id, user_id) values ('${sessionId}', '${adminId}');
    insert into public.admin_users (user_id, email) values ('${adminId}', 'plans@holdfast.test');
    insert into public.exams (id, name) values ('${secondExamId}', 'Second exam');
    insert into public.login_codes (code, is_used, used_by, used_at, created_at, exam_id)
    select upper(substr(md5(i::text), 1, 8)), i <= ${submissionCount}, case when i <= ${submissionCount} then 'Student ' || i end,
           case when i <= ${submissionCount} then now() end, now() - (i % 60) * interval '1 day',
           case when i % 4 = 0 then '${secondExamId}'::uuid else public.first_exam_id() end
      from generate_series(1, ${submissionCount + 20_000}) i
        on conflict do nothing;
    insert into public.submissions (id, exam_id, student_name, login_code, answers, answers_fingerprint, score, tab_switches, time_taken,
                                    started_at, submitted_at)
    select gen_random_uuid(), lc.exam_id, 'Student ' || lc.n, lc.code, '{"1":"A","2":"B","3":"C"}', 'plan', lc.n % 51, lc.n % 7, 600 + lc.n % 900,
           now() - (lc.n % 60) * interval '1 day' - interval '1 hour', now() - (lc.n % 60) * interval '1 day' - (lc.n % 1000) * interval '1 second'
      from (select code, exam_id, row_number() over (order by code) as n from public.login_codes where is_used) lc;
    insert into public.exam_attempts (id, exam_id, login_code, student_name, started_at, deadline, question_count, last_seen, state)
    select gen_random_uuid(), exam_id, code, 'Live ' || n, now() - interval '20 minutes', now() + interval '10 minutes', 50,
           now() - (n % 120) * interval '1 second', case when n % 10 = 0 then 'received' else 'in_progress' end
      from (select code, exam_id, row_number() over (order by code) as n from public.login_codes where not is_used limit 2000) lc;
  `)
  // Every submission's attempt, received long ago: the Proctor Room reads only the last 24 hours of them.
  await db.exec(`
    insert into public.exam_attempts (id, exam_id, login_code, student_name, started_at, deadline, question_count, last_seen, state)
    select gen_random_uuid(), s.exam_id, s.login_code, s.student_name, s.started_at, s.started_at + interval '30 minutes', 50,
           s.submitted_at, 'received'
      from public.submissions s
     where s.submitted_at < now() - interval '1 day';
  `)
  // A year of activity: 20,000 actions, a quarter of them the second exam's.
  await db.exec(`
    insert into public.audit_log (actor, action, subject, exam_id, occurred_at)
    select 'plans@holdfast.test', 'extra_time_changed', 'CODE' || i,
           case when i % 4 = 0 then '${secondExamId}'::uuid else public.first_exam_id() end, now() - (i % 365) * interval '1 day'
      from generate_series(1, 20000) i;
  `)
  // What autovacuum does on a hosted project: statistics for the planner.
  await db.exec('vacuum analyze')
}, 300_000)

afterAll(async () => {
  await db.close()
})

/**
 * The plan of `sql` as the administrator's API request would run it: as `authenticated` with the
 * administrator's claims (row-level security in force), or as the functions' owner for what a
 * SECURITY DEFINER function runs. `prepared` is a statement (without parameters) run first.
 */
async function plan(sql: string, as: 'admin' | 'owner' = 'admin', prepared?: string): Promise<string> {
  return db.transaction(async (tx) => {
    if (as === 'admin') {
      await tx.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ role: 'authenticated', sub: adminId, session_id: sessionId }),
      ])
    }
    if (prepared) await tx.exec(prepared)
    try {
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`explain ${sql}`)
      return rows.map((row) => row['QUERY PLAN']).join('\n')
    } finally {
      if (prepared) await tx.exec('deallocate all')
    }
  })
}

/**
 * The plan of a SQL function's body as PostgreSQL runs it. Its `set search_path` keeps it from
 * being inlined into the calling query, so EXPLAIN of a call shows only a Function Scan; each call
 * plans the body on its own with the arguments as parameters: a generic plan, whatever the values.
 */
async function bodyPlan(fn: string, as: 'admin' | 'owner'): Promise<string> {
  const { rows } = await db.query<{ body: string; parameters: string[]; types: string[] }>(
    `select p.prosrc as body, coalesce(p.proargnames[1:p.pronargs], '{}') as parameters,
            array(select pg_catalog.format_type(t, null) from unnest(p.proargtypes) with ordinality a(t, i) order by i) as types
       from pg_catalog.pg_proc p where p.oid = $1::regproc`,
    [fn],
  )
  const [{ body, parameters, types } = { body: '', parameters: [], types: [] }] = rows
  const name = fn.slice(fn.indexOf('.') + 1)
  // The bodies name their arguments qualified (admin_day_results.day), never bare.
  const withParameters = parameters.reduce(
    (sql, parameter, i) => sql.replace(new RegExp(`\\b${name}\\.${parameter}\\b`, 'g'), () => `$${i + 1}`),
    body,
  )
  const list = (items: string[]) => (items.length ? `(${items.join(', ')})` : '')
  return plan(
    `execute function_body${list(types.map(() => 'null'))}`,
    as,
    `set local plan_cache_mode = force_generic_plan; prepare function_body${list(types)} as ${withParameters}`,
  )
}

const aDay = `(now() - interval '3 days')::date`

describe('the admin screens on 100,000 submissions', () => {
  // admin_results_summary (SECURITY DEFINER) reads through private.submission_days. Each body is
  // planned once for every search and day (bodyPlan), so one plan covers a search and none.
  it.each([
    ['Test Results: the cards, day groups and a search', 'private.submission_days', 'owner'],
    ['Test Results: a day opened or searched', 'public.admin_day_results', 'admin'],
    ['Proctor Room: a page', 'public.admin_live_attempts', 'admin'],
    ['Proctor Room: who "Add time for everyone" reaches', 'private.codes_still_writing', 'owner'],
  ] as const)('%s reads no submissions table from end to end', async (_, fn, as) => {
    const bodyPlanned = await bodyPlan(fn, as)
    expect(bodyPlanned).toMatch(/ on (submissions|submission_tallies|exam_attempts)\b/)
    expect(bodyPlanned).not.toMatch(/Seq Scan on submissions\b/)
  })

  it('answers the statistics to administrators only', async () => {
    const asNonAdmin = (sql: string) =>
      db.transaction(async (tx) => {
        await tx.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({ role: 'authenticated', sub: '00000000-0000-4000-8000-0000000000ff' }),
        ])
        return tx.query(sql)
      })
    await expect(asNonAdmin(`select public.admin_counts()`)).rejects.toMatchObject({ code: '42501' })
    await expect(asNonAdmin(`select public.admin_results_summary('UTC')`)).rejects.toMatchObject({ code: '42501' })
    expect((await asNonAdmin(`select * from public.admin_day_results('UTC', ${aDay})`)).rows).toEqual([])
  })

  it('pages the Login Code Manager through its index', async () => {
    for (const used of [true, false]) {
      const codesPlan = await plan(
        `select * from public.login_codes where is_used = ${used} order by created_at desc, id limit 50 offset 200`,
      )
      expect(codesPlan).toMatch(/Index Scan using login_codes_is_used_created_at_idx/)
    }
  })

  it('reads the Proctor Room from attempts of the last 24 hours by index', async () => {
    expect(await bodyPlan('public.admin_live_attempts', 'admin')).not.toMatch(/Seq Scan on exam_attempts/)
    expect(await bodyPlan('private.codes_still_writing', 'owner')).not.toMatch(/Seq Scan on exam_attempts/)
  })

  // The lists the screens read by REST within the exam picked (exam_id=eq.<id>).
  it.each([
    [
      'Login Code Manager',
      `select * from public.login_codes where exam_id = '${secondExamId}' and is_used = false order by created_at desc, id limit 50`,
      'login_codes_exam_id_is_used_created_at_idx',
    ],
    [
      'Activity',
      `select * from public.audit_log where exam_id = '${secondExamId}' order by occurred_at desc, id desc limit 50`,
      'audit_log_exam_id_occurred_at_idx',
    ],
    [
      'a day of one exam',
      `select count(*) from public.submissions where exam_id = '${secondExamId}' and submitted_at >= ${aDay}::timestamptz
          and submitted_at < ${aDay}::timestamptz + interval '1 day'`,
      'submissions_exam_id_submitted_at_idx',
    ],
    [
      // The dashboard's and the exam list's figures of each exam (admin_counts, admin_exam_overview).
      'the submissions counted',
      `select count(*) from public.submissions where exam_id = '${secondExamId}'`,
      'submissions_exam_id_submitted_at_idx',
    ],
    [
      'the used codes counted',
      `select count(*) from public.login_codes where exam_id = '${secondExamId}' and is_used`,
      'login_codes_exam_id_is_used_created_at_idx',
    ],
    [
      'the Proctor Room',
      `select * from public.exam_attempts where exam_id = '${secondExamId}' and started_at >= now() - interval '24 hours'`,
      'exam_attempts_exam_id_started_at_idx',
    ],
    [
      'the attempts of one sitting',
      `select * from public.exam_attempts where sitting_id = '${secondExamId}' and started_at >= now() - interval '24 hours'`,
      'exam_attempts_sitting_id_started_at_idx',
    ],
  ])('reads %s of one exam by its index', async (_, sql, index) => {
    const planned = await plan(sql)
    expect(planned).toMatch(
      new RegExp(`(Index|Index Only|Bitmap Index) Scan (Backward )?using ${index}\\b|Bitmap Index Scan on ${index}\\b`),
    )
  })

  it('tallies every submission: the day groups equal a count of the submissions themselves', async () => {
    type Day = { day: string; submissions: string; score_sum: string; question_sum: string; passed: string }
    const { rows: tallied } = await db.query<Day>(
      `select day::text, submissions::text, score_sum::text, question_sum::text, passed::text
         from private.submission_days('UTC') order by day`,
    )
    const { rows: counted } = await db.query<Day>(
      `select (submitted_at at time zone 'UTC')::date::text as day, count(*)::text as submissions, sum(score)::text as score_sum,
              sum(question_count)::text as question_sum,
              count(*) filter (where round(score * 100.0 / question_count) >= 60)::text as passed
         from public.submissions group by 1 order by 1`,
    )
    expect(tallied.reduce((sum, row) => sum + Number(row.submissions), 0)).toBeGreaterThan(submissionCount * 0.99)
    expect(tallied).toEqual(counted)
  })

  it("tallies each exam apart: the second exam's day groups equal a count of its submissions", async () => {
    const { rows: tallied } = await db.query<{ day: string; submissions: string; score_sum: string }>(
      `select day::text, submissions::text, score_sum::text from private.submission_days('UTC', '', '${secondExamId}') order by day`,
    )
    const { rows: counted } = await db.query<{ day: string; submissions: string; score_sum: string }>(
      `select (submitted_at at time zone 'UTC')::date::text as day, count(*)::text as submissions, sum(score)::text as score_sum
         from public.submissions where exam_id = '${secondExamId}' group by 1 order by 1`,
    )
    expect(tallied.reduce((sum, row) => sum + Number(row.submissions), 0)).toBeGreaterThan(submissionCount * 0.2)
    expect(tallied).toEqual(counted)
  })
})

describe('the tallies', () => {
  async function tallyTotals() {
    const { rows } = await db.query<{ submissions: number; score_sum: number; question_sum: number; passed: number }>(
      `select coalesce(sum(submissions), 0)::int as submissions, coalesce(sum(score_sum), 0)::int as score_sum,
              coalesce(sum(question_sum), 0)::int as question_sum, coalesce(sum(passed), 0)::int as passed
         from public.submission_tallies where bucket >= now() + interval '1 day'`,
    )
    return rows[0]
  }

  it('follow an insert, a change of score and of time, and a delete, and leave no empty tally', async () => {
    const id = '00000000-0000-4000-8000-00000000c0de'
    await db.exec(`insert into public.login_codes (code) values ('TALLY001')`)
    await db.exec(`
      insert into public.submissions (id, student_name, login_code, answers_fingerprint, score, time_taken, started_at, submitted_at)
      values ('${id}', 'Tally Student', 'TALLY001', 'x', 20, 60, now() + interval '2 days', now() + interval '2 days')`)
    expect(await tallyTotals()).toEqual({ submissions: 1, score_sum: 20, question_sum: 50, passed: 0 })
    await db.exec(`update public.submissions set score = 45 where id = '${id}'`)
    expect(await tallyTotals()).toEqual({ submissions: 1, score_sum: 45, question_sum: 50, passed: 1 })
    await db.exec(`update public.submissions set submitted_at = now() + interval '3 days' where id = '${id}'`)
    expect(await tallyTotals()).toEqual({ submissions: 1, score_sum: 45, question_sum: 50, passed: 1 })
    // 20 right of 25 served passes (80 %); 20 of 50 did not.
    await db.exec(`update public.submissions set score = 20, question_count = 25 where id = '${id}'`)
    expect(await tallyTotals()).toEqual({ submissions: 1, score_sum: 20, question_sum: 25, passed: 1 })
    await db.exec(`delete from public.submissions where id = '${id}'`)
    expect(await tallyTotals()).toEqual({ submissions: 0, score_sum: 0, question_sum: 0, passed: 0 })
    const { rows } = await db.query(`select 1 from public.submission_tallies where submissions = 0`)
    expect(rows).toEqual([])
  })

  it('pass exactly the scores the app passes', async () => {
    const { rows } = await db.query<{ score: number; question_count: number; passes: boolean }>(
      `select s as score, q as question_count, public.passes(s, q) as passes
         from generate_series(1, ${examSize}) q, generate_series(0, q) s order by q, s`,
    )
    expect(rows).toEqual(
      rows.map(({ score, question_count }) => ({
        score,
        question_count,
        passes: scorePercentage(score, question_count) >= passMarkPercent,
      })),
    )
    expect(rows.filter((row) => row.passes).length).toBeGreaterThan(0)
  })
})

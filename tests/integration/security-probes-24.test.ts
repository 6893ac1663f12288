import { mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openPglite, openPostgres, type SqlDatabase } from '../../supabase/local/db.ts'
import { migrate, supabaseDir } from '../../supabase/local/migrate.ts'
import { nonAdminClient } from './clients.ts'
import { recreatePostgresDatabase } from './fresh-postgres-database.ts'

// Issue 24 split record_submission into steps that hand the submission its key (served_key), where
// the BEFORE INSERT trigger record_served_key used to work it out, and counted the tallies again
// in 256 shards (migration 20261127000800). Said to change nothing a caller sees: these probes hold
// the new paths to the old ones. Each runs on a database of its own (PGlite, or PostgreSQL under
// TEST_DATABASE_URL), as the database's owner: what they check is the SQL, not who may call it
// (submission-steps.test.ts checks that no API role reaches a step).

const opened: SqlDatabase[] = []
afterAll(async () => {
  await Promise.all(opened.map((db) => db.close()))
})

/** A fresh database of this file's own, named by `suffix` on PostgreSQL. */
async function freshDatabase(suffix: string): Promise<SqlDatabase> {
  const shared = process.env.TEST_DATABASE_URL
  let db: SqlDatabase
  if (shared) {
    const url = new URL(shared)
    url.pathname = `${url.pathname}_probes_24_${suffix}`
    await recreatePostgresDatabase(url.href)
    db = await openPostgres(url.href, 3)
  } else {
    db = await openPglite(undefined)
  }
  opened.push(db)
  return db
}

let seeded: Promise<SqlDatabase> | undefined

/** One migrated, seeded database for the probes that need nothing else of their own. */
function databaseWithSeed(): Promise<SqlDatabase> {
  seeded ??= freshDatabase('seeded').then(async (db) => {
    await migrate(db)
    return db
  })
  return seeded
}

async function one<Row>(db: SqlDatabase, sql: string, params: unknown[] = []): Promise<Row> {
  const { rows } = await db.query<Row>(sql, params)
  return rows[0] as Row
}

/** A new unused code, started as a device starts it (exam_questions takes its snapshot); answers the code and its attempt id. */
async function startedCode(db: SqlDatabase): Promise<{ code: string; attemptId: string }> {
  const { code } = await one<{ code: string }>(
    db,
    `insert into public.login_codes (code)
     select string_agg(substr('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 1 + (get_byte(extensions.gen_random_bytes(1), 0) % 36), 1), '')
       from generate_series(1, 8)
     returning code`,
  )
  const attemptId = crypto.randomUUID()
  const started = await one<{ answer: { outcome: string } }>(
    db,
    `select public.exam_questions($1, $2::uuid, 'Probe Student') as answer`,
    [code, attemptId],
  )
  expect(started.answer.outcome).toBe('ok')
  return { code, attemptId }
}

/** submit_exam as the student app calls it: $1 the submission (attempt) id, $2 the code, $3 the answers. */
const submitExam = `select public.submit_exam($1::uuid, $2, 'Probe Student', $3::jsonb, 0, 60, now() - interval '2 minutes', now()) as answer`

describe('a submission stored through the steps', () => {
  it('keeps the key and the score the insert trigger gives a row it keys itself, key corrections included', async () => {
    const db = await databaseWithSeed()
    const stepped = await startedCode(db)
    const triggered = await startedCode(db)
    // Two corrections of the bank's first two questions after both starts: one voided, one moved to
    // another letter, each the newest of two (the older must not count).
    const [first, second] = (
      await db.query<{ id: string; question_number: number; correct_answer: string }>(
        `select q.id, q.question_number, q.correct_answer from public.questions q
          where q.id in (select aq.question_id from public.attempt_questions aq where aq.login_code = $1)
          order by q.question_number limit 2`,
        [stepped.code],
      )
    ).rows as [
      { id: string; question_number: number; correct_answer: string },
      { id: string; question_number: number; correct_answer: string },
    ]
    const otherLetter = ['A', 'B', 'C', 'D'].find((letter) => letter !== second.correct_answer) as string
    await db.query(
      `insert into public.key_corrections (question_id, question_number, accepted) values
         ($1, $2, 'ABCD'), ($1, $2, '*'), ($3, $4, $5), ($3, $4, $6)`,
      [first.id, first.question_number, second.id, second.question_number, second.correct_answer, otherLetter],
    )
    const answers = {
      [first.question_number]: ['A', 'B', 'C', 'D'].find((letter) => letter !== first.correct_answer),
      [second.question_number]: otherLetter,
    }

    const receipt = await one<{ answer: { outcome: string; score: number } }>(db, submitExam, [
      stepped.attemptId,
      stepped.code,
      JSON.stringify(answers),
    ])
    expect(receipt.answer).toMatchObject({ outcome: 'accepted', score: 2 })
    // The same answers inserted without a key: record_served_key keys and scores the row itself.
    await db.query(
      `insert into public.submissions (id, student_name, login_code, answers, answers_fingerprint, score, question_count,
                                       time_taken, started_at, submitted_at)
       values ($1::uuid, 'Probe Student', $2, $3::jsonb, 'probe', 0, 50, 60, now() - interval '2 minutes', now())`,
      [triggered.attemptId, triggered.code, JSON.stringify(answers)],
    )

    const kept = (
      await db.query<{ login_code: string; score: number; served_key: Record<string, string> }>(
        `select login_code, score, served_key from public.submissions where login_code = any($1)`,
        [[stepped.code, triggered.code]],
      )
    ).rows
    const byCode = (code: string) => kept.find((row) => row.login_code === code)
    expect(byCode(stepped.code)?.served_key).toMatchObject({
      [first.question_number]: '*',
      [second.question_number]: otherLetter,
    })
    expect(byCode(stepped.code)).toMatchObject({ score: 2, served_key: byCode(triggered.code)?.served_key })
    expect(byCode(triggered.code)?.score).toBe(2)
  })
})

describe('a code that is not one, sent to the steps', () => {
  // check_submission_arguments answers it before anything else; find_result looks it up as typed.
  const notCodes: Array<[string, string]> = [
    ['fullwidth look-alikes of a code', 'ＡＢＣＤ１２３４'],
    ['a zero-width space inside', 'ABCD\u200b1234'],
    ['nine characters', 'ABCD12345'],
    ['spaces only', '\u00a0 \t '],
    ['an empty string', ''],
  ]

  it.each(notCodes)('is answered as an unknown code and counted as a failed guess: %s', async (_, typed) => {
    const db = await databaseWithSeed()
    const address = `198.51.100.${notCodes.findIndex(([, code]) => code === typed) + 1}`
    const answers = await db.transaction(
      async (tx) =>
        (
          await tx.query<{ submitted: unknown; looked_up: unknown }>(
            `select public.submit_exam(gen_random_uuid(), $1, 'Probe Student', '{"1":"A"}', 0, 60, now(), now()) as submitted,
                    public.lookup_result($1) as looked_up`,
            [typed],
          )
        ).rows[0],
      `select set_config('request.headers', '{"x-forwarded-for":"${address}"}', true)`,
    )
    expect(answers).toEqual({ submitted: { outcome: 'invalid_code' }, looked_up: { outcome: 'invalid' } })
    const failures = await one<{ n: number }>(
      db,
      `select coalesce(sum(failures), 0)::int as n from public.code_guess_failures where client_address = $1`,
      [address],
    )
    expect(failures.n).toBe(2)
  })
})

describe('a retry of a submission while the first is being stored', () => {
  // Two connections at once: PostgreSQL only (PGlite has one).
  it.runIf(process.env.TEST_DATABASE_URL)(
    "waits for the code and answers the first one's receipt, whatever other answers it sends",
    async () => {
      const db = await databaseWithSeed()
      const { code, attemptId } = await startedCode(db)
      let retry: Promise<{ answer: unknown }> | undefined
      const first = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ answer: { outcome: string } }>(submitExam, [attemptId, code, '{"1":"A"}'])
        retry = one<{ answer: unknown }>(db, submitExam, [attemptId, code, '{"1":"B","2":"C"}'])
        // The retry is held on the code's lock while the first is not committed.
        await expect
          .poll(
            async () =>
              (
                await one<{ waiting: number }>(
                  db,
                  `select count(*)::int as waiting from pg_stat_activity
                    where datname = current_database() and wait_event_type = 'Lock' and query like '%submit_exam%'`,
                )
              ).waiting,
            { timeout: 10_000 },
          )
          .toBe(1)
        return rows[0]?.answer
      })
      expect(first).toMatchObject({ outcome: 'accepted' })
      expect((await retry)?.answer).toEqual(first)
      const stored = await db.query<{ answers: unknown }>(`select answers from public.submissions where login_code = $1`, [code])
      expect(stored.rows).toEqual([{ answers: { 1: 'A' } }])
    },
  )
})

describe("the tallies' 256 shards", () => {
  it('count, after the migration, exactly the submissions not voided, and a void or restore afterwards keeps them so', async () => {
    const db = await freshDatabase('tallies')
    // The migrations before 20261127000800 only, then submissions tallied in their 32 shards.
    const before = await mkdtemp(join(tmpdir(), 'holdfast-probes-24-'))
    try {
      await symlinkMigrationsBefore('20261127000800', before)
      await migrate(db, { seed: false, dir: before })
    } finally {
      await rm(before, { recursive: true })
    }
    await db.query(
      `insert into public.login_codes (code, is_used) select 'T' || lpad(n::text, 7, '0'), true from generate_series(1, 300) n`,
    )
    await db.query(
      `insert into public.submissions (id, student_name, login_code, answers, answers_fingerprint, score, question_count,
                                       time_taken, started_at, submitted_at)
       select gen_random_uuid(), 'Tallied Student', 'T' || lpad(n::text, 7, '0'), '{}'::jsonb, 'probe', n % 11, 10, 60,
              now() - make_interval(mins => n * 7 + 1), now() - make_interval(mins => n * 7)
         from generate_series(1, 300) n`,
    )
    await db.query(
      `update public.submissions set voided_at = now(), void_reason = 'probe' where login_code like 'T%' and score = 3`,
    )
    await expectTalliesAsCounted(db)

    await migrate(db, { seed: false })
    await expectTalliesAsCounted(db)
    const shards = await one<{ most: number }>(db, `select max(shard) as most from public.submission_tallies`)
    expect(shards.most).toBeGreaterThan(31)

    // A void and a restore after the recount take the row from, and give it back to, the shard it is in.
    await db.query(
      `update public.submissions set voided_at = now(), void_reason = 'probe' where login_code like 'T%' and score = 5`,
    )
    await db.query(`update public.submissions set voided_at = null, void_reason = null where score = 3`)
    await expectTalliesAsCounted(db)
  })
})

describe('the shard of a submission', () => {
  // No uuid whose text hashes to the smallest integer can be found (one in 2^32), so tally_shard
  // takes the hash, and is given that one here; abs() of it was out of range, and the submission
  // could not be stored.
  it('is in 0..255 for every hash, the smallest integer too, and where it was for any other', async () => {
    const db = await databaseWithSeed()
    expect(await one(db, `select private.tally_shard(-2147483648) as shard`)).toEqual({ shard: 0 })
    expect(await one(db, `select private.tally_shard(2147483647) as shard`)).toEqual({ shard: 255 })
    // The tallies need no recount: every other hash keeps the shard abs(hash) % 256 gave it.
    const moved = await one<{ n: number }>(
      db,
      `select count(*)::int as n from (select hashtext(gen_random_uuid()::text) as hash from generate_series(1, 2000)) h
        where private.tally_shard(h.hash) <> abs(h.hash) % 256`,
    )
    expect(moved.n).toBe(0)
  })

  it('is the one tally_submission counts the submission in', async () => {
    const db = await databaseWithSeed()
    // A quarter-hour of its own, long before any other probe's submissions.
    const { id } = await one<{ id: string }>(
      db,
      `with code as (insert into public.login_codes (code, is_used) values ('SHARD001', true) returning code)
       insert into public.submissions (id, student_name, login_code, answers, answers_fingerprint, score, question_count,
                                       time_taken, started_at, submitted_at)
       select gen_random_uuid(), 'Sharded Student', code.code, '{}'::jsonb, 'probe', 1, 10, 60,
              timestamptz '2001-02-03 10:00+00', timestamptz '2001-02-03 10:05+00' from code
       returning id`,
    )
    const { rows } = await db.query(
      `select t.shard = private.tally_shard(hashtext($1)) as in_its_shard, t.submissions
         from public.submission_tallies t where t.bucket = timestamptz '2001-02-03 10:00+00'`,
      [id],
    )
    expect(rows).toEqual([{ in_its_shard: true, submissions: 1 }])
  })
})

describe('the code step after the window, once a key was shown (private.exam_closed_for)', () => {
  // check_login_code now asks exam_closed_for what exam_questions asks. Probed: it reveals that a key
  // was shown to no one exam_questions does not reveal it to (a holder of an unused code with extra
  // minutes left, who is refused either way), counts a failed guess exactly as before, and leaves a
  // code already started on its extra minutes. A database of its own: its active window has ended.
  const address = '198.51.100.240'
  const asClient = `select set_config('request.headers', '{"x-forwarded-for":"${address}"}', true)`
  const codeStep = async (db: SqlDatabase, code: string) =>
    (
      await db.transaction(
        (tx) => tx.query<{ status: string }>(`select public.check_login_code($1) ->> 'outcome' as status`, [code]),
        asClient,
      )
    ).rows[0]?.status
  const start = async (db: SqlDatabase, code: string, attemptId: string) =>
    (
      await db.transaction(
        (tx) =>
          tx.query<{ answer: { outcome: string } }>(`select public.exam_questions($1, $2::uuid, 'Late Student') as answer`, [
            code,
            attemptId,
          ]),
        asClient,
      )
    ).rows[0]?.answer.outcome
  const failedGuesses = async (db: SqlDatabase) =>
    (
      await one<{ n: number }>(
        db,
        `select coalesce(sum(failures), 0)::int as n from public.code_guess_failures where client_address = $1`,
        [address],
      )
    ).n

  it('answers as exam_questions does, counting only an unknown code as a failed guess, before and after the key is shown', async () => {
    const db = await freshDatabase('closed')
    await migrate(db)
    // The exam's only active sitting: an open one would be the codes' sitting instead.
    await db.query(`update public.exam_schedule set is_active = false`)
    await db.query(
      `insert into public.exam_schedule (start_time, end_time, created_at)
       values (now() - interval '2 hours', now() - interval '10 minutes', now() + interval '1 day')`,
    )
    await db.query(
      `insert into public.login_codes (code, extra_minutes) values ('LATE0001', 180), ('LATE0002', 180), ('OVER0001', 0)`,
    )
    const startedLate = crypto.randomUUID()
    // Before any key is shown: the extra minutes let a code start after the end.
    expect(await start(db, 'LATE0002', startedLate)).toBe('ok')
    expect([await codeStep(db, 'LATE0001'), await codeStep(db, 'OVER0001'), await codeStep(db, 'NOPE0001')]).toEqual([
      'valid',
      'exam_closed',
      'invalid',
    ])
    expect(await failedGuesses(db)).toBe(1)

    // A classmate's solutions are shown.
    await db.query(
      `with code as (insert into public.login_codes (code, is_used) values ('SHOW0001', true) returning code)
       insert into public.submissions (id, student_name, login_code, answers_fingerprint, score, time_taken, started_at,
                                       submitted_at, solutions_shown_at)
       select gen_random_uuid(), 'Classmate', code.code, 'probe', 1, 60, now() - interval '1 hour', now() - interval '30 minutes', now()
         from code`,
    )
    const unstarted = crypto.randomUUID()
    const answers = [
      await codeStep(db, 'LATE0001'),
      await start(db, 'LATE0001', unstarted),
      await codeStep(db, 'LATE0002'),
      await start(db, 'LATE0002', startedLate),
      await codeStep(db, 'NOPE0001'),
    ]
    // The unused code is refused by both, the started one goes on on its device (the code step, which
    // names no attempt, is told it is written there: issue 26), and an unknown code is answered as
    // before: nothing here tells a caller without a code that a key was shown.
    expect(answers).toEqual(['exam_closed', 'exam_closed', 'in_progress_elsewhere', 'ok', 'invalid'])
    expect(await failedGuesses(db)).toBe(2)
    const attempts = await db.query<{ login_code: string }>(
      `select login_code from public.exam_attempts where login_code like 'LATE%' order by 1`,
    )
    expect(attempts.rows).toEqual([{ login_code: 'LATE0002' }])
  })
})

describe("a call's arguments, from the client to the SQL text and back (the local stack)", () => {
  // On PostgreSQL a call of a function returning one value is written out as one simple query with
  // its COMMIT, its arguments as literals. search_pattern hands its argument back, its % _ and \
  // escaped: what comes back must be what was sent, by POST (JSON body) and GET (query string, which
  // Node's 16 KB limit on a request's head keeps short).
  const sent = [
    `'); select pg_sleep(5); --`,
    `\\'); delete from public.questions; --`,
    `E'\\x41' $$ $1 $tag$ /* -- ;`,
    `1; select 1`,
    JSON.stringify({ quote: `'"`, backslash: '\\', dollars: '$$' }),
    'é 中 😀 \u202e',
    `'\\`.repeat(1_500),
  ]
  /** One signed-in user who is not an administrator (search_pattern is for the signed-in), for every call here. */
  let signedIn: ReturnType<typeof nonAdminClient> | undefined
  const pattern = (search: string) => `%${search.replaceAll('\\', '\\\\').replaceAll('%', '\\%').replaceAll('_', '\\_')}%`

  it.each(sent.map((search) => [search.slice(0, 40), search]))('comes back as it was sent: %s', async (_, search) => {
    const client = await (signedIn ??= nonAdminClient())
    const posted = await client.rpc('search_pattern', { search })
    const got = await client.rpc('search_pattern', { search }, { get: true })
    expect([posted.error, got.error]).toEqual([null, null])
    expect([posted.data, got.data]).toEqual([pattern(search), pattern(search)])
  })

  it('is refused with a NUL byte, as PostgreSQL refuses it', async () => {
    const client = await (signedIn ??= nonAdminClient())
    const { error } = await client.rpc('search_pattern', { search: `a\0'); select 1; --` })
    expect(error?.code).toBe('22021')
  })
})

/** Links every migration file older than `version` into `dir`/migrations. */
async function symlinkMigrationsBefore(version: string, dir: string): Promise<void> {
  const migrations = join(supabaseDir, 'migrations')
  const files = (await readdir(migrations)).filter((file) => file.endsWith('.sql') && file < version)
  const linked = join(dir, 'migrations')
  await mkdir(linked)
  await Promise.all(files.map((file) => symlink(join(migrations, file), join(linked, file))))
}

/** Each 15 minutes' tallies sum to the submissions not voided in them, and no shard holds nothing. */
async function expectTalliesAsCounted(db: SqlDatabase): Promise<void> {
  const { rows } = await db.query(
    `with tallied as (
       select bucket, sum(submissions)::int as submissions, sum(score_sum)::int as score_sum, sum(question_sum)::int as question_sum,
              sum(passed)::int as passed, bool_and(submissions > 0) as none_empty
         from public.submission_tallies group by bucket),
     counted as (
       select date_bin(interval '15 minutes', s.submitted_at, timestamptz '2000-01-01 00:00+00') as bucket, count(*)::int as submissions,
              sum(s.score)::int as score_sum, sum(s.question_count)::int as question_sum,
              (count(*) filter (where public.passes(s.score, s.question_count)))::int as passed, true as none_empty
         from public.submissions s where s.voided_at is null group by 1)
     (select 'tallied' as side, * from tallied except select 'tallied', * from counted)
     union all
     (select 'counted', * from counted except select 'counted', * from tallied)`,
  )
  expect(rows).toEqual([])
  const counted = await one<{ n: number }>(db, `select count(*)::int as n from public.submissions where voided_at is null`)
  expect(counted.n).toBeGreaterThan(0)
}

// The submission herd: N students (default 2,000) call submit_exam within one second against the
// embedded stack (in memory), from a process of their own (bench/herd-submitter.ts). Prints how
// many were accepted, stored twice or lost, the throughput and latency percentiles, and in the
// same run the raw single-row insert throughput of the same database: the ceiling, and the ratio.
// Usage: npx tsx bench/submission-herd.bench.ts [students]
import { startStack } from '../supabase/local/stack.ts'
import { benchAnswers } from './bench-submission.ts'
import { percentile } from './percentiles.ts'
import { spawnHerd } from './spawn-herd.ts'

const count = Number(process.argv[2] ?? 2000)
const stack = await startStack({ port: 0, admin: { email: 'bench@holdfast.test', password: 'bench-password' } })
const codes = Array.from({ length: count }, (_, i) => `S${String(i).padStart(7, '0')}`)
await stack.db.query('insert into public.login_codes (code) select unnest($1::text[])', [codes])

const herd = await spawnHerd(stack.url, stack.anonKey, codes)

const { rows } = await stack.db.query<{ stored: number; codes: number; claimed: number }>(
  `select (select count(*)::int from public.submissions where login_code = any($1)) as stored,
          (select count(distinct login_code)::int from public.submissions where login_code = any($1)) as codes,
          (select count(*)::int from public.login_codes where code = any($1) and is_used) as claimed`,
  [codes],
)
const { stored, codes: storedCodes, claimed } = rows[0] as { stored: number; codes: number; claimed: number }
const accepted = herd.outcomes.accepted ?? 0
const failed = count - accepted
const seconds = (herd.doneAt - herd.firedAt) / 1000
const herdRate = accepted / seconds

// The ceiling: the same number of single-row inserts, one statement (and transaction) each,
// straight into the same database: no HTTP, no JWT, no role switch, no code claim, no scoring.
const answers = JSON.stringify(benchAnswers)
const insertStarted = performance.now()
for (let i = 0; i < count; i++) {
  await stack.db.query(
    `insert into public.submissions (id, student_name, login_code, answers, answers_fingerprint, score, time_taken, started_at, submitted_at)
     values (gen_random_uuid(), 'Ceiling Student', $1, $2, 'ceiling', 0, 600, now(), now())`,
    [`R${String(i).padStart(7, '0')}`, answers],
  )
}
const insertRate = count / ((performance.now() - insertStarted) / 1000)

const ms = (value: number) => `${value.toFixed(0)} ms`
console.log(`students:      ${count} submit_exam calls fired within 1 s from another process`)
console.log(`outcomes:      ${JSON.stringify(herd.outcomes)}`)
console.log(`accepted:      ${accepted}`)
console.log(`duplicates:    ${stored - storedCodes} codes stored more than once`)
console.log(`lost:          ${accepted - stored} accepted but not stored; ${claimed - stored} codes claimed without a submission`)
console.log(`not accepted:  ${failed} (a student's device keeps these in its outbox and sends them again)`)
console.log(`all answered:  ${ms(herd.doneAt - herd.firedAt)} after the first was fired`)
console.log(`throughput:    ${herdRate.toFixed(0)} accepted submissions/s`)
console.log(
  `latency:       p50 ${ms(percentile(herd.latencies, 50))}  p95 ${ms(percentile(herd.latencies, 95))}  p99 ${ms(percentile(herd.latencies, 99))}`,
)
console.log(`ceiling:       ${insertRate.toFixed(0)} raw single-row inserts/s into the same database`)
console.log(`ratio:         submit_exam herd at ${((herdRate / insertRate) * 100).toFixed(0)}% of the raw insert ceiling`)
await stack.close()

import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/lib/api/database.types.ts'
import { adminClient, anonClient, nonAdminClient, serviceClient, stack } from './clients.ts'
import { createCode, deleteCodes, isoFromNow, minute, must, randomCode, readCode, submissionRow } from './exam-data.ts'

/**
 * Issue 15, voiding a submission on the server: a voided submission is left out of every
 * statistic and ranking (the summary's cards and day groups, the day's ranks, the score bands),
 * still listed last with its reason, its code stays used, its student is told the result was
 * withdrawn; restoring counts it again; both are in the activity log.
 */

type Client = SupabaseClient<Database>
interface Summary {
  all_total: number
  total: number
  score_sum: number
  question_sum: number
  passed: number
  voided: number
  days: { day: string; total: number; score_sum: number; question_sum: number; passed: number; voided: number }[]
}

const service = serviceClient()
const anon = anonClient()
let admin: Client
const timeZone = 'UTC'
/** A day of its own, long before any other test's submissions. */
const day = '2024-02-14'
const tag = `Void ${randomCode()}`
/** Scores of 50: 45 (90 %), 35 (70 %), 25 (50 %), 15 (30 %); the best is the one voided. */
const scores = [45, 35, 25, 15]
const codes: string[] = []
const ids: string[] = []

beforeAll(async () => {
  admin = await adminClient()
  for (const [i, score] of scores.entries()) {
    const { code } = await createCode({ is_used: true, used_by: `${tag} ${i}`, used_at: isoFromNow(-minute) })
    codes.push(code)
    const submittedAt = `${day}T1${i}:00:00Z`
    const row = submissionRow(code, {
      student_name: `${tag} ${i}`,
      score,
      question_count: 50,
      time_taken: 600,
      started_at: `${day}T09:00:00Z`,
      submitted_at: submittedAt,
    })
    ids.push(must(await service.from('submissions').insert(row).select('id').single()).id)
  }
})

afterAll(async () => {
  await deleteCodes(codes)
})

async function summary(search = tag, chosenDay?: string): Promise<Summary> {
  return must(await admin.rpc('admin_results_summary', { time_zone: timeZone, search, day: chosenDay })) as unknown as Summary
}

async function dayRows(search = tag) {
  return must(await admin.rpc('admin_day_results', { time_zone: timeZone, day, search }))
}

async function bands(search = tag): Promise<number[]> {
  return must(await admin.rpc('admin_day_score_bands', { time_zone: timeZone, day, search })).map((b) => b.submissions)
}

const voidFirst = () => admin.rpc('void_submission', { submission_id: ids[0] as string, reason: '  Seen using a phone  ' })

describe('void_submission', () => {
  it('refuses a void without a reason and a caller who is not an administrator, changing nothing', async () => {
    for (const reason of ['', '   ', 'x'.repeat(501)]) {
      const { error } = await admin.rpc('void_submission', { submission_id: ids[0] as string, reason })
      expect(error?.code).toBe('22023')
      expect(error?.message).toBe('A reason is required to void a submission (at most 500 characters)')
    }
    for (const client of [anon, await nonAdminClient()]) {
      expect((await client.rpc('void_submission', { submission_id: ids[0] as string, reason: 'no' })).error?.code).toBe('42501')
    }
    expect((await summary()).voided).toBe(0)
  })

  it('leaves the voided submission out of every statistic and ranking, and lists it last with its reason', async () => {
    const before = await summary('', day)
    expect(before.total).toBe(4)
    expect(must(await voidFirst())).toEqual({ outcome: 'voided' })
    expect(must(await voidFirst())).toEqual({ outcome: 'already_voided' })

    const counted = scores.slice(1)
    const expected = {
      total: 3,
      score_sum: counted.reduce((a, b) => a + b, 0),
      question_sum: 150,
      passed: counted.filter((score) => Math.round((score * 100) / 50) >= 60).length,
      voided: 1,
    }
    // With a search (read from the submissions) and without (read from the tallies).
    expect(await summary()).toMatchObject({ ...expected, days: [{ day, ...expected }] })
    const wholeDay = await summary('', day)
    expect(wholeDay).toMatchObject({ total: 3, score_sum: expected.score_sum, passed: expected.passed, voided: 1 })
    expect(wholeDay.all_total).toBe(before.all_total - 1)

    const rows = await dayRows()
    expect(rows.map((row) => [row.score, row.rank, row.void_reason])).toEqual([
      [35, 1, null],
      [25, 2, null],
      [15, 3, null],
      [45, null, 'Seen using a phone'],
    ])
    expect(rows[3]?.voided_at).toEqual(expect.any(String))
    // 90 % is in no band: 70 %, 50 % and 30 % are.
    expect(await bands()).toEqual([0, 0, 0, 1, 0, 1, 0, 1, 0, 0])
    expect(await readCode(codes[0] as string)).toMatchObject({ is_used: true })
    const [stored] = must(
      await service
        .from('submissions')
        .select('voided_by')
        .eq('id', ids[0] as string),
    )
    expect(stored?.voided_by).toBe(stack.adminEmail)
  })

  it('keeps a day whose every matching submission is voided, to restore it', async () => {
    const only = await summary(`${tag} 0`)
    expect(only).toMatchObject({ total: 0, voided: 1, days: [{ day, total: 0, voided: 1 }] })
    expect((await dayRows(`${tag} 0`)).map((row) => row.rank)).toEqual([null])
  })

  it("refuses an administrator's direct update, and records the service role's (the operator's key)", async () => {
    const row = ids[3] as string
    const rows = async () =>
      must(
        await admin
          .from('audit_log')
          .select('action, details')
          .eq('subject', codes[3] as string)
          .in('action', ['submission_voided', 'submission_restored'])
          .order('id'),
      )
    const byAdmin = await admin
      .from('submissions')
      .update({ voided_at: isoFromNow(0), void_reason: 'By hand' })
      .eq('id', row)
    expect(byAdmin.error?.code).toBe('42501')
    expect(await rows()).toEqual([])
    const direct = await service
      .from('submissions')
      .update({ voided_at: isoFromNow(0), void_reason: 'By hand' })
      .eq('id', row)
    expect(direct.error).toBeNull()
    expect(await rows()).toMatchObject([{ action: 'submission_voided', details: { reason: 'By hand' } }])
    expect((await service.from('submissions').update({ voided_at: null, void_reason: null }).eq('id', row)).error).toBeNull()
    expect(await rows()).toMatchObject([
      { action: 'submission_voided' },
      { action: 'submission_restored', details: { reason: 'By hand' } },
    ])
  })

  it('counts a restored submission again, and records both in the activity log', async () => {
    expect(must(await admin.rpc('restore_submission', { submission_id: ids[0] as string }))).toEqual({ outcome: 'restored' })
    expect(must(await admin.rpc('restore_submission', { submission_id: ids[0] as string }))).toEqual({ outcome: 'not_voided' })
    expect(await summary()).toMatchObject({ total: 4, score_sum: 120, voided: 0 })
    expect((await dayRows()).map((row) => row.rank)).toEqual([1, 2, 3, 4])
    expect(await bands()).toEqual([0, 0, 0, 1, 0, 1, 0, 1, 0, 1])
    const log = must(
      await admin
        .from('audit_log')
        .select('action, subject, details')
        .eq('subject', codes[0] as string)
        .in('action', ['submission_voided', 'submission_restored'])
        .order('id'),
    )
    expect(log).toMatchObject([
      { action: 'submission_voided', details: { reason: 'Seen using a phone', score: 45, student_name: `${tag} 0` } },
      { action: 'submission_restored', details: { reason: 'Seen using a phone' } },
    ])
  })
})

describe("the student's result", () => {
  it('is withdrawn while the submission is voided, and back once restored', async () => {
    const { code } = await createCode({ is_used: true, used_by: 'Withdrawn Student', used_at: isoFromNow(-minute) })
    codes.push(code)
    const row = submissionRow(code, { student_name: 'Withdrawn Student', score: 10, question_count: 50 })
    must(await service.from('submissions').insert(row).select('id').single())
    expect(must(await anon.rpc('lookup_result', { code }))).toMatchObject({ outcome: 'ok', score: 10 })
    must(await admin.rpc('void_submission', { submission_id: row.id as string, reason: 'Copied answers' }))
    expect(must(await anon.rpc('lookup_result', { code }))).toEqual({ outcome: 'withdrawn' })
    must(await admin.rpc('restore_submission', { submission_id: row.id as string }))
    expect(must(await anon.rpc('lookup_result', { code }))).toMatchObject({ outcome: 'ok', score: 10 })
  })
})

import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/lib/api/database.types.ts'
import { anonClientWith, serviceClient } from './clients.ts'
import {
  createCode,
  deleteCodes,
  isoFromNow,
  minute,
  must,
  randomCode,
  readCode,
  startedSubmission,
  submitExamArgs,
  succeeded,
  codeStatus,
} from './exam-data.ts'

/**
 * Failed guesses an address may make in 10 minutes, all its browsers together (migration
 * 20261121000500 says why): the ceiling for a scan that changes its browser id on every guess.
 * One browser's own limit, and the calls that prove an attempt, are probed in
 * security-room-lockout.test.ts (migration 20261127000500).
 */
const limit = 20_000

const service = serviceClient()

/**
 * A student's browser at `address`, as a gateway reports it in X-Forwarded-For (the test
 * stack trusts proxies on this machine), with a browser id of its own.
 */
const anonClientAt = (address: string, headers: Record<string, string> = {}) =>
  anonClientWith({ 'X-Forwarded-For': address, ...headers })

const madeCodes: string[] = []

afterAll(async () => {
  await deleteCodes(madeCodes)
  succeeded(await service.from('code_guess_failures').delete().like('client_address', '%db8%'))
  succeeded(await service.from('code_guess_failures').delete().like('client_address', '203.0.113.%'))
})

async function newCode(fields: Parameters<typeof createCode>[0] = {}): Promise<string> {
  const { code } = await createCode(fields)
  madeCodes.push(code)
  return code
}

/** A code nobody made. */
function guess(): string {
  const code = randomCode()
  madeCodes.push(code)
  return code
}

/** The start of the minute `offsetMs` from now: the bucket the database counts a failure in. */
function minuteFromNow(offsetMs: number): string {
  return new Date(Math.floor((Date.now() + offsetMs) / minute) * minute).toISOString()
}

/** As if `address` had made `failures` wrong guesses `offsetMs` from now. */
async function recordFailures(address: string, failures: number, offsetMs = 0): Promise<void> {
  succeeded(
    await service.from('code_guess_failures').insert({ client_address: address, minute: minuteFromNow(offsetMs), failures }),
  )
}

async function failuresOf(address: string): Promise<number> {
  const rows = must(await service.from('code_guess_failures').select('failures').eq('client_address', address))
  return rows.reduce((sum, row) => sum + row.failures, 0)
}

type Client = SupabaseClient<Database>

/** What each student function answers `client` for `code`, as outcomes. */
async function outcomes(client: Client, code: string) {
  return {
    check: codeStatus(must(await client.rpc('check_login_code', { code }))),
    questions: (must(await client.rpc('exam_questions', { code })) as { outcome: string }).outcome,
    lookup: (must(await client.rpc('lookup_result', { code })) as { outcome: string }).outcome,
  }
}

const limited = { check: 'rate_limited', questions: 'rate_limited', lookup: 'rate_limited' }

describe('the limit on guessing login codes', () => {
  it('counts one failure per unknown code from every student function, and nothing for known codes', async () => {
    const address = '203.0.113.10'
    const client = anonClientAt(address)
    const valid = await newCode()
    const used = await newCode({ is_used: true, used_by: 'Someone', used_at: isoFromNow(-minute) })
    expect(await outcomes(client, valid)).toMatchObject({ check: 'valid', questions: 'ok', lookup: 'unused' })
    expect(await outcomes(client, used)).toMatchObject({ check: 'used', questions: 'used', lookup: 'no_submission' })
    expect(await failuresOf(address)).toBe(0)

    expect(await outcomes(client, guess())).toEqual({ check: 'invalid', questions: 'invalid', lookup: 'invalid' })
    expect(must(await client.rpc('submit_exam', submitExamArgs(guess())))).toEqual({ outcome: 'invalid_code' })
    expect(await failuresOf(address)).toBe(4)
  })

  it('lets a scan that changes its browser id reach the limit, then refuses every code to that address without saying whether it exists', async () => {
    const address = '203.0.113.11'
    const scanner = anonClientAt(address)
    const valid = await newCode()
    await recordFailures(address, limit - 3)

    const answers: string[] = []
    for (let attempt = 0; attempt < 5; attempt++) {
      answers.push(codeStatus(must(await anonClientAt(address).rpc('check_login_code', { code: guess() }))))
    }
    expect(answers).toEqual(['invalid', 'invalid', 'invalid', 'rate_limited', 'rate_limited'])

    expect(await outcomes(scanner, valid)).toEqual(limited)
    expect(must(await scanner.rpc('submit_exam', submitExamArgs(valid)))).toEqual({ outcome: 'rate_limited' })
    expect(await readCode(valid)).toMatchObject({ is_used: false, used_by: null })
    // Refused calls write nothing: a scanner that keeps going adds no load and no failures.
    expect(await failuresOf(address)).toBe(limit)
  })

  it('leaves other addresses alone, counting an IPv6 /64 as one address', async () => {
    const valid = await newCode()
    await recordFailures('203.0.113.12', limit)
    await recordFailures('2001:db8:1:2::/64', limit)
    expect(await outcomes(anonClientAt('203.0.113.12'), valid)).toEqual(limited)
    expect(await outcomes(anonClientAt('::ffff:203.0.113.12'), valid)).toEqual(limited)
    expect(await outcomes(anonClientAt('2001:db8:1:2::abcd'), valid)).toEqual(limited)

    // A code each: the first one's start would tell the second it is written elsewhere (issue 26).
    for (const other of ['203.0.113.13', '2001:db8:1:3::abcd']) {
      expect(await outcomes(anonClientAt(other), await newCode())).toMatchObject({
        check: 'valid',
        questions: 'ok',
        lookup: 'unused',
      })
    }
  })

  it('reads the address from the right-most untrusted X-Forwarded-For entry, and ignores a cf-connecting-ip no Cloudflare set', async () => {
    const valid = await newCode()
    await recordFailures('203.0.113.14', limit)
    expect(await outcomes(anonClientAt('203.0.113.14, 127.0.0.9'), valid)).toEqual(limited)
    const forging = anonClientAt('203.0.113.14', { 'cf-connecting-ip': '198.51.100.200' })
    expect(codeStatus(must(await forging.rpc('check_login_code', { code: valid })))).toBe('rate_limited')
  })

  it('forgets failures once they are 10 minutes old', async () => {
    const valid = await newCode()
    await recordFailures('203.0.113.15', limit, -11 * minute)
    expect(codeStatus(must(await anonClientAt('203.0.113.15').rpc('check_login_code', { code: valid })))).toBe('valid')
    await recordFailures('203.0.113.16', limit, -9 * minute)
    expect(codeStatus(must(await anonClientAt('203.0.113.16').rpc('check_login_code', { code: valid })))).toBe('rate_limited')
  })

  it('still answers a retry of a stored submission from a limited address, with its receipt', async () => {
    const address = '203.0.113.17'
    const client = anonClientAt(address)
    const args = await startedSubmission(await newCode())
    const receipt = must(await client.rpc('submit_exam', args))
    expect(receipt).toMatchObject({ outcome: 'accepted' })
    await recordFailures(address, limit)
    expect(must(await client.rpc('submit_exam', args))).toEqual(receipt)
  })

  it('is cleared by the hourly clean-up after an hour, which keeps the question bank', async () => {
    await recordFailures('203.0.113.18', 7, -61 * minute)
    await recordFailures('203.0.113.19', 5, -5 * minute)
    const questionsBefore = must(await service.from('questions').select('id'))
    expect(must(await service.rpc('apply_retention'))).toBe(0)
    expect(await failuresOf('203.0.113.18')).toBe(0)
    expect(await failuresOf('203.0.113.19')).toBe(5)
    expect(must(await service.from('questions').select('id'))).toHaveLength(questionsBefore.length)
  })
})

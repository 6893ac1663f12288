import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/lib/api/database.types.ts'
import { adminClient, anonClient, anonClientWith, nonAdminClient, serviceClient } from './clients.ts'
import { isoFromNow, loginCodesPerFile, minute, moveStart, must, reportArgs, succeeded } from './exam-data.ts'

/**
 * Issue 26's assets, probed as an attacker would (docs/security.md#the-servers-copy-and-moves): the
 * server's copy of a student's answers and flags, the resume PINs that move an attempt to another
 * device, and the server's submissions from the copy. Nobody but administrators reads a copy, a
 * flag or a PIN's record; nobody resumes without the proctor's PIN, or guesses one past the limit;
 * only administrators offer moves, only the service role submits from copies; nothing answered
 * holds a key or a score; every move and every server submission is in the activity log.
 */

type Client = SupabaseClient<Database>
type Outcome = { outcome: string } & Record<string, unknown>

const service = serviceClient()
const anon = anonClient()
let admin: Client
let classmate: Client
const { newCode } = loginCodesPerFile()

/** Addresses of this file only (TEST-NET-2), as a gateway names them in X-Forwarded-For. */
const addresses = { guesser: '198.51.100.61', pinScanner: '198.51.100.62' }

beforeAll(async () => {
  admin = await adminClient()
  classmate = await nonAdminClient()
})

afterAll(async () => {
  succeeded(await service.from('code_guess_failures').delete().in('client_address', Object.values(addresses)))
})

function hasKeyDeep(value: unknown, key: string): boolean {
  if (Array.isArray(value)) return value.some((item) => hasKeyDeep(item, key))
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([k, v]) => k === key || hasKeyDeep(v, key))
  }
  return false
}

/** A code being written, its copy reported with flags, and a PIN offered for it. */
async function writingWithPin() {
  const code = await newCode()
  const attemptId = randomUUID()
  must(await anon.rpc('exam_questions', { code, attempt_id: attemptId, student_name: 'Ada Lovelace' }))
  must(
    await anon.rpc(
      'report_exam_attempt',
      reportArgs(attemptId, code, { answered_count: 2, answers: { '1': 'A', '2': 'B' }, flags: [2] }),
    ),
  )
  const { pin } = must(await admin.rpc('admin_offer_attempt_move', { attempt_id: attemptId })) as { pin: string }
  return { code, attemptId, pin }
}

async function failuresOf(address: string): Promise<number> {
  const rows = must(await service.from('code_guess_failures').select('failures').eq('client_address', address))
  return rows.reduce((sum, row) => sum + row.failures, 0)
}

describe('the server’s copy and the moves are the administrators’ to read', () => {
  it('keeps the copy, the flags and the moves from anonymous visitors and signed-in non-administrators', async () => {
    const { code } = await writingWithPin()
    for (const [who, client] of [
      ['anon', anon],
      ['classmate', classmate],
    ] as const) {
      const copy = await client.from('exam_attempts').select('reported_answers, reported_flags').eq('login_code', code)
      if (copy.error) expect(copy.error.code, who).toBe('42501')
      else expect(copy.data, who).toEqual([])
      const moves = await client.from('attempt_moves').select('*').eq('login_code', code)
      if (moves.error) expect(moves.error.code, who).toBe('42501')
      else expect(moves.data, who).toEqual([])
    }
    expect(must(await admin.from('attempt_moves').select('login_code').eq('login_code', code))).toEqual([{ login_code: code }])
  })

  it('answers a report with the deadline only: no answers, no key, no score', async () => {
    const { code, attemptId } = await writingWithPin()
    const reply = must(
      await anon.rpc('report_exam_attempt', reportArgs(attemptId, code, { answers: { '1': 'A' }, flags: [1] })),
    ) as Outcome
    expect(Object.keys(reply).sort()).toEqual(['deadline', 'outcome', 'server_now'])
  })
})

describe('a resume needs the proctor’s PIN', () => {
  it('moves nothing without it, and restores only the student’s own answers and flags, never a key or a score', async () => {
    const { code, pin } = await writingWithPin()
    for (const wrong of ['', '000000x', '１２３４５６']) {
      expect(must(await anon.rpc('resume_exam_attempt', { code, pin: wrong, attempt_id: randomUUID() }))).toEqual({
        outcome: 'wrong_pin',
      })
    }
    expect(must(await service.from('exam_attempts').select('id').eq('login_code', code))).toHaveLength(1)
    const resumed = must(await anon.rpc('resume_exam_attempt', { code, pin, attempt_id: randomUUID() })) as Outcome
    expect(resumed.outcome).toBe('ok')
    for (const key of ['correct_answer', 'score', 'served_key', 'accepted', 'is_correct']) {
      expect(hasKeyDeep(resumed, key), key).toBe(false)
    }
    expect(resumed.restored).toEqual({ answers: { '1': 'A', '2': 'B' }, flags: [2], saved_at: expect.any(String) })
  })

  it('counts wrong PINs as failed code guesses of the address and refuses the browser past the limit', async () => {
    const { code, attemptId, pin } = await writingWithPin()
    const browser = anonClientWith({ 'X-Forwarded-For': addresses.pinScanner })
    const wrongPin = String((Number(pin) + 1) % 1_000_000).padStart(6, '0')
    expect(must(await browser.rpc('resume_exam_attempt', { code, pin: wrongPin, attempt_id: randomUUID() }))).toEqual({
      outcome: 'wrong_pin',
    })
    expect(await failuresOf(addresses.pinScanner)).toBe(1)

    // The address at its ceiling (every browser together): a PIN, right or wrong, is not even tried.
    const guesser = anonClientWith({ 'X-Forwarded-For': addresses.guesser })
    succeeded(
      await service.from('code_guess_failures').insert({
        client_address: addresses.guesser,
        minute: new Date(Math.floor(Date.now() / minute) * minute).toISOString(),
        failures: 20_000,
      }),
    )
    expect(must(await guesser.rpc('resume_exam_attempt', { code, pin, attempt_id: randomUUID() }))).toEqual({
      outcome: 'rate_limited',
    })
    expect((await service.from('exam_attempts').select('state').eq('id', attemptId).single()).data?.state).toBe('in_progress')
  })

  it('spends a PIN after 5 wrong tries, however many browsers and addresses share them out', async () => {
    const { code, attemptId, pin } = await writingWithPin()
    const wrong = (n: number) => String((Number(pin) + n) % 1_000_000).padStart(6, '0')
    for (let n = 1; n <= 5; n++) {
      const browser = anonClientWith({ 'X-Forwarded-For': `198.51.100.${70 + n}` })
      expect(must(await browser.rpc('resume_exam_attempt', { code, pin: wrong(n), attempt_id: randomUUID() }))).toEqual({
        outcome: 'wrong_pin',
      })
    }
    expect(must(await anon.rpc('resume_exam_attempt', { code, pin, attempt_id: randomUUID() }))).toEqual({ outcome: 'wrong_pin' })
    expect((await service.from('exam_attempts').select('state').eq('id', attemptId).single()).data?.state).toBe('in_progress')
    succeeded(
      await service
        .from('code_guess_failures')
        .delete()
        .in(
          'client_address',
          [1, 2, 3, 4, 5].map((n) => `198.51.100.${70 + n}`),
        ),
    )
  })
})

describe('moves and server submissions belong to who may make them', () => {
  it('lets only administrators offer a move', async () => {
    const { attemptId } = await writingWithPin()
    for (const client of [anon, classmate]) {
      const { data, error } = await client.rpc('admin_offer_attempt_move', { attempt_id: attemptId })
      expect(error?.code).toBe('42501')
      expect(data).toBeNull()
    }
  })

  it('lets only the service role submit from the server’s copies', async () => {
    const code = await newCode()
    const attemptId = randomUUID()
    must(await anon.rpc('exam_questions', { code, attempt_id: attemptId, student_name: 'Ada Lovelace' }))
    await moveStart(code, isoFromNow(-40 * minute), isoFromNow(-3 * minute))
    for (const client of [anon, classmate, admin]) {
      const { data, error } = await client.rpc('submit_from_server_copies')
      expect(error?.code).toBe('42501')
      expect(data).toBeNull()
    }
    expect(must(await service.from('submissions').select('id').eq('login_code', code))).toEqual([])
  })

  it('records every offer, move and server submission in the activity log', async () => {
    const { code, attemptId, pin } = await writingWithPin()
    const newId = randomUUID()
    must(await anon.rpc('resume_exam_attempt', { code, pin, attempt_id: newId }))
    await moveStart(code, isoFromNow(-40 * minute), isoFromNow(-3 * minute))
    must(await service.rpc('submit_from_server_copies'))
    const logged = must(
      await admin
        .from('audit_log')
        .select('action, details')
        .eq('subject', code)
        .in('action', ['attempt_move_offered', 'attempt_moved', 'submitted_from_server_copy'])
        .order('id'),
    )
    expect(logged.map((row) => row.action)).toEqual(['attempt_move_offered', 'attempt_moved', 'submitted_from_server_copy'])
    expect(logged[1]!.details).toMatchObject({ from_attempt_id: attemptId, to_attempt_id: newId })
    expect(logged[2]!.details).toMatchObject({ attempt_id: newId })
    for (const row of logged) expect(JSON.stringify(row)).not.toContain(`"${pin}"`)
  })
})

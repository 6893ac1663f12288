import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/lib/api/database.types.ts'
import { adminClient, anonClient, nonAdminClient, serviceClient } from './clients.ts'
import { isoFromNow, loginCodesPerFile, minute, moveStart, must, submissionsFor, submitExamArgs, succeeded } from './exam-data.ts'
import { activityOf, readAttempt, reportAttempt, startAttempt, type Outcome } from './attempt-steps.ts'

/**
 * Issue 26, resume on another device: the proctor offers a resume PIN for a live attempt
 * (admin_offer_attempt_move); the new device gives it with the code (resume_exam_attempt) and gets
 * the same exam, the same deadline and the server's copy of the answers and flags; the old attempt
 * is moved and its device told so; the code's first submission wins, from either device.
 */

type Client = SupabaseClient<Database>
type Offer = { pin: string; expires_at: string }

const anon = anonClient()
const service = serviceClient()
let admin: Client
let nonAdmin: Client
const { newCode, unknownCode } = loginCodesPerFile()
const notInProgress = 'This attempt is no longer in progress, so it cannot be moved.'

beforeAll(async () => {
  admin = await adminClient()
  nonAdmin = await nonAdminClient()
})

async function offer(attemptId: string): Promise<Offer> {
  return must(await admin.rpc('admin_offer_attempt_move', { attempt_id: attemptId })) as Offer
}

async function resume(code: string, pin: string, attemptId: string = randomUUID(), client: Client = anon): Promise<Outcome> {
  return must(await client.rpc('resume_exam_attempt', { code, pin, attempt_id: attemptId })) as Outcome
}

async function movesOf(code: string) {
  return must(await service.from('attempt_moves').select('*').eq('login_code', code).order('offered_at'))
}

/** A PIN that is not `pin`. */
const otherPin = (pin: string) => String((Number(pin) + 1) % 1_000_000).padStart(6, '0')

/** A started code with answers and flags reported by its first device. */
async function writing(answers: Record<string, string> = { '1': 'A', '2': 'B' }, flags = [2]) {
  const code = await newCode()
  const first = await startAttempt(code)
  expect(
    await reportAttempt(first.attemptId, code, { answered_count: Object.keys(answers).length, answers, flags }),
  ).toMatchObject({
    outcome: 'ok',
  })
  return { code, ...first }
}

describe('admin_offer_attempt_move', () => {
  it('offers a 6-digit PIN for 10 minutes, stored only as its hash, and logs the offer without it', async () => {
    const { code, attemptId } = await writing()
    const offered = await offer(attemptId)
    expect(offered.pin).toMatch(/^\d{6}$/)
    expect(Date.parse(offered.expires_at) - Date.now()).toBeGreaterThan(9 * minute)
    expect(Date.parse(offered.expires_at) - Date.now()).toBeLessThanOrEqual(10 * minute)
    const [move, ...others] = await movesOf(code)
    expect(others).toEqual([])
    expect(move).toMatchObject({
      from_attempt_id: attemptId,
      offered_by: expect.stringContaining('@'),
      wrong_tries: 0,
      used_at: null,
    })
    expect(JSON.stringify(move)).not.toContain(offered.pin)
    const [logged] = await activityOf(code, 'attempt_move_offered')
    expect(logged!.details).toMatchObject({ attempt_id: attemptId })
    expect(JSON.stringify(logged)).not.toContain(offered.pin)
  })

  it('ends the earlier unused PIN of the code when a new one is offered', async () => {
    const { code, attemptId } = await writing()
    const earlier = await offer(attemptId)
    const later = await offer(attemptId)
    if (later.pin !== earlier.pin) expect((await resume(code, earlier.pin)).outcome).toBe('wrong_pin')
    expect((await resume(code, later.pin)).outcome).toBe('ok')
  })

  it('refuses an attempt that is over, submitted, moved or unknown, and anyone but an administrator', async () => {
    const { code, attemptId } = await writing()
    expect((await nonAdmin.rpc('admin_offer_attempt_move', { attempt_id: attemptId })).error?.code).toBe('42501')
    expect((await anon.rpc('admin_offer_attempt_move', { attempt_id: attemptId })).error?.code).toBe('42501')

    for (const refused of [randomUUID()]) {
      const { error } = await admin.rpc('admin_offer_attempt_move', { attempt_id: refused })
      expect(error?.message).toBe(notInProgress)
    }
    // Moved: its code continues on the new attempt.
    const { pin } = await offer(attemptId)
    const moved = randomUUID()
    expect((await resume(code, pin, moved)).outcome).toBe('ok')
    expect((await admin.rpc('admin_offer_attempt_move', { attempt_id: attemptId })).error?.message).toBe(notInProgress)
    // Submitted.
    must(await anon.rpc('submit_exam', submitExamArgs(code, { submission_id: moved, submitted_at: isoFromNow(0) })))
    expect((await admin.rpc('admin_offer_attempt_move', { attempt_id: moved })).error?.message).toBe(notInProgress)
    // Over: the deadline and its grace passed.
    const over = await writing()
    await moveStart(over.code, isoFromNow(-40 * minute), isoFromNow(-3 * minute))
    expect((await admin.rpc('admin_offer_attempt_move', { attempt_id: over.attemptId })).error?.message).toBe(notInProgress)
    expect(await movesOf(over.code)).toEqual([])
  })
})

describe('resume_exam_attempt', () => {
  it('moves the attempt: same questions, order and deadline, the server’s copy restored, the old attempt moved, logged', async () => {
    const { code, attemptId, answer } = await writing({ '3': 'C', '7': 'A' }, [7, 3])
    const savedAt = (await readAttempt(attemptId)).reported_answers_at
    const { pin } = await offer(attemptId)
    const newId = randomUUID()
    const resumed = await resume(code.toLowerCase(), ` ${pin.slice(0, 3)} ${pin.slice(3)} `, newId)
    expect(resumed).toMatchObject({
      outcome: 'ok',
      questions: answer.questions,
      exam_name: answer.exam_name,
      sitting_name: answer.sitting_name,
      duration_minutes: answer.duration_minutes,
      extra_minutes: answer.extra_minutes,
      window_end: answer.window_end,
      deadline: answer.deadline,
      answer_file_key: answer.answer_file_key,
      student_name: 'Ada Lovelace',
      restored: { answers: { '3': 'C', '7': 'A' }, flags: [3, 7] },
    })
    expect(Date.parse((resumed.restored as { saved_at: string }).saved_at)).toBe(Date.parse(savedAt!))
    expect(typeof resumed.server_now).toBe('string')

    const old = await readAttempt(attemptId)
    const fresh = await readAttempt(newId)
    expect(old).toMatchObject({ state: 'moved', moved_to: newId })
    expect(old.moved_at).not.toBeNull()
    expect(fresh).toMatchObject({
      state: 'in_progress',
      moved_from: attemptId,
      login_code: code,
      exam_id: old.exam_id,
      sitting_id: old.sitting_id,
      student_name: 'Ada Lovelace',
      question_count: old.question_count,
      reported_answers: { '3': 'C', '7': 'A' },
      reported_flags: [3, 7],
      answered_count: 2,
    })
    expect(Date.parse(fresh.deadline)).toBe(Date.parse(old.deadline))
    const [move] = await movesOf(code)
    expect(move).toMatchObject({ to_attempt_id: newId })
    expect(move!.used_at).not.toBeNull()
    const [logged] = await activityOf(code, 'attempt_moved')
    expect(logged!.details).toMatchObject({ from_attempt_id: attemptId, to_attempt_id: newId, answers_restored: 2 })

    // The old device's next report is told, and changes nothing of the copy.
    const told = await reportAttempt(attemptId, code, { answers: { '3': 'D' }, flags: [] })
    expect(told).toEqual({ outcome: 'moved', moved_at: expect.any(String) })
    expect(Date.parse(told.moved_at as string)).toBe(Date.parse(old.moved_at!))
    expect(await readAttempt(newId)).toMatchObject({ reported_answers: { '3': 'C', '7': 'A' }, reported_flags: [3, 7] })
    expect(await readAttempt(attemptId)).toMatchObject({ reported_answers: { '3': 'C', '7': 'A' }, state: 'moved' })

    // The new device is the code's live attempt now: a third device is asked for a PIN.
    expect((must(await anon.rpc('check_login_code', { code })) as Outcome).outcome).toBe('in_progress_elsewhere')
  })

  it('answers the same attempt again without a PIN (a lost answer) with the current copy; the PIN is used', async () => {
    const { code, attemptId } = await writing()
    const { pin } = await offer(attemptId)
    const newId = randomUUID()
    expect((await resume(code, pin, newId)).outcome).toBe('ok')
    await reportAttempt(newId, code, { answered_count: 3, answers: { '1': 'A', '2': 'B', '3': 'C' }, flags: [] })
    const again = await resume(code, '', newId)
    expect(again).toMatchObject({ outcome: 'ok', restored: { answers: { '1': 'A', '2': 'B', '3': 'C' }, flags: [] } })
    expect((await resume(code, pin)).outcome).toBe('wrong_pin')
    expect(must(await service.from('exam_attempts').select('id').eq('login_code', code))).toHaveLength(2)
  })

  it('refuses a wrong PIN, counts it against the PIN and spends it after 5', async () => {
    const { code, attemptId } = await writing()
    const { pin } = await offer(attemptId)
    for (let i = 1; i <= 5; i++) {
      expect(await resume(code, otherPin(pin))).toEqual({ outcome: 'wrong_pin' })
      expect((await movesOf(code))[0]!.wrong_tries).toBe(i)
    }
    expect(await resume(code, pin)).toEqual({ outcome: 'wrong_pin' })
    expect(await resume(code, 'abcdef')).toEqual({ outcome: 'wrong_pin' })
    expect((await readAttempt(attemptId)).state).toBe('in_progress')
    // A new offer gives a PIN that works.
    expect((await resume(code, (await offer(attemptId)).pin)).outcome).toBe('ok')
  })

  it('refuses an expired PIN', async () => {
    const { code, attemptId } = await writing()
    const { pin } = await offer(attemptId)
    succeeded(
      await service
        .from('attempt_moves')
        .update({ expires_at: isoFromNow(-1000) })
        .eq('login_code', code),
    )
    expect(await resume(code, pin)).toEqual({ outcome: 'wrong_pin' })
    expect((await readAttempt(attemptId)).state).toBe('in_progress')
  })

  it('answers invalid, used, time_over and not_in_progress for a code it cannot move', async () => {
    expect(await resume(unknownCode(), '123456')).toEqual({ outcome: 'invalid' })
    const neverStarted = await newCode()
    expect(await resume(neverStarted, '123456')).toEqual({ outcome: 'not_in_progress' })

    const over = await writing()
    const { pin } = await offer(over.attemptId)
    await moveStart(over.code, isoFromNow(-40 * minute), isoFromNow(-3 * minute))
    expect(await resume(over.code, pin)).toEqual({ outcome: 'time_over' })

    const used = await writing()
    const usedPin = (await offer(used.attemptId)).pin
    must(await anon.rpc('submit_exam', submitExamArgs(used.code, { submission_id: used.attemptId, submitted_at: isoFromNow(0) })))
    expect(await resume(used.code, usedPin)).toEqual({ outcome: 'used' })
  })
})

describe('after a move the code’s first submission wins, from either device', () => {
  it.each([
    ['the new device', 'new'],
    ['the old device', 'old'],
  ] as const)('%s submitting first is the submission; the other is refused', async (_, first) => {
    const { code, attemptId } = await writing()
    const { pin } = await offer(attemptId)
    const newId = randomUUID()
    expect((await resume(code, pin, newId)).outcome).toBe('ok')
    const [winner, loser] = first === 'new' ? [newId, attemptId] : [attemptId, newId]
    expect(
      must(await anon.rpc('submit_exam', submitExamArgs(code, { submission_id: winner, submitted_at: isoFromNow(0) }))),
    ).toMatchObject({ outcome: 'accepted', submission_id: winner })
    expect(
      must(await anon.rpc('submit_exam', submitExamArgs(code, { submission_id: loser, submitted_at: isoFromNow(0) }))),
    ).toEqual({ outcome: 'code_used' })
    expect((await submissionsFor(code)).map((s) => s.id)).toEqual([winner])
    expect((await readAttempt(winner)).state).toBe('received')
  })

  it('submits the new attempt from its copy when its device falls silent too, never the moved one', async () => {
    const { code, attemptId } = await writing()
    const { pin } = await offer(attemptId)
    const newId = randomUUID()
    await resume(code, pin, newId)
    await reportAttempt(newId, code, { answered_count: 1, answers: { '5': 'D' } })
    await moveStart(code, isoFromNow(-40 * minute), isoFromNow(-3 * minute))
    must(await service.rpc('submit_from_server_copies'))
    const [stored, ...others] = await submissionsFor(code)
    expect(others).toEqual([])
    expect(stored).toMatchObject({ from_server_copy: true, answers: { '5': 'D' } })
    expect((await readAttempt(attemptId)).state).toBe('moved')
    expect((await readAttempt(newId)).state).toBe('received')
  })
})

describe('the Proctor Room', () => {
  it('shows the move on both rows, who offered it, and a code open on two devices at once', async () => {
    const { code, attemptId } = await writing()
    const { pin } = await offer(attemptId)
    const newId = randomUUID()
    await resume(code, pin, newId)
    const rows = async () => must(await admin.rpc('admin_live_attempts', {})).filter((row) => row.login_code === code)
    let [oldRow, newRow] = [(await rows()).find((r) => r.id === attemptId)!, (await rows()).find((r) => r.id === newId)!]
    // The rarer marks travel in one column, with only the marks that apply.
    expect(oldRow).toMatchObject({ status: 'moved', marks: { moved_at: expect.any(String), moved_by: 'admin@holdfast.test' } })
    expect(Object.keys(oldRow.marks as object).sort()).toEqual(['moved_at', 'moved_by'])
    expect(newRow).toMatchObject({ status: 'on_track', marks: { moved_from: attemptId, moved_by: 'admin@holdfast.test' } })
    expect(Object.keys(newRow.marks as object).sort()).toEqual(['moved_by', 'moved_from'])
    const all = await rows()
    expect(all.map((r) => r.id)).toEqual([newId, attemptId])

    // The old device was still open: it reported after the new one started.
    await reportAttempt(attemptId, code)
    ;[oldRow, newRow] = [(await rows()).find((r) => r.id === attemptId)!, (await rows()).find((r) => r.id === newId)!]
    expect(oldRow.marks).toMatchObject({ open_on_two_devices: true })
    expect(newRow.marks).toMatchObject({ open_on_two_devices: true })
    expect(must(await admin.rpc('admin_live_attempt_counts', {}))).toMatchObject({ moved: expect.any(Number) })
  })
})

import type { SupabaseClient } from '@supabase/supabase-js'
import { describe, expect, it, vi } from 'vitest'
import type { Database } from '../../src/lib/api/database.types'
import {
  answerFileRecoveryMessages,
  recoverScannedAnswerFile,
  recoverSubmissionFromFile,
  scannedFileNotSent,
} from '../../src/lib/admin/answer-file-recovery'
import { examAnswerFile } from './answer-file-fixtures'

/** A client whose recover_submission_from_file answers `data`, as the server would. */
function answering(data: unknown): SupabaseClient<Database> {
  return { rpc: async () => ({ data, error: null }) } as unknown as SupabaseClient<Database>
}

it.each([
  ['code_used', answerFileRecoveryMessages.code_used],
  ['exam_over', answerFileRecoveryMessages.exam_over],
  [
    'not_started',
    'The server has no record of this login code starting the exam, so it cannot accept these answers. Nothing was recorded.',
  ],
])('tells the administrator in words when the server answers %s', async (outcome, message) => {
  expect(await recoverSubmissionFromFile(answering({ outcome }), '{}')).toEqual({ ok: false, error: message })
})

it('says the submission is recorded when the server accepts the file', async () => {
  expect(await recoverSubmissionFromFile(answering({ outcome: 'accepted', already_received: false, check: null }), '{}')).toEqual(
    {
      ok: true,
      data: answerFileRecoveryMessages.accepted,
    },
  )
})

describe('recoverScannedAnswerFile', () => {
  const file = examAnswerFile()

  /** A client whose recover_submission_from_file answers as PostgREST would, with `status`. */
  function replying(status: number, data: unknown, error: { message: string; code?: string } | null = null) {
    const calls: unknown[] = []
    const client = {
      rpc: async (_name: string, args: unknown) => {
        calls.push(args)
        return { data, error, status }
      },
    } as unknown as SupabaseClient<Database>
    return { client, calls }
  }

  it('sends the file itself and is settled by the server’s outcome, whichever it is', async () => {
    const accepted = replying(200, { outcome: 'accepted', already_received: false, check: null })
    expect(await recoverScannedAnswerFile(accepted.client, file)).toEqual({
      settled: true,
      result: { ok: true, data: answerFileRecoveryMessages.accepted },
    })
    expect(accepted.calls).toEqual([{ file }])
    expect(await recoverScannedAnswerFile(replying(200, { outcome: 'bad_tag' }).client, file)).toEqual({
      settled: true,
      result: { ok: false, error: answerFileRecoveryMessages.bad_tag },
    })
  })

  it('is settled by an error the function raised about the file, in the server’s words', async () => {
    // private.invalid_argument's refusal, with its SQLSTATE as PostgREST passes it on.
    const refused = replying(400, null, { message: 'submission id belongs to another login code', code: '22023' })
    expect(await recoverScannedAnswerFile(refused.client, file)).toEqual({
      settled: true,
      result: { ok: false, error: 'submission id belongs to another login code' },
    })
  })

  it.each([
    [0, 'TypeError: Failed to fetch'],
    [401, 'JWT expired'],
    [503, 'Service Unavailable'],
  ])('keeps the file waiting when the answer has status %i', async (status, message) => {
    const outcome = await recoverScannedAnswerFile(replying(status, null, { message }).client, file)
    expect(outcome.settled).toBe(false)
    if (status === 0) expect(outcome.result).toEqual({ ok: false, error: scannedFileNotSent })
  })

  it('keeps the file waiting when the request throws, or the answer is no outcome', async () => {
    const throwing = { rpc: () => Promise.reject(new TypeError('Failed to fetch')) } as unknown as SupabaseClient<Database>
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(await recoverScannedAnswerFile(throwing, file)).toEqual({
      settled: false,
      result: { ok: false, error: scannedFileNotSent },
    })
    expect((await recoverScannedAnswerFile(replying(200, { outcome: 'surprise' }).client, file)).settled).toBe(false)
  })
})

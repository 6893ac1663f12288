import type { SupabaseClient } from '@supabase/supabase-js'
import { expect, it } from 'vitest'
import type { Database } from '../../src/lib/api/database.types'
import { answerFileRecoveryMessages, recoverSubmissionFromFile } from '../../src/lib/admin/answer-file-recovery'

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

import type { AnswerFile } from '../../domain/answer-file'
import type { SupabaseClient } from '@supabase/supabase-js'
import { adminRequest, type AdminResult } from './admin-result'
import type { Database, Json } from '../api/database.types'
import { answerFileRecoverySchema, parseAnswer } from './rpc-answers'
import { describeAnswerFileCheck } from '../../domain/answer-file-check'
import { formatClockTimeWithSeconds } from '../browser/interface-locale'

/** A time of day to the second, in the interface's language and the administrator's own time zone. */
const formatClock = formatClockTimeWithSeconds

/**
 * What `recover_submission_from_file` answers, and the words an administrator reads for each; an
 * accepted file is followed by what the server checked it against (`describeAnswerFileCheck`).
 */
export const answerFileRecoveryMessages = {
  accepted: 'Answer file accepted: the submission is recorded and marked "Recovered from file".',
  already_received: 'This submission had already been received. Nothing was changed.',
  not_reported:
    'The device never reported its answers to the server before its deadline, so nothing in this file can be checked. Nothing was recorded.',
  malformed:
    'This is not a readable Holdfast answer file: it is damaged, incomplete or another kind of file. Nothing was recorded.',
  unknown_code: 'The login code in this answer file does not exist. Nothing was recorded.',
  bad_tag:
    'This answer file was not made by its exam session, or it was edited afterwards: its integrity tag does not match. Nothing was recorded.',
  code_used: 'This login code has already been used by another submission. Nothing was recorded.',
  exam_over: 'The answers in this file were submitted after the deadline of this login code. Nothing was recorded.',
  not_started:
    'The server has no record of this login code starting the exam, so it cannot accept these answers. Nothing was recorded.',
} as const

const uploadFailed = 'Failed to upload the answer file'

/** A scanned file whose upload got no answer: it waits on this device for the connection. */
export const scannedFileNotSent =
  'No answer from the server: the file stays on this device and is sent when the connection returns.'

/** The words for what `recover_submission_from_file` answered (or the failure), and what it checked. */
function describeRecovery(reply: AdminResult<unknown>): AdminResult<string> {
  const parsed = parseAnswer(reply, answerFileRecoverySchema, uploadFailed)
  if (!parsed.ok) return parsed
  const answer = parsed.data
  if (answer.outcome === 'accepted') {
    const outcome = answerFileRecoveryMessages[answer.already_received ? 'already_received' : 'accepted']
    return { ok: true, data: answer.check ? `${outcome} ${describeAnswerFileCheck(answer.check, formatClock)}` : outcome }
  }
  return { ok: false, error: answerFileRecoveryMessages[answer.outcome] }
}

/**
 * Uploads an emergency answer file (its text, as the student handed it over) as the signed-in
 * administrator of `client` (the app's getSupabase()). The server verifies its tag, counts only
 * the answers that match what the device reported in time and records the submission once; the
 * message says what happened and what was checked.
 */
export async function recoverSubmissionFromFile(client: SupabaseClient<Database>, text: string): Promise<AdminResult<string>> {
  let file: Json
  try {
    file = JSON.parse(text) as Json
  } catch {
    return { ok: false, error: answerFileRecoveryMessages.malformed }
  }
  return describeRecovery(
    await adminRequest({ message: uploadFailed, preferServerMessage: true }, () =>
      client.rpc('recover_submission_from_file', { file }),
    ),
  )
}

/**
 * An upload of a scanned answer file: `settled` once the server has judged the file (its outcome, or its refusal
 * of the call, which the same file would meet again); otherwise it stays on the proctor's device to be tried
 * again, `result` saying why (no answer, a signed-out session, a server error).
 */
export interface ScannedFileUpload {
  settled: boolean
  result: AdminResult<string>
}

/** PostgREST's status for an error a function raised: the file itself was refused. */
const refusedByTheFunction = 400

/** Uploads an answer file decoded from a QR code, as recoverSubmissionFromFile uploads a file's text. */
export async function recoverScannedAnswerFile(client: SupabaseClient<Database>, file: AnswerFile): Promise<ScannedFileUpload> {
  // Stays 0 (as supabase-js reports a request that got no answer) if the request throws.
  let status = 0
  const reply = await adminRequest({ message: uploadFailed, preferServerMessage: true }, async () => {
    const answer = await client.rpc('recover_submission_from_file', { file: { ...file } })
    status = answer.status
    return answer
  })
  const result = describeRecovery(reply)
  if (status === 0) return { settled: false, result: { ok: false, error: scannedFileNotSent } }
  // An answer that is no recovery outcome (describeRecovery's fallback text) is not a judgement of the file.
  const judged = reply.ok ? result.ok || result.error !== uploadFailed : status === refusedByTheFunction
  return { settled: judged, result }
}

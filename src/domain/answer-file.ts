import { answersCanonical } from './answers-fingerprint'
import type { ExamSubmission } from './exam-submission'
import { hexToBytes, hmacSha256Hex } from './hmac-sha256'
import { bytesToHex } from './sha256'

/**
 * The emergency answer file: a submission still waiting on the device, as a file the student
 * hands to the proctor. The tag is HMAC-SHA256 under the key the device received with the
 * questions (one key per login code), so the server can tell a well-formed file made for the code
 * from a damaged one; the key is on the student's device, so the tag cannot tell an edited file
 * apart, and the server counts only the answers that match what the device reported in time
 * (docs/product.md#offline-answers-and-answer-files). SQL `private.answer_file_tag` computes the same.
 */
export interface AnswerFile extends Omit<ExamSubmission, 'code'> {
  format: 'holdfast-answer-file'
  version: 1
  login_code: string
  /** 64 lower-case hex characters. */
  tag: string
}

type AnswerFileContent = Omit<AnswerFile, 'format' | 'version' | 'tag'>

/**
 * What the tag covers, one field a line: the format, the submission id, the code, the name as
 * hex of its UTF-8 bytes (no escaping to agree on), the canonical answers, the counts, and the
 * times exactly as the file spells them.
 */
export function answerFileCanonical(content: AnswerFileContent): string {
  return [
    'holdfast-answer-file/1',
    content.submission_id,
    content.login_code,
    bytesToHex(new TextEncoder().encode(content.student_name)),
    answersCanonical(content.answers),
    String(content.tab_switches),
    String(content.time_taken),
    content.started_at,
    content.submitted_at,
  ].join('\n')
}

/** The answer file of a queued submission, tagged with the code's key (hex, as the server sent it). */
export function buildAnswerFile(submission: ExamSubmission, keyHex: string): AnswerFile {
  const content: AnswerFileContent = {
    submission_id: submission.submission_id,
    login_code: submission.code,
    student_name: submission.student_name,
    answers: submission.answers,
    tab_switches: submission.tab_switches,
    time_taken: submission.time_taken,
    started_at: submission.started_at,
    submitted_at: submission.submitted_at,
  }
  const tag = hmacSha256Hex(hexToBytes(keyHex), answerFileCanonical(content))
  return { format: 'holdfast-answer-file', version: 1, ...content, tag }
}

export function answerFileName(loginCode: string): string {
  return `holdfast-answers-${loginCode}.json`
}

/** The file's text: indented JSON, so a proctor can read it too. */
export function answerFileText(file: AnswerFile): string {
  return `${JSON.stringify(file, null, 2)}\n`
}

/** A submission still on the device this long after the deadline has its answer file offered. */
export const answerFileOfferDelayMs = 2 * 60_000

/** When (device clock) the completion screen starts offering the answer file of an attempt with this deadline. */
export function answerFileOfferedFrom(deadline: number): number {
  return deadline + answerFileOfferDelayMs
}

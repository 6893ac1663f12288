import type { AnswerFile } from './answer-file'
import type { Answers } from './exam-attempt'
import { isAnswerLetter } from './question'

/**
 * The answer file as the text of a QR code, for a room where files cannot pass between phones: a versioned
 * prefix, then the file's fields as one JSON array in a fixed order. The field names and the indentation of
 * the downloadable file are left out and the answers become one letter a question ("AB-D…", "-" for no
 * answer), which keeps a 50-answer file with a long name small enough for a QR code a phone reads off
 * another phone's screen. Every field the tag covers keeps its exact spelling, so the decoded file carries
 * the same tag and the server checks it like an uploaded file.
 */
const qrTextPrefix = 'HFA1:'

/** The letter for a question without an answer in the answers string. */
const noAnswer = '-'

/** Question numbers the answers string spells positionally: "1" to "999", without leading zeros. */
const questionNumberPattern = /^[1-9][0-9]{0,2}$/

type QrFields = [
  submissionId: string,
  loginCode: string,
  studentName: string,
  answers: string | Answers,
  tabSwitches: number,
  timeTaken: number,
  startedAt: string,
  submittedAt: string,
  tag: string,
]

/** The answers one letter a question from question 1; the answers themselves if a key is not a question number. */
function compactAnswers(answers: Answers): string | Answers {
  const numbers = Object.keys(answers)
  if (!numbers.every((number) => questionNumberPattern.test(number))) return answers
  const highest = Math.max(0, ...numbers.map(Number))
  return Array.from({ length: highest }, (_, index) => answers[String(index + 1)] ?? noAnswer).join('')
}

function expandAnswers(value: unknown): Answers | null {
  if (typeof value === 'string') {
    const answers: Answers = {}
    for (const [index, letter] of [...value].entries()) {
      if (letter === noAnswer) continue
      if (!isAnswerLetter(letter)) return null
      answers[String(index + 1)] = letter
    }
    return answers
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
  const entries = Object.entries(value)
  if (!entries.every(([, letter]) => isAnswerLetter(letter))) return null
  return Object.fromEntries(entries) as Answers
}

export function answerFileToQrText(file: AnswerFile): string {
  const fields: QrFields = [
    file.submission_id,
    file.login_code,
    file.student_name,
    compactAnswers(file.answers),
    file.tab_switches,
    file.time_taken,
    file.started_at,
    file.submitted_at,
    file.tag,
  ]
  return `${qrTextPrefix}${JSON.stringify(fields)}`
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
/**
 * A NUL or a lone surrogate is no text PostgreSQL's jsonb takes: the upload of such a file would be refused
 * before the server reads it, with the database's own words. No device writes one (the server refused such a
 * name at the start), so a QR code holding one was crafted and is not an answer file.
 */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
const isText = (value: unknown): value is string =>
  typeof value === 'string' && !value.includes('\u0000') && !loneSurrogate.test(value)

/** The answer file a QR code's text holds; null for any other text, including a damaged or shortened one. */
export function answerFileFromQrText(text: string): AnswerFile | null {
  if (!text.startsWith(qrTextPrefix)) return null
  let fields: unknown
  try {
    fields = JSON.parse(text.slice(qrTextPrefix.length))
  } catch {
    return null
  }
  if (!Array.isArray(fields) || fields.length !== 9) return null
  const [submissionId, loginCode, studentName, compact, tabSwitches, timeTaken, startedAt, submittedAt, tag] = fields as unknown[]
  const answers = expandAnswers(compact)
  if (
    !isText(submissionId) ||
    !isText(loginCode) ||
    !isText(studentName) ||
    answers === null ||
    !isCount(tabSwitches) ||
    !isCount(timeTaken) ||
    !isText(startedAt) ||
    !isText(submittedAt) ||
    !isText(tag) ||
    !/^[0-9a-f]{64}$/.test(tag)
  ) {
    return null
  }
  return {
    format: 'holdfast-answer-file',
    version: 1,
    submission_id: submissionId,
    login_code: loginCode,
    student_name: studentName,
    answers,
    tab_switches: tabSwitches,
    time_taken: timeTaken,
    started_at: startedAt,
    submitted_at: submittedAt,
    tag,
  }
}

/**
 * The activity log's rows in words (the record_* trigger functions in
 * supabase/definitions/functions/private/ write them): each action with what it concerns and its details, as the Activity screen shows them.
 * Moments are put in words by the caller's `formatMoment`, in the administrator's own locale.
 */

import { keyInWords } from './answer-key'
import { counted } from './counted'

/** One row of public.audit_log, as far as its words need. */
export interface ActivityEntry {
  action: string
  subject: string | null
  details: unknown
}

/** The kinds of action the Activity screen filters by, each with the actions it covers. */
export const activityKinds = {
  codes: { label: 'Login codes', actions: ['codes_generated', 'codes_deleted'] },
  extra_time: { label: 'Extra time', actions: ['extra_time_changed', 'room_time_added'] },
  questions: {
    label: 'Questions',
    actions: ['questions_added', 'questions_imported', 'question_changed', 'questions_deleted'],
  },
  exams: { label: 'Exams', actions: ['exam_created', 'exam_changed', 'exam_duplicated'] },
  schedules: { label: 'Exam schedules', actions: ['schedule_created', 'schedule_changed', 'schedule_deleted'] },
  regrades: { label: 'Key corrections', actions: ['key_corrected'] },
  submissions: {
    label: 'Submissions',
    actions: [
      'answer_file_recovered',
      'submission_voided',
      'submission_restored',
      'submitted_from_server_copy',
      'server_copy_replaced',
    ],
  },
  moves: { label: 'Moves to a new device', actions: ['attempt_move_offered', 'attempt_moved'] },
  notes: { label: 'Proctor notes', actions: ['attempt_noted'] },
  guessing_limits: { label: 'Wrong login code limits', actions: ['guessing_limit_cleared', 'address_trust_ended'] },
  settings: { label: 'Settings', actions: ['settings_changed'] },
} as const satisfies Record<string, { label: string; actions: readonly string[] }>

export type ActivityKind = keyof typeof activityKinds

/** Who made a change, as the log names them: an email, or the service role's key, or the database itself. */
export function describeActor(actor: string): string {
  if (actor === 'service_role') return 'Service role (server key)'
  if (actor === 'system') return 'System'
  return actor
}

type Details = Record<string, unknown>

function detailsOf(entry: ActivityEntry): Details {
  return typeof entry.details === 'object' && entry.details !== null && !Array.isArray(entry.details)
    ? (entry.details as Details)
    : {}
}

function numberOf(value: unknown): number {
  return typeof value === 'number' ? value : 0
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value)
}

/** Whole numbers in runs: [1, 2, 3, 5, 7, 8] as "1–3, 5, 7–8". */
export function numberRuns(numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b)
  const runs: string[] = []
  for (let i = 0; i < sorted.length;) {
    let j = i
    while (j + 1 < sorted.length && sorted[j + 1] === (sorted[j] ?? 0) + 1) j++
    runs.push(i === j ? `${sorted[i]}` : `${sorted[i]}–${sorted[j]}`)
    i = j + 1
  }
  return runs.join(', ')
}

/** Codes listed up to this many, then "and N more". */
const codesListed = 10

function codeList(codes: unknown): string {
  const list = Array.isArray(codes) ? codes.map(textOf) : []
  const shown = list.slice(0, codesListed).join(', ')
  return list.length > codesListed ? `${shown} and ${list.length - codesListed} more` : shown
}

/** A batch whose codes got different extra time names each code's ("; extra time: FRIEND01 180 minutes"). */
function extraTimeByCode(details: Details): string {
  const byCode = details.extra_minutes_by_code
  if (typeof byCode !== 'object' || byCode === null || Array.isArray(byCode)) return ''
  const each = Object.entries(byCode).map(([code, minutes]) => `${code} ${counted(numberOf(minutes), 'minute')}`)
  return each.length > 0 ? `; extra time: ${each.join(', ')}` : ''
}

function questionNumbers(details: Details): string {
  return numberRuns(Array.isArray(details.numbers) ? details.numbers.map(numberOf) : [])
}

function questionsPhrase(details: Details): string {
  const count = numberOf(details.count)
  return count === 1 ? `question ${questionNumbers(details)}` : `${count} questions (${questionNumbers(details)})`
}

/** A question's key as the bank stores it (a letter, or DESCRIPTIVE) in words. */
function questionKeyWords(key: unknown): string {
  const text = textOf(key)
  return text === 'DESCRIPTIVE' ? 'descriptive' : text
}

/**
 * The key of each question a row added, imported or deleted (`keys`, number → key; rows from before
 * migration 20261127000100 have none): " (key B)" for one, "; keys 1: A, 2: B" for several, so a
 * key changed by deleting and re-adding a question reads old and new.
 */
function questionKeys(details: Details): string {
  const keys = details.keys
  if (typeof keys !== 'object' || keys === null || Array.isArray(keys)) return ''
  const entries = Object.entries(keys as Record<string, unknown>).sort(([a], [b]) => Number(a) - Number(b))
  const [only] = entries
  if (!only) return ''
  if (entries.length === 1) return ` (key ${questionKeyWords(only[1])})`
  return `; keys ${entries.map(([number, key]) => `${number}: ${questionKeyWords(key)}`).join(', ')}`
}

/** Each changed field with its old and new value, from a row's `changes`. */
function changedFields(details: Details): Array<[string, unknown, unknown]> {
  const changes = details.changes
  if (typeof changes !== 'object' || changes === null) return []
  return Object.entries(changes as Record<string, unknown>).map(([field, pair]) =>
    Array.isArray(pair) ? [field, pair[0], pair[1]] : [field, undefined, pair],
  )
}

const questionFieldNames: Record<string, string> = {
  question_text: 'the question text',
  option_a: 'option A',
  option_b: 'option B',
  option_c: 'option C',
  option_d: 'option D',
  exam_id: 'the exam (moved to another)',
  exam_category_id: 'the category',
}

function questionChange([field, before, after]: [string, unknown, unknown]): string {
  if (field === 'correct_answer') return `correct answer ${textOf(before)} → ${textOf(after)}`
  if (field === 'question_number') return `number ${textOf(before)} → ${textOf(after)}`
  return `changed ${questionFieldNames[field] ?? field}`
}

/** An exam's settings in words: "30 minutes, questions and options shuffled". */
function examSettings(duration: unknown, shuffleQuestions: unknown, shuffleOptions: unknown): string {
  const shuffled = [shuffleQuestions ? 'questions' : '', shuffleOptions ? 'options' : ''].filter(Boolean)
  return `${counted(numberOf(duration), 'minute')}, ${shuffled.length > 0 ? `${shuffled.join(' and ')} shuffled` : 'nothing shuffled'}`
}

function examChange([field, before, after]: [string, unknown, unknown]): string {
  switch (field) {
    case 'name':
      return `name "${textOf(before)}" → "${textOf(after)}"`
    case 'default_duration_minutes':
      return `default duration ${textOf(before)} → ${textOf(after)} minutes`
    case 'shuffle_questions':
      return after ? 'questions shuffled' : 'questions in order'
    case 'shuffle_options':
      return after ? 'options shuffled' : 'options in order'
    case 'archived_at':
      return after ? 'archived' : 'brought back from the archive'
    default:
      return `${field} changed`
  }
}

function scheduleChange([field, before, after]: [string, unknown, unknown], formatMoment: (iso: string) => string): string {
  switch (field) {
    case 'exam_name':
      return `name "${textOf(before)}" → "${textOf(after)}"`
    case 'start_time':
      return `start ${formatMoment(textOf(before))} → ${formatMoment(textOf(after))}`
    case 'end_time':
      return `end ${formatMoment(textOf(before))} → ${formatMoment(textOf(after))}`
    case 'duration_minutes':
      return `duration ${textOf(before)} → ${textOf(after)} minutes`
    case 'is_active':
      return after ? 'switched on' : 'switched off'
    default:
      return `${field} changed`
  }
}

function scheduleWindow(details: Details, formatMoment: (iso: string) => string): string {
  const state = details.is_active ? 'active' : 'inactive'
  return `${formatMoment(textOf(details.start_time))} to ${formatMoment(textOf(details.end_time))}, ${counted(
    numberOf(details.duration_minutes),
    'minute',
  )}, ${state}`
}

const settingNames: Record<string, string> = {
  institution_name: 'institution name',
  contact_email: 'contact e-mail',
  contact_phone: 'contact phone',
  address: 'address',
  product_name: 'product name',
}

/** One setting's change: "institution name not set → "Springfield High"". */
function settingChange([field, before, after]: [string, unknown, unknown]): string {
  const value = (text: unknown) => (textOf(text) ? `"${textOf(text)}"` : 'not set')
  return `${settingNames[field] ?? field} ${value(before)} → ${value(after)}`
}

/** The settings' changes in the order of the Settings form (the log's JSON keeps its keys in its own order). */
function settingChanges(details: Details): string[] {
  const order = Object.keys(settingNames)
  const rank = ([field]: [string, unknown, unknown]) => (order.includes(field) ? order.indexOf(field) : order.length)
  return changedFields(details)
    .sort((a, b) => rank(a) - rank(b))
    .map(settingChange)
}

/** A key as the log stores it ('B', 'BC', '*') in words. */
function keyWords(key: unknown): string {
  return keyInWords(textOf(key))
}

/** The student a row concerns, by name, else by their code (a student who had not given a name yet). */
function studentOf(details: Details, code: string): string {
  const name = textOf(details.student_name)
  return name ? `${name} (login code ${code})` : `the student of login code ${code}`
}

/** When the server's copy a submission was made from had been saved; a copy never reported had no answers. */
function serverCopySaved(details: Details, formatMoment: (iso: string) => string): string {
  const savedAt = textOf(details.server_copy_saved_at)
  return savedAt ? `last saved ${formatMoment(savedAt)}` : 'nothing was saved'
}

/** What one row of the log says happened, in a sentence. */
export function describeActivity(entry: ActivityEntry, formatMoment: (iso: string) => string): string {
  const details = detailsOf(entry)
  const subject = entry.subject ?? ''
  const count = numberOf(details.count)
  switch (entry.action) {
    case 'codes_generated': {
      const extra = numberOf(details.extra_minutes)
      const withExtra = extra > 0 ? ` with ${counted(extra, 'minute')} of extra time` : ''
      // The batch's label and how many were made for named students (the names stay on the codes).
      const label = textOf(details.label)
      const named = numberOf(details.named_codes)
      const batch = [label && `labelled ${label}`, named > 0 && `${named} for named students`].filter(Boolean).join(', ')
      const about = batch ? ` (${batch})` : ''
      return `Generated ${counted(count, 'login code')}${about}${withExtra}: ${codeList(details.codes)}${extraTimeByCode(details)}`
    }
    case 'codes_deleted': {
      const used =
        Array.isArray(details.used_codes) && details.used_codes.length > 0 ? ` (used: ${codeList(details.used_codes)})` : ''
      return count === 1
        ? `Deleted login code ${codeList(details.codes)}${used}`
        : `Deleted ${count} login codes: ${codeList(details.codes)}${used}`
    }
    case 'extra_time_changed':
      return `Changed the extra time of login code ${subject} from ${numberOf(details.from)} to ${counted(
        numberOf(details.to),
        'minute',
      )}`
    case 'room_time_added':
      return `Added ${counted(numberOf(details.minutes), 'minute')} for everyone still writing: ${counted(
        count,
        'student',
      )} (${codeList(details.codes)})`
    case 'questions_added':
      return `Added ${questionsPhrase(details)}${questionKeys(details)}`
    case 'questions_imported':
      return details.replaced
        ? `A CSV import replaced ${questionsPhrase(details)}${questionKeys(details)}`
        : `Imported ${questionsPhrase(details)} from a CSV file${questionKeys(details)}`
    case 'question_changed':
      return `Changed question ${subject}: ${changedFields(details).map(questionChange).join('; ')}`
    case 'questions_deleted':
      return `${details.all ? 'Deleted all questions: ' : 'Deleted '}${questionsPhrase(details)}${questionKeys(details)}`
    case 'exam_created':
      return `Created the exam "${subject}" (${examSettings(
        details.default_duration_minutes,
        details.shuffle_questions,
        details.shuffle_options,
      )})`
    case 'exam_changed':
      return `Changed the exam "${subject}": ${changedFields(details).map(examChange).join('; ')}`
    case 'exam_duplicated':
      return `Made the exam "${subject}" a copy of "${textOf(details.from_name)}" with ${counted(numberOf(details.questions), 'question')}`
    case 'schedule_created':
      return `Created the exam schedule "${subject}": ${scheduleWindow(details, formatMoment)}`
    case 'schedule_changed':
      return `Changed the exam schedule "${subject}": ${changedFields(details)
        .map((field) => scheduleChange(field, formatMoment))
        .join('; ')}`
    case 'schedule_deleted':
      return `Deleted the exam schedule "${subject}" (${scheduleWindow(details, formatMoment)})`
    case 'answer_file_recovered':
      return `Recovered the submission of ${textOf(details.student_name)} (login code ${subject}) from an answer file${
        details.arrived_late ? ', arrived late' : ''
      }`
    case 'key_corrected':
      return `Corrected the key of question ${subject} from ${keyWords(details.from)} to ${keyWords(details.to)}: ${numberOf(
        details.changed,
      )} of ${counted(numberOf(details.submissions), 'submission')} changed score (${numberOf(details.fail_to_pass)} fail to pass, ${numberOf(
        details.pass_to_fail,
      )} pass to fail), average ${textOf(details.average_before)} → ${textOf(details.average_after)}`
    case 'submission_voided':
      return `Voided the submission of ${textOf(details.student_name)} (login code ${subject}, ${numberOf(details.score)}/${numberOf(
        details.question_count,
      )}): ${textOf(details.reason)}`
    case 'submission_restored':
      return `Restored the submission of ${textOf(details.student_name)} (login code ${subject}, ${numberOf(
        details.score,
      )}/${numberOf(details.question_count)}), voided for: ${textOf(details.reason)}`
    case 'guessing_limit_cleared': {
      const cleared = `Cleared the limit on wrong login codes from ${subject}: ${counted(numberOf(details.failures), 'wrong code')} in the last 10 minutes forgotten`
      if (!details.trust_minutes) return cleared
      return `${cleared}, and stopped limiting this network for ${counted(numberOf(details.trust_minutes), 'minute')}, until ${formatMoment(
        textOf(details.trusted_until),
      )} (single browsers stay limited)`
    }
    case 'attempt_move_offered':
      return `Offered a resume PIN to move ${studentOf(details, subject)} to a new device, valid until ${formatMoment(
        textOf(details.expires_at),
      )}`
    case 'attempt_moved': {
      const offeredBy = textOf(details.offered_by)
      return `${studentOf(details, subject)} resumed the exam on a new device${
        offeredBy ? ` with the PIN from ${offeredBy}` : ''
      }: ${counted(numberOf(details.answers_restored), 'answer')} restored from the server's copy`
    }
    // The attempt's device fell silent: the server submitted the answers it had received by then.
    case 'submitted_from_server_copy':
      return `Submitted the exam of ${studentOf(details, subject)} from the server's copy (${counted(
        numberOf(details.answers),
        'answer',
      )}, ${serverCopySaved(details, formatMoment)}): nothing had arrived from its device by the deadline and its 2 minutes of grace`
    case 'server_copy_replaced': {
      const score =
        typeof details.replaced_score === 'number' ? `, ${details.replaced_score}/${numberOf(details.question_count)}` : ''
      return `The device's own submission (login code ${subject}), made in time, replaced the submission from the server's copy (${serverCopySaved(
        details,
        formatMoment,
      )}${score})`
    }
    // A proctor's seat and note on an attempt (public.note_attempt); both blank removed it.
    case 'attempt_noted': {
      const noted = [textOf(details.seat) && `seat ${textOf(details.seat)}`, textOf(details.note)].filter(Boolean)
      return noted.length > 0
        ? `Note on ${studentOf(details, subject)}: ${noted.join(', ')}`
        : `Removed the note on ${studentOf(details, subject)}`
    }
    case 'settings_changed':
      return `Changed the settings: ${settingChanges(details).join('; ')}`
    case 'address_trust_ended':
      return `Limited the network ${subject} again, before the end of its trust at ${formatMoment(textOf(details.trusted_until))}`
    default:
      return `${entry.action}${subject ? ` (${subject})` : ''}`
  }
}

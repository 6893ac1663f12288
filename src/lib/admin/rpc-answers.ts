import * as v from 'valibot'
import type { AdminResult } from './admin-result'

// Every admin RPC answer that the app parses has its schema here, written from the functions' SQL
// (supabase/schema.sql), and is read through parseAnswer; tests/integration/rpc-answer-schemas.test.ts
// parses the real answers.

/**
 * An admin call's answer read with its schema: what it parsed to, or `failure` (the screen's text) when the
 * call failed or answered another shape, which would put wrong figures on screen.
 */
export function parseAnswer<S extends v.GenericSchema>(
  reply: AdminResult<unknown>,
  schema: S,
  failure: string,
): AdminResult<v.InferOutput<S>> {
  if (!reply.ok) return reply
  const parsed = v.safeParse(schema, reply.data)
  return parsed.success ? { ok: true, data: parsed.output } : { ok: false, error: failure }
}

const count = v.pipe(v.number(), v.integer(), v.minValue(0))

/** A JSON object with a whole number for each of `keys` (admin_counts, admin_live_attempt_counts). */
export function countsSchema<const Key extends string>(keys: readonly Key[]) {
  return v.object(Object.fromEntries(keys.map((key) => [key, count])) as Record<Key, typeof count>)
}

/** admin_live_attempt_counts: a count per status the Proctor Room shows, and the figures a room outage is decided from (src/domain/room-outage.ts). */
export const liveAttemptCountsSchema = v.object({
  ...countsSchema(['offline', 'submitted_on_device', 'refused', 'on_track', 'received', 'writing', 'silent_together']).entries,
  silent_since: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
})

const tally = { total: count, score_sum: count, question_sum: count, passed: count }
const dayKey = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/))

/** admin_results_summary: the figures of the filter, its days, and every day with submissions. */
export const resultsSummarySchema = v.object({
  all_total: count,
  ...tally,
  /** Voided submissions matching the filter, counted in nothing else (docs/product.md#results-and-solutions). */
  voided: count,
  days: v.array(v.object({ day: dayKey, ...tally, voided: count })),
  day_choices: v.array(dayKey),
})

const answerLetterOrNone = v.nullable(v.picklist(['A', 'B', 'C', 'D']))

/** submissions.recovery_check: what the server checked an answer file against (supabase/definitions/functions/public/recover_submission_from_file.sql). */
const answerFileCheckSchema = v.pipe(
  v.object({
    received_at: v.string(),
    file_answers: count,
    counted: count,
    differences: v.array(
      v.object({
        question: v.pipe(v.number(), v.integer(), v.minValue(1)),
        reported: answerLetterOrNone,
        file: answerLetterOrNone,
      }),
    ),
  }),
  v.transform(({ received_at, file_answers, ...rest }) => ({ receivedAt: received_at, fileAnswers: file_answers, ...rest })),
)

/**
 * recover_submission_from_file: the submission recorded (or already in) with what its file was
 * checked against (null for one the device sent itself), or why not.
 */
export const answerFileRecoverySchema = v.variant('outcome', [
  v.object({ outcome: v.literal('accepted'), already_received: v.boolean(), check: v.nullable(answerFileCheckSchema) }),
  v.object({
    outcome: v.picklist(['malformed', 'unknown_code', 'bad_tag', 'not_reported', 'not_started', 'code_used', 'exam_over']),
  }),
])

/** admin_offer_attempt_move: a resume PIN (6 digits) and until when it is valid. */
export const attemptMoveOfferSchema = v.object({
  pin: v.pipe(v.string(), v.regex(/^\d{6}$/)),
  expires_at: v.string(),
})

/** add_time_for_everyone: the minutes added and how many students they reached, or nobody was writing. */
export const roomTimeAnswerSchema = v.variant('outcome', [
  v.object({ outcome: v.literal('added'), students: v.pipe(v.number(), v.integer(), v.minValue(1)), minutes: v.number() }),
  v.object({ outcome: v.literal('nobody_writing') }),
])

/** admin_guessing_limits: each address limited, with a limited browser, close to its limit or trusted (supabase/definitions/functions/public/admin_guessing_limits.sql). */
export const guessingLimitsSchema = v.array(
  v.object({
    client_address: v.string(),
    failures: count,
    limited: v.boolean(),
    limited_clients: count,
    /** Null for a trusted address with no wrong codes in the last 10 minutes. */
    since: v.nullable(v.string()),
    clears_at: v.nullable(v.string()),
    trusted_until: v.nullable(v.string()),
  }),
)

/** clear_guessing_limit: the failures forgotten, the address trusted as well, or it had none left. */
export const guessingLimitClearedSchema = v.variant('outcome', [
  v.object({ outcome: v.literal('cleared'), failures: count }),
  v.object({ outcome: v.literal('trusted'), failures: count, trusted_until: v.string() }),
  v.object({ outcome: v.literal('nothing_to_clear') }),
])

/** end_address_trust: the trust ended, or there was none left to end. */
export const addressTrustEndedSchema = v.variant('outcome', [
  v.object({ outcome: v.literal('ended') }),
  v.object({ outcome: v.literal('not_trusted') }),
])

const ratio = v.nullable(v.number())

/** admin_item_analysis (supabase/definitions/functions/public/admin_item_analysis.sql): per question, and for the exam. */
export const itemAnalysisSchema = v.object({
  students: count,
  questions: count,
  mean: ratio,
  standard_deviation: ratio,
  kr20: ratio,
  items: v.array(
    v.object({
      question_number: count,
      correct_answer: v.string(),
      served: count,
      facility: v.number(),
      discrimination: ratio,
      point_biserial: ratio,
      options: v.object({ A: count, B: count, C: count, D: count }),
      blank: count,
      flags: v.array(v.picklist(['too_easy', 'too_hard', 'negative_discrimination', 'unchosen_option'])),
    }),
  ),
})

/** regrade_question (supabase/definitions/functions/public/regrade_question.sql): the dry run's or the regrade's figures. */
export const regradeFiguresSchema = v.object({
  outcome: v.picklist(['dry_run', 'applied', 'unchanged']),
  question_number: count,
  from: v.string(),
  to: v.string(),
  submissions: count,
  changed: count,
  fail_to_pass: count,
  pass_to_fail: count,
  average_before: v.nullable(v.number()),
  average_after: v.nullable(v.number()),
})

/** void_submission (supabase/definitions/functions/public/void_submission.sql). */
export const voidAnswerSchema = v.object({ outcome: v.picklist(['voided', 'already_voided', 'not_found']) })

/** restore_submission (supabase/definitions/functions/public/restore_submission.sql). */
export const restoreAnswerSchema = v.object({ outcome: v.picklist(['restored', 'not_voided', 'not_found']) })

/** admin_login_code_counts (supabase/definitions/functions/public/admin_login_code_counts.sql): the Login Code Manager's figures. */
export const loginCodeCountsSchema = v.object({
  total: count,
  available: count,
  in_use: count,
  used: count,
  /** Every label the exam's codes carry, in order: the label filter's choices. */
  labels: v.array(v.string()),
})

/** admin_login_codes (supabase/definitions/functions/public/admin_login_codes.sql): a page of codes of one status. */
export const loginCodesPageSchema = v.object({
  total: count,
  /** The first row's position: the page asked for, or the last one when the list has shrunk below it. */
  page_offset: count,
  rows: v.array(
    v.object({
      id: v.string(),
      code: v.string(),
      created_at: v.string(),
      exam_id: v.string(),
      extra_minutes: count,
      label: v.nullable(v.string()),
      student_name: v.nullable(v.string()),
      used_by: v.nullable(v.string()),
      used_at: v.nullable(v.string()),
      status: v.picklist(['available', 'in_use', 'used']),
      /** In use: the name the student started with, and when (their latest attempt). */
      started_by: v.nullable(v.string()),
      started_at: v.nullable(v.string()),
    }),
  ),
})

/** admin_exam_overview (supabase/definitions/functions/public/admin_exam_overview.sql): each exam with its status and figures. */
export const examOverviewSchema = v.array(
  v.object({
    id: v.string(),
    name: v.string(),
    archived_at: v.nullable(v.string()),
    status: v.picklist(['upcoming', 'active', 'closed', 'no_sitting']),
    /** The current or next sitting, else the last; null for an exam without one. */
    sitting: v.nullable(v.object({ id: v.string(), name: v.string(), start_time: v.string(), end_time: v.string() })),
    questions_ready: count,
    codes_available: count,
    codes_used: count,
    submissions: count,
  }),
)

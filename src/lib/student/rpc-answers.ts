import * as v from 'valibot'
import { answerLetters, isOptionOrder, type AnswerLetter } from '../../domain/question'
import {
  attemptReportRefusals,
  examQuestionsRefusals,
  inProgressElsewhere,
  loginCodeRefusals,
  resultLookupRefusals,
  resumeAttemptRefusals,
  submitExamRefusals,
} from '../../domain/student-refusals'

// One schema per student RPC answer, written from the functions' SQL (supabase/schema.sql), each
// refusal from the vocabulary in domain/student-refusals.ts.
// `v.object` keeps only the fields named here, so nothing unexpected is stored on the device;
// tests/integration/rpc-answer-schemas.test.ts parses the real functions' answers with them.

const questionContent = {
  question_number: v.pipe(v.number(), v.integer()),
  question_text: v.string(),
  option_a: v.string(),
  option_b: v.string(),
  option_c: v.string(),
  option_d: v.string(),
}

const answerLetter = v.picklist(answerLetters)

const isoTime = v.pipe(
  v.string(),
  v.check((text) => !Number.isNaN(Date.parse(text)), 'not a time'),
)

/** The order a question's options are shown in ("CADB": shown as A, the question's C). */
const optionOrder = v.pipe(v.string(), v.check(isOptionOrder, 'not an order of A to D'))

const loginCodeOutcome = v.picklist(['valid', inProgressElsewhere, ...loginCodeRefusals])

/** A sitting as check_login_code names it. */
const sittingSchema = v.object({
  name: v.string(),
  start_time: isoTime,
  end_time: isoTime,
  duration_minutes: v.number(),
})

/**
 * check_login_code: the code's status (exam_closed when the window, its end moved by the code's
 * extra minutes, is not open) and, for a code that exists and is not used, its exam with the
 * sitting it would start in now, else its next. A server before several exams (migration
 * 20261127210000) answered the status alone, read here as a code of an unknown exam.
 */
export const loginCodeStatusSchema = v.union([
  v.pipe(
    loginCodeOutcome,
    v.transform((outcome) => ({ outcome, login_code: null, exam: null })),
  ),
  v.object({
    outcome: loginCodeOutcome,
    /** The code as stored, when it exists (the input is found by its key: O as 0, I and L as 1); absent from a server before issue 27. */
    login_code: v.optional(v.nullable(v.string()), null),
    exam: v.optional(
      v.nullable(
        v.object({
          name: v.string(),
          sitting: v.nullable(sittingSchema),
        }),
      ),
      null,
    ),
  }),
])

/** What exam_questions answers on ok, and resume_exam_attempt with it: the questions without their answers and the deadline. */
const examQuestionsFields = {
  /** In the order the student sees them, each with its options' order (absent from a server before migration 20261124001010). */
  questions: v.array(
    v.object({
      id: v.string(),
      ...questionContent,
      option_order: v.optional(optionOrder, 'ABCD'),
    }),
  ),
  duration_minutes: v.number(),
  extra_minutes: v.number(),
  deadline: isoTime,
  server_now: v.string(),
  /** Hex key for the emergency answer file of this code. */
  answer_file_key: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
  /** The code's exam and the sitting it started in (null without one); absent from a server before several exams. */
  exam_name: v.optional(v.nullable(v.string())),
  sitting_name: v.optional(v.nullable(v.string())),
  /** The code as stored (the input is found by its key); absent from a server before issue 27. */
  login_code: v.optional(v.nullable(v.string()), null),
}

/** exam_questions: the questions without their answers and the attempt's deadline, or why not. */
export const examQuestionsAnswerSchema = v.variant('outcome', [
  v.object({ outcome: v.literal('ok'), ...examQuestionsFields }),
  v.object({ outcome: v.literal(inProgressElsewhere) }),
  v.object({ outcome: v.picklist(examQuestionsRefusals) }),
])

/** A question number 1–50, as flags carry them. */
const questionNumber = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50))

/**
 * resume_exam_attempt: the exam as exam_questions gives it, the student's name and the server's copy
 * of the answers and flags (saved_at: when it was reported, null when nothing was), or why not.
 */
export const resumeAttemptAnswerSchema = v.variant('outcome', [
  v.object({
    outcome: v.literal('ok'),
    ...examQuestionsFields,
    student_name: v.string(),
    restored: v.object({
      answers: v.record(v.pipe(v.string(), v.regex(/^[1-9][0-9]?$/)), answerLetter),
      flags: v.array(questionNumber),
      saved_at: v.nullable(isoTime),
    }),
  }),
  v.object({ outcome: v.picklist(resumeAttemptRefusals) }),
])

/** submit_exam: the receipt of a stored submission, or its refusal. */
export const submitExamAnswerSchema = v.variant('outcome', [
  v.object({
    outcome: v.literal('accepted'),
    submission_id: v.string(),
    score: v.number(),
    total: v.number(),
    received_at: v.string(),
    answers_fingerprint: v.string(),
  }),
  v.object({ outcome: v.picklist(submitExamRefusals) }),
])

/**
 * report_exam_attempt: the attempt's deadline (which extra time moves), that the attempt continues on
 * another device, or why the report was not taken.
 */
export const attemptReportAnswerSchema = v.variant('outcome', [
  v.object({ outcome: v.literal('ok'), deadline: v.string() }),
  v.object({ outcome: v.literal('moved'), moved_at: isoTime }),
  v.object({ outcome: v.picklist(attemptReportRefusals) }),
])

/**
 * The answers a solution's score accepts: the letters, or 'void' for a question voided by a key
 * correction ('*' on the wire), which counts for everyone (supabase/definitions/functions/private/list_solutions.sql).
 */
const acceptedAnswers = v.pipe(
  v.string(),
  v.regex(/^(\*|(?=[ABCD])A?B?C?D?)$/, 'not A to D or *'),
  v.transform((text) => (text === '*' ? ('void' as const) : (text.split('') as AnswerLetter[]))),
)

const questionSolutionSchema = v.object({
  ...questionContent,
  /** The student's own order; absent for an answer given before options were shuffled (and from an older server): as written. */
  option_order: v.optional(optionOrder, 'ABCD'),
  accepted: acceptedAnswers,
  /** null when the student left the question unanswered. */
  student_answer: v.nullable(answerLetter),
  // SQL compares the answers, which gives null for an unanswered question.
  is_correct: v.pipe(
    v.optional(v.unknown()),
    v.transform((value) => value === true),
  ),
})

/** lookup_result: the result (with its solutions once they are released), or why not. */
export const resultLookupAnswerSchema = v.variant('outcome', [
  v.object({
    outcome: v.literal('ok'),
    /** The exam the code was for; absent from a server before several exams (migration 20261127210000). */
    exam_name: v.optional(v.nullable(v.string())),
    student_name: v.string(),
    login_code: v.string(),
    started_at: v.string(),
    submitted_at: v.string(),
    score: v.number(),
    /** The questions the student's exam served: what every screen scores out of (50 in a full exam). */
    total: v.number(),
    tab_switches: v.number(),
    time_taken: v.number(),
    /** The answers' fingerprint: the receipt the completion screen showed (public.answers_fingerprint). */
    answers_fingerprint: v.string(),
    /** Per-question solutions for 24 hours from their release (the exam over for everyone); null otherwise. */
    solutions: v.nullable(v.array(questionSolutionSchema)),
    /** While the solutions are shown: until when (their release + 24 hours). Absent from a server before issue 27. */
    solutions_until: v.optional(v.nullable(isoTime), null),
    /** While the solutions are held back: when the exam closes for everyone, if known. Absent from a server older than migration 20261124000100. */
    solutions_release_at: v.optional(v.nullable(v.string()), null),
    /**
     * True while the solutions are held back for the rest of the room, with or without a known
     * release time. Absent from a server older than migration 20261127000200.
     */
    solutions_held: v.optional(v.boolean()),
    /** The score before the examiner corrected the answer key, when they did (supabase/definitions/functions/public/regrade_question.sql). */
    regraded_from: v.optional(v.number()),
  }),
  v.object({ outcome: v.picklist(resultLookupRefusals) }),
])

export type QuestionSolution = v.InferOutput<typeof questionSolutionSchema>

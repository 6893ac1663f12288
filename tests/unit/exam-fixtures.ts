import { startAttempt, type ExamAttempt, type ExamQuestion } from '../../src/domain/exam-attempt'
import { examDb } from '../../src/lib/offline/exam-db'

export const examStart = Date.parse('2026-11-23T09:00:00.000Z')

export const examQuestions: ExamQuestion[] = [1, 2, 3].map((n) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  question_number: n,
  question_text: `Question ${n}`,
  option_a: 'a',
  option_b: 'b',
  option_c: 'c',
  option_d: 'd',
}))

/** A code's answer-file key as the server sends it: 32 bytes in hex. */
export const examAnswerFileKey = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f'

let attemptCounter = 0

/** A started attempt with its own id, for code ABCD1234 unless told otherwise. */
export function examAttempt(fields: Partial<ExamAttempt> = {}): ExamAttempt {
  attemptCounter++
  return {
    ...startAttempt({
      id: `a1b2c3d4-0000-4000-8000-${String(attemptCounter).padStart(12, '0')}`,
      loginCode: 'ABCD1234',
      studentName: 'Ada Lovelace',
      questions: examQuestions,
      startedAt: examStart,
      durationMinutes: 30,
      deadlineIso: new Date(examStart + 30 * 60_000).toISOString(),
      serverOffsetMs: 0,
      answerFileKey: examAnswerFileKey,
    }),
    ...fields,
  }
}

/** A finished attempt, ready for the outbox. */
export function finishedAttempt(fields: Partial<ExamAttempt> = {}): ExamAttempt {
  return examAttempt({ answers: { '1': 'A', '2': 'B', '3': 'C' }, submittedAt: examStart + 600_000, ...fields })
}

export async function clearExamDb(): Promise<void> {
  await Promise.all(examDb.tables.map((table) => table.clear()))
}

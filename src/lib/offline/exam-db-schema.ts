import type { StoredAnswer } from './exam-db'

// The exam database's name, tables and keys, declared once. Dexie's schema (exam-db.ts) is built from
// them, and so are the progress worker's plain IndexedDB writes (progress-write.ts): this module
// imports no Dexie, so the worker's script stays without it.

/** The IndexedDB database that holds everything a student's device keeps about exams. */
export const examDatabaseName = 'holdfast-exam'

/** The exam database's tables (IndexedDB object stores), by the name Dexie gives them. */
export const examTables = {
  attempts: 'attempts',
  outbox: 'outbox',
  cache: 'cache',
  reports: 'reports',
  answers: 'answers',
  positions: 'positions',
  serverCopies: 'serverCopies',
} as const

/** The answers table's primary key, a compound one: the attempt, then the question number. */
export const answerKey = '[attemptId+questionNumber]'

/** An answer row's key, in answerKey's order. */
export function answerRowKey(
  attemptId: string,
  questionNumber: string,
): [StoredAnswer['attemptId'], StoredAnswer['questionNumber']] {
  return [attemptId, questionNumber]
}

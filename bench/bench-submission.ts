/** The answers every benchmark student gives: 50 questions, A B C D in turn. */
export const benchAnswers = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [String(i + 1), 'ABCD'[i % 4]!]))

/** submit_exam's arguments for a student who took 10 minutes and submits now. */
export function benchSubmission(code: string, studentName: string) {
  return {
    submission_id: crypto.randomUUID(),
    code,
    student_name: studentName,
    answers: benchAnswers,
    tab_switches: 0,
    time_taken: 600,
    started_at: new Date(Date.now() - 600_000).toISOString(),
    submitted_at: new Date().toISOString(),
  }
}

// What the server-copy bench's students have on their screens at each progress report, the same
// for the herd's students and the sampled devices: the report rounds stand for 30-second ticks
// spread over the exam, so a student answers more questions from round to round, changes some
// answers, and flags some for review; by the last round every question is answered as
// bench/bench-submission.ts submits it, so that a student's submission and its last report agree.
import type { AnswerLetter } from '../src/domain/question.ts'
import { benchAnswers } from './bench-submission.ts'

const questionCount = 50
const letters = 'ABCD'

/** How many questions student `student` has answered at round `round` of `rounds`. */
function answeredAt(student: number, round: number, rounds: number): number {
  if (round >= rounds - 1) return questionCount
  // Students at different paces: up to 4 questions behind the class.
  return Math.max(0, Math.min(questionCount, Math.round(((round + 1) * questionCount) / rounds) - (student % 5)))
}

/** The answers student `student`'s device holds at round `round`: about one in seven answered differently until the last round. */
export function answersAt(student: number, round: number, rounds: number): Record<string, AnswerLetter> {
  const answers: Record<string, AnswerLetter> = {}
  for (let question = 1; question <= answeredAt(student, round, rounds); question++) {
    const final = benchAnswers[String(question)] as AnswerLetter
    const changing = round < rounds - 1 && (question + student + round) % 7 === 0
    answers[String(question)] = changing ? (letters[(letters.indexOf(final) + 1) % 4] as AnswerLetter) : final
  }
  return answers
}

/** The questions student `student` has flagged "Review later" at round `round`, sorted: about one answered question in ten. */
export function flagsAt(student: number, round: number, rounds: number): number[] {
  const flags: number[] = []
  for (let question = 1; question <= answeredAt(student, round, rounds); question++) {
    if ((question * 7 + student + round) % 10 === 0) flags.push(question)
  }
  return flags
}

/** report_exam_attempt's arguments as student `student`'s device sends them at round `round`. */
export function reportArguments(attempt: { id: string; code: string }, student: number, round: number, rounds: number) {
  const answers = answersAt(student, round, rounds)
  return {
    attempt_id: attempt.id,
    code: attempt.code,
    answered_count: Object.keys(answers).length,
    tab_switches: 0,
    state: 'in_progress',
    online: true,
    reported_at: new Date().toISOString(),
    storage_persistent: true,
    answers,
    flags: flagsAt(student, round, rounds),
  }
}

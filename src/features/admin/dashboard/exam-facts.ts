import { sittingPerExam, type ExamSitting } from '../../../domain/active-schedule'
import { counted } from '../../../domain/counted'

/** What holds for every exam, after the exam's own length and size (docs/product.md#the-exam-in-brief). */
const everyExamFacts = ['Camera monitoring', 'Tab switching tracked', 'Automatic time enforcement']

/** Without a sitting there is no length to name: a line without numbers rather than one that may be wrong. */
export const noSittingFact = 'A set time for multiple-choice questions, shown to students before they start'

function sizeFacts(sitting: ExamSitting): string[] {
  const count = sitting.question_count ?? null
  const questions = count === null ? 'Multiple Choice Questions' : counted(count, 'Multiple Choice Question')
  return [counted(sitting.duration_minutes, 'Minute'), questions]
}

/**
 * The dashboard's Exam Information: the length and question count of the sitting students of `examId`
 * would start in now (every exam's when undefined: one line each, named, where several have one),
 * then what holds for every exam.
 */
export function examInformation(sittings: readonly ExamSitting[], examId: string | undefined, now: Date): string[] {
  const shown = sittingPerExam(
    sittings.filter((sitting) => examId === undefined || sitting.exam_id === examId),
    now,
  )
  const [only] = shown
  const sizes =
    shown.length > 1
      ? shown.map((sitting) => `${sitting.exam}: ${sizeFacts(sitting).join(', ')}`)
      : only
        ? sizeFacts(only)
        : [noSittingFact]
  return [...sizes, ...everyExamFacts]
}

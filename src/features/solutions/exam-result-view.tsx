import { useEffect, useRef } from 'react'
import { Link } from 'react-router-dom'
import { answerReceiptExplanation } from '../../domain/answers-fingerprint'
import { encouragementFor } from '../../domain/encouragement'
import { passMarkPercent, scorePercentage } from '../../domain/score'
import { formatMinutesSeconds } from '../../domain/time-format'
import type { ExamResult } from '../../lib/student/results-api'
import { formatDateTime } from './format-date-time'
import { QuestionSolutions } from './question-solutions'

export const solutionsHeldWithoutTimeMessage = 'Detailed solutions will be available once every student has finished the exam.'

/** The solutions' 24 hours are over (docs/product.md#results-and-solutions). */
export const solutionsGoneMessage =
  'Detailed solutions are no longer available. They can be viewed for 24 hours after the exam closes; your score stays available for 30 days.'

export function solutionsUntilMessage(until: string): string {
  return `Detailed solutions are available until ${formatDateTime(until)}.`
}

type Fact = [label: string, value: string]

/** The result's one-value facts after the score, as the short list under it. */
function factsOf(result: ExamResult): Fact[] {
  return [
    // A server before several exams names none.
    ...(result.exam_name ? [['Exam', result.exam_name] satisfies Fact] : []),
    ['Student Name', result.student_name],
    ['Login Code', result.login_code],
    ['Submitted', formatDateTime(result.submitted_at)],
    ...(result.regraded_from === undefined
      ? []
      : [
          [
            'Regraded',
            `The examiner corrected the answer key; your score was ${result.regraded_from} / ${result.total}`,
          ] satisfies Fact,
        ]),
    ['Correct Answers', String(result.score)],
    ['Incorrect Answers', String(result.total - result.score)],
    ['Tab Switches', String(result.tab_switches)],
    ['Time Taken', formatMinutesSeconds(result.time_taken)],
  ]
}

function FactList({ facts, className }: { facts: Fact[]; className: string }) {
  return (
    <dl className={className}>
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/**
 * A found result, compact on a phone (docs/product.md#results-and-solutions): the score and percentage first, the
 * other facts as a short list, the answer receipt explained, then the solutions or when they come.
 */
export function ExamResultView({ result, onSearchAnotherCode }: { result: ExamResult; onSearchAnotherCode: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null)
  // The form the student used is gone: take them (and their screen reader) to what replaced it.
  useEffect(() => heading.current?.focus(), [])

  const percentage = scorePercentage(result.score, result.total)
  return (
    <section className="exam-result" aria-labelledby="exam-result-heading">
      <h2 id="exam-result-heading" ref={heading} tabIndex={-1}>
        Your Results
      </h2>
      <FactList
        className="exam-result__score"
        facts={[
          ['Score', `${result.score} / ${result.total}`],
          ['Percentage', `${percentage}%`],
        ]}
      />
      <p className="exam-result__encouragement" data-passed={percentage >= passMarkPercent}>
        {encouragementFor(percentage)}
      </p>
      <FactList className="exam-result__facts" facts={factsOf(result)} />
      <div className="exam-result__receipt">
        <p>
          Answer receipt: <code>{result.answers_fingerprint}</code>
        </p>
        <p className="exam-result__receipt-explanation">{answerReceiptExplanation}</p>
      </div>
      <SolutionsOrWhen result={result} />
      <div className="exam-result__actions">
        <button type="button" className="button button--primary" onClick={onSearchAnotherCode}>
          Search Another Code
        </button>
        <Link to="/" className="button">
          Return to Home
        </Link>
      </div>
    </section>
  )
}

function SolutionsOrWhen({ result }: { result: ExamResult }) {
  if (result.solutions) {
    return (
      <>
        {result.solutions_until && <p className="exam-result__notice">{solutionsUntilMessage(result.solutions_until)}</p>}
        <QuestionSolutions solutions={result.solutions} />
      </>
    )
  }
  if (result.solutions_release_at) {
    return (
      <p className="exam-result__notice">
        Detailed solutions will be available after the exam closes at {formatDateTime(result.solutions_release_at)}.
      </p>
    )
  }
  // No schedule limits when a code not yet used may start: the time is not known.
  if (result.solutions_held) return <p className="exam-result__notice">{solutionsHeldWithoutTimeMessage}</p>
  return <p className="exam-result__notice">{solutionsGoneMessage}</p>
}

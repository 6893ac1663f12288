import { useEffect, useRef } from 'react'
import { Link } from 'react-router-dom'
import { encouragementFor } from '../../domain/encouragement'
import { passMarkPercent, scorePercentage } from '../../domain/score'
import { formatMinutesSeconds } from '../../domain/time-format'
import type { ExamResult } from '../../lib/student/results-api'
import { formatDateTime } from './format-date-time'
import { QuestionSolutions } from './question-solutions'

export const solutionsHeldWithoutTimeMessage = 'Detailed solutions will be available once every student has finished the exam.'

export function ExamResultView({ result, onSearchAnotherCode }: { result: ExamResult; onSearchAnotherCode: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null)
  // The form the student used is gone: take them (and their screen reader) to what replaced it.
  useEffect(() => heading.current?.focus(), [])

  const percentage = scorePercentage(result.score, result.total)
  const facts: Array<[label: string, value: string]> = [
    // A server before several exams names none.
    ...(result.exam_name ? [['Exam', result.exam_name] as [string, string]] : []),
    ['Student Name', result.student_name],
    ['Login Code', result.login_code],
    ['Submitted', formatDateTime(result.submitted_at)],
    ['Score', `${result.score} / ${result.total}`],
    ...(result.regraded_from === undefined
      ? []
      : [
          ['Regraded', `The examiner corrected the answer key; your score was ${result.regraded_from} / ${result.total}`] as [
            string,
            string,
          ],
        ]),
    ['Percentage', `${percentage}%`],
    ['Correct Answers', String(result.score)],
    ['Incorrect Answers', String(result.total - result.score)],
    ['Tab Switches', String(result.tab_switches)],
    ['Time Taken', formatMinutesSeconds(result.time_taken)],
  ]

  return (
    <section className="exam-result" aria-labelledby="exam-result-heading">
      <h2 id="exam-result-heading" ref={heading} tabIndex={-1}>
        Your Results
      </h2>
      <p className="exam-result__encouragement" data-passed={percentage >= passMarkPercent}>
        {encouragementFor(percentage)}
      </p>
      <dl className="exam-result__facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {result.solutions ? (
        <QuestionSolutions solutions={result.solutions} />
      ) : result.solutions_release_at ? (
        <p className="exam-result__notice">
          Detailed solutions will be available after the exam closes at {formatDateTime(result.solutions_release_at)}.
        </p>
      ) : result.solutions_held ? (
        // No schedule limits when a code not yet used may start: the time is not known.
        <p className="exam-result__notice">{solutionsHeldWithoutTimeMessage}</p>
      ) : (
        <p className="exam-result__notice">
          Detailed solutions are no longer available. They can be viewed for 24 hours after submission; your score stays available
          for 30 days.
        </p>
      )}
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

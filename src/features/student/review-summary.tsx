import { useEffect, useRef } from 'react'
import { allQuestionsAnswered, type ExamAttempt } from '../../domain/exam-attempt'
import { questionSummaries, type ServerCopy } from '../../domain/server-copy'
import { studentMessages } from '../../domain/student-messages'

interface ReviewSummaryProps {
  attempt: Pick<ExamAttempt, 'questions' | 'answers' | 'flags'>
  serverCopy: ServerCopy | null
  onGoTo: (index: number) => void
  onClose: () => void
  onSubmit: () => void
}

/**
 * "Review before submitting": every question, answered or not, flagged or not, its answer received by the
 * server or on this device only, each a way back to it, and what submitting does. It is the one confirmation:
 * "Submit now" is the manual submit, which needs every question answered (docs/product.md#taking-the-exam).
 */
export function ReviewSummary({ attempt, serverCopy, onGoTo, onClose, onSubmit }: ReviewSummaryProps) {
  const heading = useRef<HTMLHeadingElement>(null)
  // Opened from a button that then leaves the screen: the student (and a screen reader) starts at its heading.
  useEffect(() => heading.current?.focus(), [])
  const allAnswered = allQuestionsAnswered(attempt)
  return (
    <section className="exam-summary student-card" role="dialog" aria-labelledby="review-summary-heading">
      <h2 id="review-summary-heading" ref={heading} tabIndex={-1}>
        Review before submitting
      </h2>
      <ul className="exam-summary__list">
        {questionSummaries(attempt, serverCopy).map((question) => (
          <li key={question.index} className="exam-summary__item">
            <button type="button" className="exam-summary__link" onClick={() => onGoTo(question.index)}>
              Question {question.position}
            </button>
            <span className={question.answered ? 'exam-summary__answered' : 'exam-summary__unanswered'}>
              {question.answered ? '✓ Answered' : '○ Not answered'}
            </span>
            {question.flagged && <span className="exam-summary__flagged">⚑ Flagged for review</span>}
            {question.saved === 'received' && <span>Received by the server</span>}
            {question.saved === 'device_only' && <span>Saved on this device only</span>}
          </li>
        ))}
      </ul>
      <p className="exam-summary__next">{studentMessages.afterSubmit}</p>
      {!allAnswered && (
        <p className="exam__hint" id="review-summary-hint">
          {studentMessages.unansweredQuestions}
        </p>
      )}
      <div className="exam__nav">
        <button type="button" className="button" onClick={onClose}>
          Back to the exam
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={onSubmit}
          disabled={!allAnswered}
          aria-describedby={allAnswered ? undefined : 'review-summary-hint'}
        >
          Submit now
        </button>
      </div>
    </section>
  )
}

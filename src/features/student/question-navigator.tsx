import { answeredCount, type ExamAttempt } from '../../domain/exam-attempt'
import { questionNavigatorName, questionSummaries, type QuestionSummary, type ServerCopy } from '../../domain/server-copy'

interface QuestionNavigatorProps {
  attempt: Pick<ExamAttempt, 'questions' | 'answers' | 'flags' | 'currentIndex'>
  serverCopy: ServerCopy | null
  disabled: boolean
  onGoTo: (index: number) => void
  onReviewAll: () => void
}

/**
 * Numbered jump buttons (docs/product.md#taking-the-exam). Each says, in words and an icon and not by colour
 * alone, whether its question is answered, flagged for review, and whether the server has received its answer
 * or only this device holds it; the button's name says the same to a screen reader.
 */
export function QuestionNavigator({ attempt, serverCopy, disabled, onGoTo, onReviewAll }: QuestionNavigatorProps) {
  return (
    <nav className="question-nav" aria-label="Questions">
      <h2 className="question-nav__title">
        Answered {answeredCount(attempt)} of {attempt.questions.length}
      </h2>
      <ol className="question-nav__list">
        {questionSummaries(attempt, serverCopy).map((question) => {
          const current = question.index === attempt.currentIndex
          return (
            <li key={attempt.questions[question.index]?.id ?? question.index}>
              <button
                type="button"
                className={`question-nav__button${question.answered ? ' question-nav__button--answered' : ''}${current ? ' question-nav__button--current' : ''}`}
                aria-label={questionNavigatorName(question)}
                aria-current={current ? 'step' : undefined}
                disabled={disabled}
                onClick={() => onGoTo(question.index)}
              >
                <span className="question-nav__number">{question.position}</span>
                <QuestionMarks question={question} />
              </button>
            </li>
          )
        })}
      </ol>
      <button type="button" className="button question-nav__review" disabled={disabled} onClick={onReviewAll}>
        Review all answers
      </button>
    </nav>
  )
}

/** The short visible words under a jump button's number (the button's name says them in full). */
function QuestionMarks({ question }: { question: QuestionSummary }) {
  return (
    <span className="question-nav__marks" aria-hidden="true">
      {question.flagged && <span className="question-nav__mark question-nav__mark--flag">⚑ review</span>}
      {question.saved === 'received' && <span className="question-nav__mark">✓ server</span>}
      {question.saved === 'device_only' && <span className="question-nav__mark">● device</span>}
    </span>
  )
}

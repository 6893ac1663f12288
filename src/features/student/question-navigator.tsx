import { answeredCount, type ExamAttempt } from '../../domain/exam-attempt'

interface QuestionNavigatorProps {
  attempt: Pick<ExamAttempt, 'questions' | 'answers' | 'currentIndex'>
  disabled: boolean
  onGoTo: (index: number) => void
}

/** Numbered jump buttons; answered questions are highlighted (docs/product.md#taking-the-exam). */
export function QuestionNavigator({ attempt, disabled, onGoTo }: QuestionNavigatorProps) {
  return (
    <nav className="question-nav" aria-label="Questions">
      <h2 className="question-nav__title">
        Answered {answeredCount(attempt)} of {attempt.questions.length}
      </h2>
      <ol className="question-nav__list">
        {attempt.questions.map((question, index) => {
          const answered = attempt.answers[String(question.question_number)] !== undefined
          const current = index === attempt.currentIndex
          return (
            <li key={question.id}>
              <button
                type="button"
                className={`question-nav__button${answered ? ' question-nav__button--answered' : ''}${current ? ' question-nav__button--current' : ''}`}
                aria-label={`Question ${index + 1}${answered ? ', answered' : ''}`}
                aria-current={current ? 'step' : undefined}
                disabled={disabled}
                onClick={() => onGoTo(index)}
              >
                {index + 1}
              </button>
            </li>
          )
        })}
      </ol>
    </nav>
  )
}

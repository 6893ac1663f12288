import { answerLetters, optionsByLetter } from '../../../domain/question'
import { descriptiveAnswer } from '../../../domain/question-draft'
import type { Question } from '../../../lib/admin/admin-questions'

interface QuestionListProps {
  /** The questions the search matches. */
  questions: Question[]
  /** A search is typed: an empty list then means no match, not an empty bank. */
  searching: boolean
  onEdit: (question: Question) => void
  onDelete: (question: Question) => void
  /** Correct the key after the exam: the dry run, then the regrade. */
  onCorrectKey: (question: Question) => void
}

export function QuestionList({ questions, searching, onEdit, onDelete, onCorrectKey }: QuestionListProps) {
  if (questions.length === 0) {
    return (
      <p className="admin-empty">
        {searching ? 'No questions match your search' : 'No questions added yet. Add your first question to get started.'}
      </p>
    )
  }
  return (
    <ol className="question-list" aria-label="Questions">
      {questions.map((question) => {
        const descriptive = question.correct_answer === descriptiveAnswer
        const options = optionsByLetter(question)
        return (
          <li key={question.id} className="admin-panel question-item">
            <div className="question-item__header">
              <h3>Q{question.question_number}</h3>
              <span className={descriptive ? 'admin-badge admin-badge--purple' : 'admin-badge admin-badge--blue'}>
                {descriptive ? 'Descriptive' : 'MCQ'}
              </span>
              <span className="question-item__actions">
                <button
                  type="button"
                  className="admin-button admin-button--small"
                  aria-label={`Edit question ${question.question_number}`}
                  onClick={() => onEdit(question)}
                >
                  Edit
                </button>
                {!descriptive && (
                  <button
                    type="button"
                    className="admin-button admin-button--small"
                    aria-label={`Correct the key of question ${question.question_number}`}
                    onClick={() => onCorrectKey(question)}
                  >
                    Correct key
                  </button>
                )}
                <button
                  type="button"
                  className="admin-button admin-button--small admin-button--danger"
                  aria-label={`Delete question ${question.question_number}`}
                  onClick={() => onDelete(question)}
                >
                  Delete
                </button>
              </span>
            </div>
            <p className="question-item__text">{question.question_text}</p>
            {!descriptive && (
              <ul className="question-options">
                {answerLetters.map((letter) => {
                  const correct = question.correct_answer === letter
                  return (
                    <li key={letter} className={correct ? 'is-correct' : undefined}>
                      <strong>{letter}.</strong> {options[letter]}
                      {correct && <span className="question-options__correct"> ✓ Correct answer</span>}
                    </li>
                  )
                })}
              </ul>
            )}
          </li>
        )
      })}
    </ol>
  )
}

import { displayedOptions, type AnswerLetter, type DisplayedOption } from '../../domain/question'
import type { QuestionSolution } from '../../lib/student/results-api'

/** Above the solutions: how questions and options are ordered and lettered. */
export const solutionsOrderNote =
  "Questions are listed by their number in the exam, which may not be the order you saw them in. Each question's options are in the order and under the letters you saw; the letter in brackets is the option's letter in the answer key."

/** What the page says of a question an answer-key correction voided. */
export const voidedQuestionNote = 'Voided by the examiner: this question counts as correct for everyone.'

const answerList = new Intl.ListFormat('en-GB', { style: 'long', type: 'conjunction' })

function isAccepted(solution: QuestionSolution, letter: AnswerLetter): boolean {
  return solution.accepted !== 'void' && solution.accepted.includes(letter)
}

function verdict(solution: QuestionSolution): 'Correct' | 'Incorrect' | 'Not answered' | 'Voided' {
  if (solution.accepted === 'void') return 'Voided'
  if (solution.student_answer === null) return 'Not answered'
  return solution.is_correct ? 'Correct' : 'Incorrect'
}

/** An option as the student saw it: the letter it was shown under, its text, and its letter in the answer key. */
function named(option: DisplayedOption): string {
  return `${option.label}: “${option.text}” (option ${option.letter})`
}

/**
 * The student's choice and the correct answer by the letter the student saw, the text, and the letter in the answer
 * key: the exam showed the options in the student's own order, the key names them by their original letters. After a
 * key correction, every answer the score accepts is named, or the question is said to be void.
 */
export function choiceSummary(solution: QuestionSolution): string {
  const options = displayedOptions(solution, solution.option_order)
  const chosen = options.find((option) => option.letter === solution.student_answer)
  const chose = chosen ? `You chose ${named(chosen)}` : null
  if (solution.accepted === 'void') return chose === null ? voidedQuestionNote : `${chose}. ${voidedQuestionNote}`
  const accepted = options.filter((option) => isAccepted(solution, option.letter))
  const several = accepted.length > 1
  const correct = `The correct ${several ? 'answers are' : 'answer is'} ${answerList.format(accepted.map(named))}.`
  if (chose === null) return correct
  if (!solution.is_correct) return `${chose}. ${correct}`
  return several ? `${chose}, a correct answer. ${correct}` : `${chose}, the correct answer.`
}

export function QuestionSolutions({ solutions }: { solutions: QuestionSolution[] }) {
  return (
    <section className="question-solutions" aria-labelledby="question-solutions-heading">
      <h3 id="question-solutions-heading">Detailed Solutions</h3>
      <p className="question-solutions__note">{solutionsOrderNote}</p>
      <ol>
        {solutions.map((solution) => {
          const outcome = verdict(solution)
          return (
            <li key={solution.question_number} className="question-solution">
              <div className="question-solution__header">
                <h4>Question {solution.question_number}</h4>
                <span className="question-solution__verdict" data-verdict={outcome}>
                  {outcome}
                </span>
              </div>
              <p className="question-solution__text">{solution.question_text}</p>
              <ul className="question-solution__options">
                {displayedOptions(solution, solution.option_order).map(({ label, letter, text }) => {
                  const isCorrect = isAccepted(solution, letter)
                  const isChosen = letter === solution.student_answer
                  return (
                    <li key={letter} data-correct={isCorrect} data-chosen={isChosen}>
                      <span className="question-solution__letter">{label}.</span> {text}{' '}
                      <span className="question-solution__key-letter">(option {letter})</span>
                      {isCorrect && <span className="solution-tag solution-tag--correct">Correct answer</span>}
                      {isChosen && (
                        <span className={`solution-tag ${solution.is_correct ? 'solution-tag--correct' : 'solution-tag--wrong'}`}>
                          Your answer
                        </span>
                      )}
                    </li>
                  )
                })}
              </ul>
              <p className="question-solution__summary">{choiceSummary(solution)}</p>
            </li>
          )
        })}
      </ol>
    </section>
  )
}

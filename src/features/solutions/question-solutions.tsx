import { answerLetters, optionsByLetter, type AnswerLetter } from '../../domain/question'
import type { QuestionSolution } from '../../lib/student/results-api'

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

/**
 * The student's choice and the correct answer by letter and text: an exam that shuffled the
 * options showed them under other letters, and the text is what the student recognises. After a
 * key correction, every answer the score accepts is named, or the question is said to be void.
 */
export function choiceSummary(solution: QuestionSolution): string {
  const options = optionsByLetter(solution)
  const named = (letter: AnswerLetter) => `${letter}: “${options[letter]}”`
  const chose = solution.student_answer === null ? null : `You chose ${named(solution.student_answer)}`
  if (solution.accepted === 'void') return chose === null ? voidedQuestionNote : `${chose}. ${voidedQuestionNote}`
  const several = solution.accepted.length > 1
  const correct = `The correct ${several ? 'answers are' : 'answer is'} ${answerList.format(solution.accepted.map(named))}.`
  if (chose === null) return correct
  if (!solution.is_correct) return `${chose}. ${correct}`
  return several ? `${chose}, a correct answer. ${correct}` : `${chose}, the correct answer.`
}

export function QuestionSolutions({ solutions }: { solutions: QuestionSolution[] }) {
  return (
    <section className="question-solutions" aria-labelledby="question-solutions-heading">
      <h3 id="question-solutions-heading">Detailed Solutions</h3>
      <p className="question-solutions__note">
        Questions and options are listed in the exam&apos;s own order and letters. If your exam showed them in another order, find
        your answer by its text.
      </p>
      <ol>
        {solutions.map((solution) => {
          const options = optionsByLetter(solution)
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
                {answerLetters.map((letter) => {
                  const isCorrect = isAccepted(solution, letter)
                  const isChosen = letter === solution.student_answer
                  return (
                    <li key={letter} data-correct={isCorrect} data-chosen={isChosen}>
                      <span className="question-solution__letter">{letter}.</span> {options[letter]}
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

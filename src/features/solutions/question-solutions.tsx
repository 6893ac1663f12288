import { answerLetters, optionsByLetter } from '../../domain/question'
import type { QuestionSolution } from '../../lib/student/results-api'

function verdict(solution: QuestionSolution): 'Correct' | 'Incorrect' | 'Not answered' {
  if (solution.student_answer === null) return 'Not answered'
  return solution.is_correct ? 'Correct' : 'Incorrect'
}

export function QuestionSolutions({ solutions }: { solutions: QuestionSolution[] }) {
  return (
    <section className="question-solutions" aria-labelledby="question-solutions-heading">
      <h3 id="question-solutions-heading">Detailed Solutions</h3>
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
                  const isCorrect = letter === solution.correct_answer
                  const isChosen = letter === solution.student_answer
                  return (
                    <li key={letter} data-correct={isCorrect} data-chosen={isChosen}>
                      <span className="question-solution__letter">{letter}.</span> {options[letter]}
                      {isCorrect && <span className="solution-tag solution-tag--correct">Correct answer</span>}
                      {isChosen && (
                        <span className={`solution-tag ${isCorrect ? 'solution-tag--correct' : 'solution-tag--wrong'}`}>
                          Your answer
                        </span>
                      )}
                    </li>
                  )
                })}
              </ul>
            </li>
          )
        })}
      </ol>
    </section>
  )
}

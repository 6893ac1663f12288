import { useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { allQuestionsAnswered, answeredCount } from '../../domain/exam-attempt'
import { displayedOptions } from '../../domain/question'
import { resumedNotice } from '../../domain/server-copy'
import { answeredProgress, studentMessages } from '../../domain/student-messages'
import { formatClockTimeWithSeconds } from '../../lib/browser/interface-locale'
import { useExamShell } from '../../lib/browser/exam-shell'
import { CameraPreview } from './camera-preview'
import { ClosesEarlyNotice } from './closes-early-notice'
import { ExamTimerDisplay } from './exam-timer-display'
import { MovedScreen } from './moved-screen'
import { QuestionNavigator } from './question-navigator'
import { QuestionSheet } from './question-sheet'
import { ReviewSummary } from './review-summary'
import { SaveStatus } from './save-status'
import { ServerCopyStatus } from './server-copy-status'
import { StudentFlow, useExamSession, type ExamSessionSnapshot } from './student-flow-context'
import { TabSwitchBanner } from './tab-switch-banner'
import { TimeAlert } from './time-alert'
import { TimeAddedNotice } from './time-added-notice'
import { useExamGuards } from './use-exam-guards'

function examPhase(snapshot: ExamSessionSnapshot | undefined): 'answering' | 'submitting' | 'submitFailed' | 'moved' {
  if (snapshot?.matches('moved')) return 'moved'
  if (snapshot?.matches({ inProgress: { phase: 'answering' } })) return 'answering'
  if (snapshot?.matches({ inProgress: { phase: 'submitFailed' } })) return 'submitFailed'
  // Submitting, or stored on the device and being sent by the flow.
  return 'submitting'
}

const ignoreExamEvent = () => {}

/**
 * The exam itself (docs/product.md#taking-the-exam), in the exam shell (no site header, menu or footer): a bar
 * that never scrolls away with the exam's name, timer, progress, save state and the "Questions" sheet; the
 * 5- and 1-minute alerts; the window's end when it cuts the exam short; camera, one question at a time with its
 * "Review later" flag, navigation, the summary before submitting and Submit; or, once the proctor moved the exam
 * to another device, the screen saying so.
 */
export function ExamScreen() {
  useExamShell()
  const session = useExamSession()
  // Once the session has stored the submission, the flow holds the attempt while it is sent.
  const storedAttempt = StudentFlow.useSelector((snapshot) => snapshot.context.attempt)
  const storedTimeUp = StudentFlow.useSelector((snapshot) => snapshot.context.timeUp)
  const attempt = useSelector(session, (snapshot) => snapshot?.context.attempt) ?? storedAttempt
  const timeUp = useSelector(session, (snapshot) => snapshot?.context.timeUp) ?? storedTimeUp
  const error = useSelector(session, (snapshot) => snapshot?.context.error ?? null)
  const serverCopy = useSelector(session, (snapshot) => snapshot?.context.serverCopy ?? null)
  const reviewing = useSelector(session, (snapshot) => snapshot?.matches({ inProgress: { review: 'open' } }) ?? false)
  const resumedFrom = StudentFlow.useSelector((snapshot) => snapshot.context.resumedFrom)
  const now = StudentFlow.useSelector((snapshot) => snapshot.context.now)
  const phase = useSelector(session, examPhase)
  const send = session?.send ?? ignoreExamEvent
  const answering = phase === 'answering'
  useExamGuards(send, answering, attempt?.id)
  const positionHeading = useRef<HTMLHeadingElement>(null)
  const currentIndex = attempt?.currentIndex
  useEffect(() => {
    // Next on the second-to-last question turns into a (disabled) Submit, and closing the summary takes
    // its buttons away: either drops keyboard focus to <body>; catch it on the question's heading
    // instead of losing the student's place.
    if (document.activeElement === document.body) positionHeading.current?.focus()
  }, [currentIndex, reviewing])

  if (!attempt) return null
  if (phase === 'moved') return <MovedScreen attempt={attempt} now={now} />
  const question = attempt.questions[attempt.currentIndex]
  if (!question) return null
  const options = displayedOptions(question, question.option_order)
  const chosen = attempt.answers[String(question.question_number)]
  const isLast = attempt.currentIndex === attempt.questions.length - 1
  const allAnswered = allQuestionsAnswered(attempt)
  const flagged = attempt.flags.includes(question.question_number)

  const questionNavigation = {
    attempt,
    serverCopy,
    disabled: !answering,
    onGoTo: (index: number) => send({ type: 'GO_TO', index }),
    onReviewAll: () => send({ type: 'REVIEW_ANSWERS' }),
  }

  return (
    <div className="exam">
      {/* The exam shell's bar: it stays at the top of the screen however far the question scrolls. */}
      <div className="exam-bar">
        <div className="exam-bar__row">
          {/* An attempt stored before several exams, or from a server that did not name it, is simply the Exam. */}
          <h1 className="exam-bar__name">{attempt.examName ?? 'Exam'}</h1>
          <ExamTimerDisplay session={session} attempt={attempt} />
        </div>
        <div className="exam-bar__row">
          <p className="exam-bar__progress">{answeredProgress(answeredCount(attempt), attempt.questions.length)}</p>
          <QuestionSheet {...questionNavigation} />
        </div>
        <SaveStatus session={session} />
        <ServerCopyStatus session={session} attempt={attempt} />
        {/* In the bar, so a student scrolled down to the options still sees it. */}
        <TimeAlert session={session} />
      </div>
      <ClosesEarlyNotice attempt={attempt} now={now} />
      <p className="exam__student">
        {attempt.studentName} · Login code <span className="student-code">{attempt.loginCode}</span>
      </p>
      {timeUp && (
        <p className="exam__time-up" role="alert">
          {studentMessages.timeUp}
        </p>
      )}
      <TabSwitchBanner session={session} tabSwitches={attempt.tabSwitches} />
      <TimeAddedNotice session={session} />
      {resumedFrom && (
        <p className="exam__resumed" role="status">
          {resumedNotice(resumedFrom, formatClockTimeWithSeconds)}
        </p>
      )}
      <div className="exam__body">
        {reviewing && answering ? (
          <ReviewSummary
            attempt={attempt}
            serverCopy={serverCopy}
            onGoTo={(index) => send({ type: 'GO_TO', index })}
            onClose={() => send({ type: 'CLOSE_REVIEW' })}
            onSubmit={() => send({ type: 'SUBMIT_NOW' })}
          />
        ) : (
          <section className="exam__question student-card" aria-labelledby="question-position">
            <h2 id="question-position" className="exam__position" ref={positionHeading} tabIndex={-1}>
              Question {attempt.currentIndex + 1} of {attempt.questions.length}
            </h2>
            <fieldset className="exam__options" disabled={!answering}>
              <legend className="exam__question-text">{question.question_text}</legend>
              {/* Shown relabelled A to D in the student's order; recorded (and valued) by the option's original letter. */}
              {options.map(({ label, letter, text }) => (
                <label key={letter} className="exam__option">
                  <input
                    type="radio"
                    name={`answer-${question.question_number}`}
                    value={letter}
                    checked={chosen === letter}
                    onChange={() => send({ type: 'ANSWER', questionNumber: question.question_number, letter })}
                  />
                  <span>
                    {label}. {text}
                  </span>
                </label>
              ))}
            </fieldset>
            <button
              type="button"
              className={`button exam__flag${flagged ? ' exam__flag--on' : ''}`}
              aria-pressed={flagged}
              disabled={!answering}
              onClick={() => send({ type: 'TOGGLE_FLAG', questionNumber: question.question_number })}
            >
              <span aria-hidden="true">{flagged ? '⚑ ' : '⚐ '}</span>
              Review later
            </button>
            {error && (
              <p className="student-error" role="alert">
                {error}
              </p>
            )}
            <div className="exam__nav">
              <button
                type="button"
                className="button"
                onClick={() => send({ type: 'PREVIOUS' })}
                disabled={!answering || attempt.currentIndex === 0}
              >
                Previous
              </button>
              {isLast || phase === 'submitFailed' ? (
                <button
                  type="button"
                  className="button button--primary"
                  onClick={() => send({ type: 'SUBMIT' })}
                  disabled={phase === 'submitting' || (!allAnswered && !timeUp)}
                >
                  {phase === 'submitting' ? 'Submitting...' : 'Submit Test'}
                </button>
              ) : (
                <button
                  type="button"
                  className="button button--primary"
                  onClick={() => send({ type: 'NEXT' })}
                  disabled={!answering}
                >
                  Next
                </button>
              )}
            </div>
            {isLast && answering && !allAnswered && <p className="exam__hint">{studentMessages.unansweredQuestions}</p>}
          </section>
        )}
        <aside className="exam__side">
          <CameraPreview />
          <div className="exam__side-navigator">
            <QuestionNavigator {...questionNavigation} />
          </div>
        </aside>
      </div>
    </div>
  )
}

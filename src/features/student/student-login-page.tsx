import { useEffect, useState, type ChangeEvent, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react'
import type { StudentFlowEvent } from '../../../machines/student-flow.machine'
import { studentMessages } from '../../domain/student-messages'
import { afterPaint } from '../../lib/browser/after-paint'
import { loadExamPage } from './exam-page-loader'
import { ScheduleStatusPanel } from './schedule-status-panel'
import { StudentFlow, type StudentFlowSnapshot } from './student-flow-context'
import { preloadExamStorage, preloadProgressWorker } from './student-machines'

function loginStep(snapshot: StudentFlowSnapshot): 'code' | 'name' | 'pin' | 'waiting' {
  if (snapshot.matches('codeStep')) return 'code'
  if (snapshot.matches('nameStep')) return 'name'
  if (snapshot.matches('pinStep')) return 'pin'
  return 'waiting'
}

/**
 * /student: step 1 the login code, step 2 the full name (docs/product.md#taking-the-exam); for a code whose exam
 * is in progress on another device, the proctor's resume PIN instead (docs/product.md#resume-on-another-device).
 */
export function StudentLoginPage() {
  const step = StudentFlow.useSelector(loginStep)
  return (
    <div className="student-page">
      <h1>Student Portal</h1>
      {step === 'code' && <CodeStep />}
      {step === 'name' && <NameStep />}
      {step === 'pin' && <PinStep />}
      {step === 'waiting' && <p role="status">Loading...</p>}
      {/* Under the step, whose place it would otherwise move when it arrives: its height depends on how many
          exams are on, so no reserved space can fit it, and a step that jumps under the student's thumb is worse. */}
      <ScheduleStatusPanel />
    </div>
  )
}

/** A step's one field; the flow's error is shown under it and tied to it, so screen readers announce both. */
function StepField({ id, label, ...input }: { id: string; label: string } & InputHTMLAttributes<HTMLInputElement>) {
  const error = StudentFlow.useSelector((snapshot) => snapshot.context.error)
  const errorId = `${id}-error`
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        {...input}
        aria-invalid={error !== null || undefined}
        aria-describedby={error !== null ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className="student-error" role="alert">
          {error}
        </p>
      )}
    </>
  )
}

/**
 * The exam screen's code and the progress worker arrive while the student types the name or the PIN, so the next
 * button waits only for the questions.
 */
function usePreloadExamScreen() {
  useEffect(
    () =>
      afterPaint(() => {
        void loadExamPage()
        preloadProgressWorker()
      }),
    [],
  )
}

/** The second steps' buttons: Back to the code step, and the step's own submit. */
function BackAndSubmit({ disabled, children }: { disabled?: boolean; children: ReactNode }) {
  const flow = StudentFlow.useActorRef()
  return (
    <div className="student-card__actions">
      <button type="button" className="button" onClick={() => flow.send({ type: 'BACK' })}>
        Back
      </button>
      <button type="submit" className="button button--primary" disabled={disabled}>
        {children}
      </button>
    </div>
  )
}

/**
 * A step's one typed value: the field's value and change handler, and the form's submit, which sends the value
 * to the flow as `event` makes it.
 */
function useStepInput(initial: string, event: (value: string) => StudentFlowEvent) {
  const flow = StudentFlow.useActorRef()
  const [value, setValue] = useState(initial)
  return {
    value,
    onChange: (change: ChangeEvent<HTMLInputElement>) => setValue(change.target.value),
    submit: (submitted: FormEvent) => {
      submitted.preventDefault()
      flow.send(event(value))
    },
  }
}

function CodeStep() {
  const checking = StudentFlow.useSelector((snapshot) => snapshot.matches({ codeStep: 'checking' }))
  const initialCode = StudentFlow.useSelector((snapshot) => snapshot.context.loginCode)
  const { submit, ...code } = useStepInput(initialCode, (value) => ({ type: 'SUBMIT_CODE', code: value }))
  useEffect(() => afterPaint(preloadExamStorage), [])

  return (
    <form className="student-card" onSubmit={submit} noValidate>
      <h2>Step 1 of 2: Login code</h2>
      <StepField
        id="login-code"
        label="Login Code"
        className="student-input student-input--code"
        {...code}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
      />
      <button type="submit" className="button button--primary" disabled={checking}>
        {checking ? 'Validating...' : 'Continue'}
      </button>
    </form>
  )
}

function NameStep() {
  const loginCode = StudentFlow.useSelector((snapshot) => snapshot.context.loginCode)
  const examName = StudentFlow.useSelector((snapshot) => snapshot.context.codeLookup?.exam?.name ?? null)
  const { submit, ...name } = useStepInput('', (value) => ({ type: 'SUBMIT_NAME', name: value }))
  usePreloadExamScreen()

  return (
    <form className="student-card" onSubmit={submit} noValidate>
      <h2>Step 2 of 2: Your name</h2>
      <p className="student-card__note">
        Login code <strong className="student-code">{loginCode}</strong> is valid.
      </p>
      {examName && (
        <p className="student-card__note">
          Exam: <strong>{examName}</strong>
        </p>
      )}
      <StepField
        id="student-name"
        label="Full Name"
        className="student-input"
        {...name}
        autoComplete="name"
        maxLength={200}
        autoFocus
      />
      <BackAndSubmit>Start Test</BackAndSubmit>
    </form>
  )
}

function PinStep() {
  const loginCode = StudentFlow.useSelector((snapshot) => snapshot.context.loginCode)
  const checking = StudentFlow.useSelector((snapshot) => snapshot.matches({ pinStep: 'checking' }))
  const { submit, ...pin } = useStepInput('', (value) => ({ type: 'SUBMIT_PIN', pin: value }))
  usePreloadExamScreen()

  return (
    <form className="student-card" onSubmit={submit} noValidate>
      <h2>Resume your exam</h2>
      <p className="student-card__note">
        <strong>{studentMessages.inProgressElsewhere}</strong>
      </p>
      <p className="student-card__note">{studentMessages.askForResumePin}</p>
      <p className="student-card__note">
        Login code <strong className="student-code">{loginCode}</strong>
      </p>
      <StepField
        id="resume-pin"
        label="Resume PIN"
        className="student-input student-input--code"
        {...pin}
        inputMode="numeric"
        autoComplete="one-time-code"
        spellCheck={false}
        autoFocus
      />
      <BackAndSubmit disabled={checking}>{checking ? 'Resuming...' : 'Resume on this device'}</BackAndSubmit>
    </form>
  )
}

import { useState, type FormEvent } from 'react'
import { ScheduleStatusPanel } from './schedule-status-panel'
import { StudentFlow, type StudentFlowSnapshot } from './student-flow-context'

function loginStep(snapshot: StudentFlowSnapshot): 'code' | 'name' | 'waiting' {
  if (snapshot.matches('codeStep')) return 'code'
  if (snapshot.matches('nameStep')) return 'name'
  return 'waiting'
}

/** /student: step 1 the login code, step 2 the full name (spec §2). */
export function StudentLoginPage() {
  const step = StudentFlow.useSelector(loginStep)
  return (
    <div className="student-page">
      <h1>Student Portal</h1>
      <ScheduleStatusPanel />
      {step === 'code' && <CodeStep />}
      {step === 'name' && <NameStep />}
      {step === 'waiting' && <p role="status">Loading...</p>}
    </div>
  )
}

function StepError({ id }: { id: string }) {
  const error = StudentFlow.useSelector((snapshot) => snapshot.context.error)
  if (!error) return null
  return (
    <p id={id} className="student-error" role="alert">
      {error}
    </p>
  )
}

function CodeStep() {
  const flow = StudentFlow.useActorRef()
  const checking = StudentFlow.useSelector((snapshot) => snapshot.matches({ codeStep: 'checking' }))
  const hasError = StudentFlow.useSelector((snapshot) => snapshot.context.error !== null)
  const [code, setCode] = useState(() => flow.getSnapshot().context.loginCode)

  function submit(event: FormEvent) {
    event.preventDefault()
    flow.send({ type: 'SUBMIT_CODE', code })
  }

  return (
    <form className="student-card" onSubmit={submit} noValidate>
      <h2>Step 1 of 2: Login code</h2>
      <label htmlFor="login-code">Login Code</label>
      <input
        id="login-code"
        className="student-input student-input--code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        aria-invalid={hasError || undefined}
        aria-describedby={hasError ? 'login-code-error' : undefined}
      />
      <StepError id="login-code-error" />
      <button type="submit" className="button button--primary" disabled={checking}>
        {checking ? 'Validating...' : 'Continue'}
      </button>
    </form>
  )
}

function NameStep() {
  const flow = StudentFlow.useActorRef()
  const loginCode = StudentFlow.useSelector((snapshot) => snapshot.context.loginCode)
  const hasError = StudentFlow.useSelector((snapshot) => snapshot.context.error !== null)
  const [name, setName] = useState('')

  function submit(event: FormEvent) {
    event.preventDefault()
    flow.send({ type: 'SUBMIT_NAME', name })
  }

  return (
    <form className="student-card" onSubmit={submit} noValidate>
      <h2>Step 2 of 2: Your name</h2>
      <p className="student-card__note">
        Login code <strong className="student-code">{loginCode}</strong> is valid.
      </p>
      <label htmlFor="student-name">Full Name</label>
      <input
        id="student-name"
        className="student-input"
        value={name}
        onChange={(event) => setName(event.target.value)}
        autoComplete="name"
        autoFocus
        aria-invalid={hasError || undefined}
        aria-describedby={hasError ? 'student-name-error' : undefined}
      />
      <StepError id="student-name-error" />
      <div className="student-card__actions">
        <button type="button" className="button" onClick={() => flow.send({ type: 'BACK' })}>
          Back
        </button>
        <button type="submit" className="button button--primary">
          Start Test
        </button>
      </div>
    </form>
  )
}

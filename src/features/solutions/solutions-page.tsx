import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { ExamResultView } from './exam-result-view'
import { formatDateTime } from './format-date-time'
import { useResultLookup } from './use-result-lookup'
import './solutions.css'

export function SolutionsPage() {
  const { state, lookUp, reset } = useResultLookup()
  const [typedCode, setTypedCode] = useState('')
  const codeInput = useRef<HTMLInputElement>(null)
  const inputId = useId()
  const messageId = useId()

  function submit(event: FormEvent) {
    event.preventDefault()
    lookUp(typedCode)
  }

  function searchAnotherCode() {
    setTypedCode('')
    reset()
  }

  // Back on the form after a result ("Search Another Code"), the student types straight away.
  const showingForm = state.status !== 'found'
  const hadResult = useRef(false)
  useEffect(() => {
    if (showingForm && hadResult.current) codeInput.current?.focus()
    hadResult.current = !showingForm
  }, [showingForm])

  return (
    <div className="solutions-page">
      <h1>View Results</h1>
      {state.status === 'found' ? (
        <ExamResultView result={state.result} onSearchAnotherCode={searchAnotherCode} />
      ) : (
        <>
          <p className="solutions-page__intro">
            Enter the login code you used for your exam to see your score and the solutions.
          </p>
          <form className="lookup-form" onSubmit={submit} noValidate>
            <label htmlFor={inputId}>Login code</label>
            <div className="lookup-form__row">
              <input
                ref={codeInput}
                id={inputId}
                name="login-code"
                value={typedCode}
                onChange={(event) => setTypedCode(event.target.value)}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                aria-invalid={state.status === 'refused'}
                aria-describedby={state.status === 'refused' || state.status === 'pending' ? messageId : undefined}
              />
              <button type="submit" className="button button--primary" disabled={state.status === 'searching'}>
                {state.status === 'searching' ? 'Searching...' : 'View My Results'}
              </button>
            </div>
          </form>
          {state.status === 'refused' && (
            <p id={messageId} className="lookup-message lookup-message--error" role="alert">
              {state.message}
            </p>
          )}
          {state.status === 'pending' && (
            <p id={messageId} className="lookup-message lookup-message--pending" role="status">
              Your exam for this login code was submitted on this device on {formatDateTime(state.submittedAt)} and is still
              waiting to be sent. It is sent automatically as soon as this device is back online; look up your result again after
              that.
            </p>
          )}
          <p className="lookup-hint">
            Just finished your exam? Please wait a moment before looking up your result, so your submission can reach the server.
          </p>
          <section className="lookup-how-to" aria-labelledby="lookup-how-to-heading">
            <h2 id="lookup-how-to-heading">How to view your results</h2>
            <ol>
              <li>Enter the login code you used to take the exam.</li>
              <li>Select View My Results, or press Enter.</li>
              <li>Review your score and, for 24 hours after the exam closes, the solution to every question.</li>
            </ol>
          </section>
        </>
      )}
    </div>
  )
}

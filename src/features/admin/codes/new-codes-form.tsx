import { useId, useState, type FormEvent } from 'react'
import { counted } from '../../../domain/counted'
import { maxExtraMinutes, parseExtraMinutes } from '../../../domain/extra-time'
import { checkCodeBatch, maxCodesPerBatch, maxLabelLength, namesOfList } from '../../../domain/login-code-batch'
import type { GenerationRequest } from '../../../lib/admin/admin-login-codes'
import { MinutesInput } from '../components/minutes-input'

/** The quick batch sizes beside the number field (docs/product.md#login-codes). */
const quickCounts = [1, 5]

interface NewCodesFormProps {
  generating: boolean
  /** Generates the batch; answers whether it was made, so the names can be cleared. */
  onGenerate: (request: GenerationRequest) => Promise<boolean>
  onInvalid: (message: string) => void
}

/**
 * New codes: "Generate 1", "Generate 5", or any number up to 500, or one code per name of a
 * pasted class list, with an optional label and extra time. Nothing is generated until every
 * field is right.
 */
export function NewCodesForm({ generating, onGenerate, onInvalid }: NewCodesFormProps) {
  const [countText, setCountText] = useState('10')
  const [label, setLabel] = useState('')
  const [names, setNames] = useState('')
  const [extraMinutesText, setExtraMinutesText] = useState('0')
  const hintId = useId()
  const nameCount = namesOfList(names).length

  async function generate(count: string) {
    const extraMinutes = parseExtraMinutes(extraMinutesText)
    if (!extraMinutes.ok) return onInvalid(extraMinutes.error)
    const checked = checkCodeBatch({ count, label, names })
    if (!checked.ok) return onInvalid(checked.error)
    const made = await onGenerate({ ...checked.batch, extraMinutes: extraMinutes.minutes })
    if (made && checked.batch.names.length > 0) setNames('')
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    void generate(countText)
  }

  return (
    <section className="admin-panel new-codes" aria-labelledby="new-codes-title">
      <h2 id="new-codes-title">New codes</h2>
      {/* noValidate: our messages replace the browser's. */}
      <form onSubmit={submit} noValidate className="new-codes__form">
        <div className="new-codes__fields">
          <label className="admin-field">
            <span>Label (optional)</span>
            <input
              value={label}
              onChange={(event) => setLabel(event.target.value)}
              maxLength={maxLabelLength}
              placeholder="Class 10B, Room 4"
              disabled={generating}
            />
          </label>
          <label className="admin-field">
            <span>Extra time for new codes (minutes, 0 to {maxExtraMinutes})</span>
            <MinutesInput
              min={0}
              max={maxExtraMinutes}
              value={extraMinutesText}
              onChange={setExtraMinutesText}
              disabled={generating}
            />
          </label>
        </div>
        <label className="admin-field">
          <span>Names (optional, one per line)</span>
          <textarea
            value={names}
            onChange={(event) => setNames(event.target.value)}
            rows={4}
            aria-describedby={hintId}
            disabled={generating}
          />
        </label>
        <p id={hintId} className="admin-muted new-codes__hint" aria-live="polite">
          {nameCount > 0
            ? `Generate makes ${counted(nameCount, 'code')}, one per name.`
            : `Paste a class list to make one code per student, up to ${maxCodesPerBatch}.`}
        </p>
        <div className="new-codes__buttons">
          {quickCounts.map((count) => (
            <button
              key={count}
              type="button"
              className="admin-button"
              onClick={() => void generate(String(count))}
              // With names, the names decide how many: only Generate makes them.
              disabled={generating || nameCount > 0}
            >
              {`Generate ${count}`}
            </button>
          ))}
          <label className="admin-field admin-field--inline">
            <span>Number of codes</span>
            <input
              type="number"
              min={1}
              max={maxCodesPerBatch}
              step={1}
              inputMode="numeric"
              value={nameCount > 0 ? String(nameCount) : countText}
              onChange={(event) => setCountText(event.target.value)}
              disabled={generating || nameCount > 0}
            />
          </label>
          <button type="submit" className="admin-button admin-button--primary" disabled={generating}>
            {generating ? 'Generating...' : 'Generate'}
          </button>
        </div>
      </form>
    </section>
  )
}

import { useCallback, useEffect, useState } from 'react'
import { optionsByLetter } from '../../../domain/question'
import type { Question } from '../../../lib/admin/admin-questions'
import { regradeQuestion, type RegradeFigures } from '../../../lib/admin/key-correction'
import { AdminDialog } from '../components/admin-dialog'
import { DialogActions } from '../components/dialog-actions'
import { useDialogAction } from '../components/use-dialog-action'

const letters = ['A', 'B', 'C', 'D'] as const
type Kind = 'one' | 'several' | 'void'

interface KeyCorrectionDialogProps {
  question: Question
  /** The key the admin asked for in the form ('B'), if any. */
  proposed?: string
  onClose: () => void
  /** After the regrade: the key now in the bank when it is one letter. */
  onApplied: (figures: RegradeFigures) => void
}

/** The letters `kind` and `chosen` stand for, in the server's form: 'B', 'BC' or '*'; '' for no letter. */
function acceptedOf(kind: Kind, chosen: readonly string[]): string {
  if (kind === 'void') return '*'
  return letters.filter((letter) => chosen.includes(letter)).join('')
}

/** The dry run's figures as the table's rows: what each counts, and its value. */
function dryRunRows(figures: RegradeFigures): [string, string | number][] {
  return [
    ['Submissions with this question', figures.submissions],
    ['Change score', figures.changed],
    ['Fail to pass', figures.fail_to_pass],
    ['Pass to fail', figures.pass_to_fail],
    ['Average before', figures.average_before ?? '—'],
    ['Average after', figures.average_after ?? '—'],
  ]
}

/**
 * Correcting a question's answer key after the exam: another letter, several accepted, or void
 * (counts for everyone). Shows the dry run (who changes score, from fail to pass and back, the
 * average before and after) for the choice, and applies the regrade or cancels.
 */
export function KeyCorrectionDialog({ question, proposed, onClose, onApplied }: KeyCorrectionDialogProps) {
  const [kind, setKind] = useState<Kind>('one')
  const [chosen, setChosen] = useState<string[]>([proposed ?? question.correct_answer])
  const [figures, setFigures] = useState<RegradeFigures>()
  const { busy: applying, error, setError, run } = useDialogAction()
  const accepted = acceptedOf(kind, chosen)
  const options = optionsByLetter(question)
  /** Each option with its text ("B. Paris"), so the key is chosen by what the students read. */
  const optionName = (letter: (typeof letters)[number]) => `${letter}. ${options[letter]}`

  // setError is useState's setter (stable): a dependency only because the linter cannot see through useDialogAction.
  const preview = useCallback(async () => {
    setFigures(undefined)
    if (accepted === '') return
    const result = await regradeQuestion(question.id, accepted, false)
    if (result.ok) setFigures(result.data)
    else setError(result.error)
  }, [accepted, question.id, setError])

  useEffect(() => {
    void preview()
  }, [preview])

  async function apply() {
    await run(() => regradeQuestion(question.id, accepted, true), onApplied)
  }

  function toggle(letter: string) {
    setChosen((current) => (current.includes(letter) ? current.filter((l) => l !== letter) : [...current, letter]))
  }

  return (
    <AdminDialog title={`Correct the key of question ${question.question_number}`} onClose={() => !applying && onClose()}>
      <p className="admin-muted">
        Submissions already made are regraded against the exam each student was given. Nothing changes until you apply.
      </p>
      <fieldset className="key-correction__kinds">
        <legend>New key</legend>
        <label className="admin-checkbox">
          <input
            type="radio"
            name="kind"
            checked={kind === 'one'}
            onChange={() => {
              setKind('one')
              setChosen([chosen[0] ?? 'A'])
            }}
          />
          One correct answer
        </label>
        {kind === 'one' && (
          <label className="admin-field admin-field--inline">
            <span>Correct answer</span>
            <select value={chosen[0] ?? 'A'} onChange={(event) => setChosen([event.target.value])}>
              {letters.map((letter) => (
                <option key={letter} value={letter}>
                  {optionName(letter)}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="admin-checkbox">
          <input type="radio" name="kind" checked={kind === 'several'} onChange={() => setKind('several')} />
          Accept several answers
        </label>
        {kind === 'several' &&
          letters.map((letter) => (
            <label key={letter} className="admin-checkbox">
              <input type="checkbox" checked={chosen.includes(letter)} onChange={() => toggle(letter)} />
              Accept {optionName(letter)}
            </label>
          ))}
        <label className="admin-checkbox">
          <input type="radio" name="kind" checked={kind === 'void'} onChange={() => setKind('void')} />
          Void (counts for everyone)
        </label>
      </fieldset>
      <section aria-label="Dry run" aria-live="polite">
        {accepted === '' ? (
          <p>Choose at least one answer.</p>
        ) : figures ? (
          <table className="key-correction__figures">
            <caption className="visually-hidden">What the regrade would change</caption>
            <tbody>
              {dryRunRows(figures).map(([name, value]) => (
                <tr key={name}>
                  <th scope="row">{name}</th>
                  <td>{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p role="status">Computing the dry run...</p>
        )}
      </section>
      <DialogActions error={error} onCancel={onClose} busy={applying}>
        <button
          type="button"
          className="admin-button admin-button--primary"
          disabled={applying || !figures}
          onClick={() => void apply()}
        >
          {applying ? 'Regrading...' : 'Apply and regrade'}
        </button>
      </DialogActions>
    </AdminDialog>
  )
}

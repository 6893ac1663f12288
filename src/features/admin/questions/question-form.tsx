import type { Ref } from 'react'
import { answerLetters } from '../../../domain/question'
import { fullBankMessage, type QuestionDraft, type QuestionType } from '../../../domain/question-draft'
import { examSize } from '../../../domain/score'
import { EditorForm } from '../components/editor-form'
import { FlashMessages } from '../components/flash-messages'
import type { FlashMessages as Messages } from '../components/use-flash-messages'

interface QuestionFormProps {
  draft: QuestionDraft
  editing: boolean
  saving: boolean
  /** A new question with all 50 numbers taken: the form says so and Save is disabled. */
  fullBank: boolean
  /** The last save's outcome, shown just above Save so that it is in view where Save is. */
  outcome: Messages
  /** Opened over the list (a phone): the dialog names the form, and Cancel closes it. */
  inDialog: boolean
  onChange: (draft: QuestionDraft) => void
  onTypeChange: (type: QuestionType) => void
  onNumberChange: (value: string) => void
  onSubmit: () => void
  onCancel: () => void
  /** The first field, focused by "Add Question" and "Edit". */
  firstFieldRef: Ref<HTMLSelectElement>
}

/** The form's name: its heading beside the list, the dialog's title over it. */
export function questionFormTitle(editing: boolean): string {
  return editing ? 'Edit Question' : 'Add New Question'
}

export function QuestionForm({
  draft,
  editing,
  saving,
  fullBank,
  outcome,
  inDialog,
  onChange,
  onTypeChange,
  onNumberChange,
  onSubmit,
  onCancel,
  firstFieldRef,
}: QuestionFormProps) {
  return (
    <EditorForm
      title={questionFormTitle(editing)}
      submitLabel={editing ? 'Update Question' : 'Save Question'}
      editing={editing || inDialog}
      saving={saving || fullBank}
      onSubmit={onSubmit}
      onCancel={onCancel}
      titleShown={!inDialog}
    >
      <label className="admin-field">
        <span>Question type</span>
        <select ref={firstFieldRef} value={draft.type} onChange={(event) => onTypeChange(event.target.value as QuestionType)}>
          <option value="mcq">Multiple choice (MCQ)</option>
          <option value="descriptive">Descriptive</option>
        </select>
      </label>
      <label className="admin-field">
        <span>Question number</span>
        <input
          type="number"
          min={1}
          max={examSize}
          step={1}
          value={draft.questionNumber}
          onChange={(event) => onNumberChange(event.target.value)}
        />
      </label>
      <label className="admin-field">
        <span>Question text</span>
        <textarea
          rows={4}
          value={draft.questionText}
          onChange={(event) => onChange({ ...draft, questionText: event.target.value })}
        />
      </label>
      {draft.type === 'mcq' && (
        <>
          {answerLetters.map((letter) => (
            <label key={letter} className="admin-field">
              <span>Option {letter}</span>
              <input
                value={draft.options[letter]}
                onChange={(event) => onChange({ ...draft, options: { ...draft.options, [letter]: event.target.value } })}
              />
            </label>
          ))}
          <label className="admin-field">
            <span>Correct answer</span>
            <select
              value={draft.correctAnswer}
              onChange={(event) => onChange({ ...draft, correctAnswer: event.target.value as QuestionDraft['correctAnswer'] })}
            >
              {answerLetters.map((letter) => (
                <option key={letter} value={letter}>
                  {letter}
                </option>
              ))}
            </select>
          </label>
        </>
      )}
      {fullBank && <p className="question-form__full">{fullBankMessage}</p>}
      <FlashMessages error={outcome.error} success={outcome.success} />
    </EditorForm>
  )
}

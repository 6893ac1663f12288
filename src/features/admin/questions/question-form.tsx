import type { Ref } from 'react'
import { answerLetters } from '../../../domain/question'
import type { QuestionDraft, QuestionType } from '../../../domain/question-draft'
import { examSize } from '../../../domain/score'
import { EditorForm } from '../components/editor-form'

interface QuestionFormProps {
  draft: QuestionDraft
  editing: boolean
  saving: boolean
  onChange: (draft: QuestionDraft) => void
  onTypeChange: (type: QuestionType) => void
  onNumberChange: (value: string) => void
  onSubmit: () => void
  onCancel: () => void
  /** The first field, focused by "Add Question" and "Edit". */
  firstFieldRef: Ref<HTMLSelectElement>
}

export function QuestionForm({
  draft,
  editing,
  saving,
  onChange,
  onTypeChange,
  onNumberChange,
  onSubmit,
  onCancel,
  firstFieldRef,
}: QuestionFormProps) {
  return (
    <EditorForm
      title={editing ? 'Edit Question' : 'Add New Question'}
      submitLabel={editing ? 'Update Question' : 'Save Question'}
      editing={editing}
      saving={saving}
      onSubmit={onSubmit}
      onCancel={onCancel}
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
    </EditorForm>
  )
}

import type { Ref } from 'react'
import { maxDurationMinutes, minDurationMinutes, type ScheduleDraft } from '../../../domain/schedule-draft'
import { EditorForm } from '../components/editor-form'

interface ScheduleFormProps {
  draft: ScheduleDraft
  editing: boolean
  saving: boolean
  onChange: (draft: ScheduleDraft) => void
  onSubmit: () => void
  onCancel: () => void
  /** The first field, focused when an existing schedule is opened for editing. */
  firstFieldRef: Ref<HTMLInputElement>
}

export function ScheduleForm({ draft, editing, saving, onChange, onSubmit, onCancel, firstFieldRef }: ScheduleFormProps) {
  return (
    <EditorForm
      title={editing ? 'Edit Schedule' : 'New Schedule'}
      submitLabel={editing ? 'Update Schedule' : 'Create Schedule'}
      editing={editing}
      saving={saving}
      onSubmit={onSubmit}
      onCancel={onCancel}
    >
      <label className="admin-field">
        <span>Exam name</span>
        <input
          ref={firstFieldRef}
          value={draft.examName}
          onChange={(event) => onChange({ ...draft, examName: event.target.value })}
        />
      </label>
      <label className="admin-field">
        <span>Start date and time</span>
        <input
          type="datetime-local"
          value={draft.startTime}
          onChange={(event) => onChange({ ...draft, startTime: event.target.value })}
        />
      </label>
      <label className="admin-field">
        <span>End date and time</span>
        <input
          type="datetime-local"
          value={draft.endTime}
          onChange={(event) => onChange({ ...draft, endTime: event.target.value })}
        />
      </label>
      <label className="admin-field">
        <span>Duration (minutes)</span>
        <input
          type="number"
          min={minDurationMinutes}
          max={maxDurationMinutes}
          step={1}
          value={draft.durationMinutes}
          onChange={(event) => onChange({ ...draft, durationMinutes: event.target.value })}
        />
      </label>
      <label className="admin-checkbox">
        <input
          type="checkbox"
          checked={draft.isActive}
          onChange={(event) => onChange({ ...draft, isActive: event.target.checked })}
        />
        <span>Active Schedule</span>
      </label>
      <label className="admin-checkbox">
        <input
          type="checkbox"
          checked={draft.shuffleQuestions}
          onChange={(event) => onChange({ ...draft, shuffleQuestions: event.target.checked })}
        />
        <span>Shuffle question order</span>
      </label>
      <label className="admin-checkbox">
        <input
          type="checkbox"
          checked={draft.shuffleOptions}
          onChange={(event) => onChange({ ...draft, shuffleOptions: event.target.checked })}
        />
        <span>Shuffle answer options</span>
      </label>
    </EditorForm>
  )
}

import type { FormEvent, Ref } from 'react'
import { maxDurationMinutes, minDurationMinutes, type ScheduleDraft } from '../../../domain/schedule-draft'

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
  function submit(event: FormEvent) {
    event.preventDefault()
    onSubmit()
  }

  return (
    <form className="admin-panel admin-form" aria-labelledby="schedule-form-title" onSubmit={submit} noValidate>
      <h2 id="schedule-form-title">{editing ? 'Edit Schedule' : 'New Schedule'}</h2>
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
      <div className="admin-button-row">
        <button type="submit" className="admin-button admin-button--primary" disabled={saving}>
          {editing ? 'Update Schedule' : 'Create Schedule'}
        </button>
        {editing && (
          <button type="button" className="admin-button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  )
}

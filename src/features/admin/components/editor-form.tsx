import { useId, type FormEvent, type ReactNode } from 'react'

interface EditorFormProps {
  title: string
  submitLabel: string
  /** Editing an existing row: Cancel goes back to adding a new one. */
  editing: boolean
  saving: boolean
  onSubmit: () => void
  onCancel: () => void
  /** False inside a dialog, whose own heading names the form. */
  titleShown?: boolean
  children: ReactNode
}

/** A manager screen's add-or-edit form: its fields, then the save button and, while editing, Cancel. */
export function EditorForm({
  title,
  submitLabel,
  editing,
  saving,
  onSubmit,
  onCancel,
  titleShown = true,
  children,
}: EditorFormProps) {
  const titleId = useId()

  function submit(event: FormEvent) {
    event.preventDefault()
    onSubmit()
  }

  return (
    // noValidate: our own messages replace the browser's.
    <form
      className="admin-panel admin-form"
      aria-labelledby={titleShown ? titleId : undefined}
      aria-label={titleShown ? undefined : title}
      onSubmit={submit}
      noValidate
    >
      {titleShown && <h2 id={titleId}>{title}</h2>}
      {children}
      <div className="admin-button-row">
        <button type="submit" className="admin-button admin-button--primary" disabled={saving}>
          {submitLabel}
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

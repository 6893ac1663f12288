import { useState } from 'react'
import type { AdminResult } from '../../../lib/admin/admin-result'
import type { FlashMessages } from './use-flash-messages'

/** A draft's check: the fields to send, or the form's message for the first field that is wrong. */
type CheckedDraft<Fields> = { ok: true; fields: Fields } | { ok: false; error: string }

interface AdminEditorOptions<Fields> {
  messages: FlashMessages
  /** Reads the list again after a change. */
  reload: () => Promise<void>
  create: (fields: Fields) => Promise<AdminResult<unknown>>
  update: (id: string, fields: Fields) => Promise<AdminResult<unknown>>
  /** The success messages of a save (docs/product.md#what-administrators-do). */
  saved: { created: string; updated: string }
  /** Empties the form for a new item. */
  emptyDraft: () => void
}

/**
 * The save flow of an admin list with an editor beside it (questions, schedules): which item is
 * being edited, whether a save is running, and every change ending the same way (the server's
 * refusal in the red banner, or the success message and the list read again).
 */
export function useAdminEditor<Item extends { id: string }, Fields>(options: AdminEditorOptions<Fields>) {
  const { messages, reload, create, update, saved, emptyDraft } = options
  const [editing, setEditing] = useState<Item | null>(null)
  const [saving, setSaving] = useState(false)

  /** Leaves editing and empties the form for a new item. */
  function startNew() {
    setEditing(null)
    emptyDraft()
  }

  /** Ends a change: the refusal in the red banner, or `then`, `success` and the list read again. */
  async function settle(result: AdminResult<unknown>, success: string, then?: () => void): Promise<void> {
    if (!result.ok) {
      messages.showError(result.error)
      return
    }
    then?.()
    messages.showSuccess(success)
    await reload()
  }

  /** Runs one change (a delete, an activation) and settles it. */
  async function change(request: () => Promise<AdminResult<unknown>>, success: string, then?: () => void): Promise<void> {
    await settle(await request(), success, then)
  }

  async function save(checked: CheckedDraft<Fields>): Promise<void> {
    if (!checked.ok) {
      messages.showError(checked.error)
      return
    }
    setSaving(true)
    const result = editing ? await update(editing.id, checked.fields) : await create(checked.fields)
    setSaving(false)
    await settle(result, editing ? saved.updated : saved.created, startNew)
  }

  /** Deletes one item; the form leaves it if it was being edited. */
  function remove(item: Item, request: () => Promise<AdminResult<unknown>>, success: string): Promise<void> {
    return change(request, success, () => {
      if (editing?.id === item.id) startNew()
    })
  }

  return { editing, setEditing, saving, startNew, save, remove, change }
}

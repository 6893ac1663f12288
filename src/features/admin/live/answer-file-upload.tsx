import { useId, useState, type ChangeEvent } from 'react'
import type { AdminResult } from '../../../lib/admin/admin-result'
import { answerFileRecoveryMessages, recoverSubmissionFromFile } from '../../../lib/admin/answer-file-recovery'
import { getSupabase } from '../../../lib/api/supabase'
import { RecoveryOutcomeList, useRecoveryOutcomes } from './recovery-outcomes'
import { ScannedAnswerFiles } from './scanned-answer-files'
import { counted } from '../../../domain/counted'

/** A real answer file is a few kilobytes; anything this large is another kind of file, refused without reading it. */
const maxAnswerFileBytes = 1_000_000

async function recoverFromFile(file: File): Promise<AdminResult<string>> {
  if (file.size > maxAnswerFileBytes) return { ok: false, error: answerFileRecoveryMessages.malformed }
  let text: string
  try {
    text = await file.text()
  } catch {
    return { ok: false, error: 'This file could not be read. Nothing was recorded.' }
  }
  return recoverSubmissionFromFile(getSupabase(), text)
}

/**
 * Uploads the emergency answer files students hand over, one after the other, and says for each
 * what the server did with it, newest first. `onRecorded` runs after each file accepted.
 */
export function AnswerFileUpload({ onRecorded }: { onRecorded: () => void }) {
  const titleId = useId()
  const hintId = useId()
  const [pending, setPending] = useState(0)
  const { outcomes, addOutcome } = useRecoveryOutcomes()

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget
    const files = [...(input.files ?? [])]
    // Emptied, so that choosing the same file again uploads it again.
    input.value = ''
    setPending((count) => count + files.length)
    for (const file of files) {
      const result = await recoverFromFile(file)
      setPending((count) => count - 1)
      addOutcome(file.name, result)
      if (result.ok) onRecorded()
    }
  }

  return (
    <section className="admin-panel answer-file-upload" aria-labelledby={titleId}>
      <h2 id={titleId}>Emergency answer files</h2>
      <p id={hintId} className="admin-muted">
        When a student&apos;s answers cannot reach the server, their completion screen offers an answer file and its QR code two
        minutes after the deadline (at once when the server refused them). Upload the file here, or scan the QR code on the
        student&apos;s screen with this device&apos;s camera: a scanned file is kept on this device and uploaded as soon as there
        is a connection. The server checks that the file is well formed and was made for its code, then counts only the answers
        that match what the student&apos;s device reported to it in time (every 30 seconds while it was online). Answers that
        differ or were given later are listed and not counted. The submission is recorded once, marked &quot;Recovered from
        file&quot;.
      </p>
      <label className="admin-field">
        <span>Answer files (.json)</span>
        <input
          type="file"
          accept=".json,application/json"
          multiple
          aria-describedby={hintId}
          onChange={(event) => void upload(event)}
        />
      </label>
      <div role="status" aria-live="polite" className="answer-file-upload__outcomes">
        {pending > 0 && <p>Uploading {counted(pending, 'file')}…</p>}
        <RecoveryOutcomeList label="Uploaded answer files" outcomes={outcomes} />
      </div>
      <ScannedAnswerFiles onRecorded={onRecorded} />
    </section>
  )
}

/**
 * What the Login Code Manager's "New codes" form asks for, checked before anything is generated
 * (docs/product.md#login-codes): a number of codes from 1 to 500, or one code per name of a pasted
 * class list, and an optional label (a class, a room). The limits are the server's too
 * (login_codes_label_check, login_codes_student_name_check).
 */
export const maxCodesPerBatch = 500
export const maxLabelLength = 60
export const maxStudentNameLength = 100

export const codeCountMessage = `Enter a number of codes from 1 to ${maxCodesPerBatch}`
export const labelTooLongMessage = `Enter a label of at most ${maxLabelLength} characters`
export const tooManyNamesMessage = `Enter at most ${maxCodesPerBatch} names, one per line`

export function nameTooLongMessage(line: number): string {
  return `The name on line ${line} is longer than ${maxStudentNameLength} characters`
}

export interface CodeBatch {
  count: number
  /** Trimmed; null when none was given. */
  label: string | null
  /** One per code, in the list's order; empty for codes handed to anyone. */
  names: string[]
}

export type CodeBatchCheck = { ok: true; batch: CodeBatch } | { ok: false; error: string }

/** A pasted class list's names: one a line, trimmed, blank lines left out (Windows line ends too). */
export function namesOfList(text: string): string[] {
  return text
    .split(/\r?\n|\r/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
}

/**
 * The batch the form asks for. `count` is the number typed (or a button's); names, when any are
 * given, decide the count instead. Whole numbers only: "2.5" or "1e2" is refused, not rounded.
 */
export function checkCodeBatch({ count, label, names }: { count: string; label: string; names: string }): CodeBatchCheck {
  const trimmedLabel = label.trim()
  if (trimmedLabel.length > maxLabelLength) return { ok: false, error: labelTooLongMessage }
  const listed = namesOfList(names)
  if (listed.length > maxCodesPerBatch) return { ok: false, error: tooManyNamesMessage }
  // Lines are counted as the admin sees them in the box, blank ones included.
  const lines = names.split(/\r?\n|\r/)
  const longLine = lines.findIndex((line) => line.trim().length > maxStudentNameLength)
  if (longLine >= 0) return { ok: false, error: nameTooLongMessage(longLine + 1) }
  let wanted = listed.length
  if (wanted === 0) {
    const typed = count.trim()
    wanted = /^\d{1,3}$/.test(typed) ? Number(typed) : 0
    if (wanted < 1 || wanted > maxCodesPerBatch) return { ok: false, error: codeCountMessage }
  }
  return { ok: true, batch: { count: wanted, label: trimmedLabel === '' ? null : trimmedLabel, names: listed } }
}

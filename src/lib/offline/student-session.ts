export type StudentSession = {
  loginCode: string
  studentName: string
}

const STUDENT_SESSION_KEY = 'holdfast.student-session'

export function readStudentSession(): StudentSession | null {
  const stored = localStorage.getItem(STUDENT_SESSION_KEY)
  if (stored === null) return null
  try {
    return parseStudentSession(JSON.parse(stored))
  } catch {
    // A hand-edited or truncated entry is no session; the student logs in again.
    return null
  }
}

export function writeStudentSession(session: StudentSession): void {
  localStorage.setItem(STUDENT_SESSION_KEY, JSON.stringify(session))
}

export function clearStudentSession(): void {
  localStorage.removeItem(STUDENT_SESSION_KEY)
}

function parseStudentSession(value: unknown): StudentSession | null {
  if (typeof value !== 'object' || value === null) return null
  const { loginCode, studentName } = value as Record<string, unknown>
  if (typeof loginCode !== 'string' || loginCode === '') return null
  if (typeof studentName !== 'string' || studentName === '') return null
  return { loginCode, studentName }
}

/**
 * The attempt id a start asked the server with, kept (across the reload the failure message asks
 * for) until the attempt is saved: when the answer is lost on the way back, the retry asks with
 * the same id, so the server records one attempt, not a phantom that shows the proctor an
 * offline student. A start for another code or name gets a new id from `newId`.
 */
const PENDING_START_KEY = 'holdfast.pending-exam-start'

export function pendingStartAttemptId(session: StudentSession, newId: () => string): string {
  const key = `${session.loginCode}\n${session.studentName}`
  try {
    const pending = JSON.parse(localStorage.getItem(PENDING_START_KEY) ?? 'null') as { key: string; id: string } | null
    if (pending?.key === key) return pending.id
    const id = newId()
    localStorage.setItem(PENDING_START_KEY, JSON.stringify({ key, id }))
    return id
  } catch {
    // Storage refused or a hand-edited entry: this start goes without a kept id.
    return newId()
  }
}

/** Forgets the pending start once its attempt is saved on the device. */
export function clearPendingStart(): void {
  localStorage.removeItem(PENDING_START_KEY)
}

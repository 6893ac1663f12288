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

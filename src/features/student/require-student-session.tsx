import type { ReactNode } from 'react'
import { Navigate } from 'react-router-dom'
import { readStudentSession } from '../../lib/offline/student-session'

export function RequireStudentSession({ children }: { children: ReactNode }) {
  return readStudentSession() ? children : <Navigate to="/student" replace />
}

import { createActorContext } from '@xstate/react'
import type { SnapshotFrom } from 'xstate'
import { studentFlowMachine } from '../../../machines/student-flow.machine'

/** The one student flow actor of the /student area, shared by its pages. */
export const StudentFlow = createActorContext(studentFlowMachine)

export type StudentFlowSnapshot = SnapshotFrom<typeof studentFlowMachine>

/** The page a flow state belongs on; null while the flow is still finding where the student was. */
export function studentPathFor(snapshot: StudentFlowSnapshot): '/student' | '/student/test' | null {
  if (snapshot.matches('resuming') || snapshot.matches('resumed')) return null
  if (snapshot.matches('codeStep') || snapshot.matches('nameStep')) return '/student'
  return '/student/test'
}

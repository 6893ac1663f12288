import { createActorContext } from '@xstate/react'
import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import type { examSessionMachine } from '../../../machines/exam-session.machine'
import { studentFlowMachine } from '../../../machines/student-flow.machine'

/** The one student flow actor of the /student area, shared by its pages. */
export const StudentFlow = createActorContext(studentFlowMachine)

export type StudentFlowSnapshot = SnapshotFrom<typeof studentFlowMachine>

/** The exam session the flow runs from the first question until the submission is stored on the device. */
export type ExamSessionRef = ActorRefFrom<typeof examSessionMachine>

export type ExamSessionSnapshot = SnapshotFrom<typeof examSessionMachine>

/** The running exam session, or undefined before the exam and once its submission is handed to the flow. */
export function useExamSession(): ExamSessionRef | undefined {
  return StudentFlow.useSelector((snapshot) => snapshot.children.examSession)
}

/** The page a flow state belongs on; null while the flow is still finding where the student was. */
export function studentPathFor(snapshot: StudentFlowSnapshot): '/student' | '/student/test' | null {
  if (snapshot.matches('resuming') || snapshot.matches('resumed')) return null
  if (snapshot.matches('codeStep') || snapshot.matches('nameStep') || snapshot.matches('pinStep')) return '/student'
  return '/student/test'
}

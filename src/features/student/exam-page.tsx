import { CompletionScreen } from './completion-screen'
import { ExamScreen } from './exam-screen'
import { StudentFlow, type StudentFlowSnapshot } from './student-flow-context'
import { TestUnavailableScreen } from './test-unavailable-screen'

function examPageScreen(snapshot: StudentFlowSnapshot): 'exam' | 'completed' | 'unavailable' | 'loading' {
  if (snapshot.matches('exam') || snapshot.matches('sending') || snapshot.matches('confirming')) return 'exam'
  if (snapshot.matches('completed')) return 'completed'
  if (snapshot.matches('unavailable')) return 'unavailable'
  return 'loading'
}

/** /student/test: the exam, then its completion; or why there is no exam. */
export function ExamPage() {
  switch (StudentFlow.useSelector(examPageScreen)) {
    case 'exam':
      return <ExamScreen />
    case 'completed':
      return <CompletionScreen />
    case 'unavailable':
      return <TestUnavailableScreen />
    case 'loading':
      return (
        <div className="student-page">
          <h1>Exam</h1>
          <p role="status">Loading your exam...</p>
        </div>
      )
  }
}

import { Suspense, useEffect } from 'react'
import { Outlet, useLocation, useNavigate } from 'react-router-dom'
import { StudentFlow, studentPathFor } from './student-flow-context'
import { liveStudentFlowMachine } from './student-machines'
import './student.css'

const flowOptions = { input: { now: () => Date.now() } }

/** The /student routes: one student flow for the login and exam pages. */
export function StudentArea() {
  return (
    <StudentFlow.Provider logic={liveStudentFlowMachine} options={flowOptions}>
      <FollowStudentFlow />
      <Suspense fallback={<p role="status">Loading...</p>}>
        <Outlet />
      </Suspense>
    </StudentFlow.Provider>
  )
}

/** Keeps the address on the page the flow is at: the exam after the name step, the login after Take Another Test. */
function FollowStudentFlow() {
  const path = StudentFlow.useSelector(studentPathFor)
  const { pathname } = useLocation()
  const navigate = useNavigate()
  useEffect(() => {
    if (path !== null && path !== pathname) navigate(path)
  }, [path, pathname, navigate])
  return null
}

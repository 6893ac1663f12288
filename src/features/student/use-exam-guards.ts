import { useEffect } from 'react'
import { useBlocker, useLocation, useNavigate } from 'react-router-dom'
import type { ExamSessionEvent } from '../../../machines/exam-session.machine'

type Send = (event: ExamSessionEvent) => void

/**
 * Spec §4: leaving the page (hidden, or the window losing focus) and trying to go back are
 * reported to the exam session, which counts them; going back is refused while the exam runs.
 */
export function useExamGuards(send: Send, active: boolean): void {
  useEffect(() => {
    if (!active) return
    const left = () => send({ type: 'LEFT_PAGE' })
    const returned = () => send({ type: 'RETURNED' })
    const visibilityChanged = () => (document.visibilityState === 'hidden' ? left() : returned())
    document.addEventListener('visibilitychange', visibilityChanged)
    window.addEventListener('blur', left)
    window.addEventListener('focus', returned)
    return () => {
      document.removeEventListener('visibilitychange', visibilityChanged)
      window.removeEventListener('blur', left)
      window.removeEventListener('focus', returned)
    }
  }, [send, active])

  const blocker = useBlocker(({ historyAction }) => active && historyAction === 'POP')
  useEffect(() => {
    if (blocker.state !== 'blocked') return
    blocker.reset()
    send({ type: 'BACK_NAVIGATION' })
  }, [blocker, send])

  // After a reload the exam can be the first entry of the app's history, and Back would
  // leave the app before the router could refuse it; one more entry keeps Back inside.
  const navigate = useNavigate()
  const { pathname } = useLocation()
  useEffect(() => {
    const routerState: unknown = window.history.state
    const isFirstEntry = typeof routerState === 'object' && routerState !== null && 'idx' in routerState && routerState.idx === 0
    if (active && isFirstEntry) navigate(pathname)
  }, [active, navigate, pathname])
}

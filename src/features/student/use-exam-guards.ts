import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import type { ExamSessionEvent } from '../../../machines/exam-session.machine'
import { refuseHistoryMoves } from '../../lib/browser/history-moves'

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
    // A page being unloaded for good (a reload, the tab closed) turns hidden as it goes: the exam resumes
    // where it was, so that is not leaving it. A page kept in the back-forward cache was left for another.
    let unloading = false
    const pageHidden = (event: PageTransitionEvent) => (unloading = !event.persisted)
    const visibilityChanged = () => {
      if (document.visibilityState === 'visible') returned()
      else if (!unloading) left()
    }
    window.addEventListener('pagehide', pageHidden)
    document.addEventListener('visibilitychange', visibilityChanged)
    window.addEventListener('blur', left)
    window.addEventListener('focus', returned)
    return () => {
      window.removeEventListener('pagehide', pageHidden)
      document.removeEventListener('visibilitychange', visibilityChanged)
      window.removeEventListener('blur', left)
      window.removeEventListener('focus', returned)
    }
  }, [send, active])

  // Back (or Forward) while the exam runs: the exam's address is put back before the router moves, and
  // the session counts the attempt.
  const navigate = useNavigate()
  const { pathname } = useLocation()
  useEffect(() => {
    if (!active) return
    return refuseHistoryMoves(() => {
      navigate(pathname)
      send({ type: 'BACK_NAVIGATION' })
    })
  }, [active, navigate, pathname, send])

  // After a reload the exam can be the first entry of the app's history, and Back would
  // leave the app before it could be refused; one more entry keeps Back inside.
  useEffect(() => {
    const routerState: unknown = window.history.state
    const isFirstEntry = typeof routerState === 'object' && routerState !== null && 'idx' in routerState && routerState.idx === 0
    if (active && isFirstEntry) navigate(pathname)
  }, [active, navigate, pathname])
}

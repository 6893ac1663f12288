import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import type { ExamSessionEvent } from '../../../machines/exam-session.machine'
import { refuseHistoryMoves } from '../../lib/browser/history-moves'

type Send = (event: ExamSessionEvent) => void

/** Where this tab notes the attempt whose page it unloaded mid-exam (sessionStorage: this tab only). */
const unloadedExamKey = 'holdfast.unloaded-exam'

/**
 * Whether the browser loaded this document by reloading it: the navigation timing entry says so, or, where
 * that is missing (a page whose clock is faked has none), the Navigation API's activation.
 */
function loadedByReload(): boolean {
  const [entry] = performance.getEntriesByType?.('navigation') ?? []
  if (entry && 'type' in entry) return entry.type === 'reload'
  // Not in TypeScript's DOM types yet.
  const { navigation } = window as Window & { navigation?: { activation?: { navigationType: string } | null } }
  return navigation?.activation?.navigationType === 'reload'
}

/**
 * Leaving the page (hidden, or the window losing focus) and trying to go back are reported to the
 * exam session, which counts them; going back is refused while the exam runs
 * (docs/product.md#taking-the-exam).
 * A page unloaded mid-exam turns hidden as it goes, which is not counted then: the tab notes it, and
 * when the exam is open again in this tab by any way but a reload (another address typed, then Back
 * or the exam's own address), the student did leave it and it counts once.
 */
export function useExamGuards(send: Send, active: boolean, attemptId: string | undefined): void {
  useEffect(() => {
    if (!active || !attemptId) return
    const left = () => send({ type: 'LEFT_PAGE' })
    const returned = () => send({ type: 'RETURNED' })
    if (sessionStorage.getItem(unloadedExamKey) === attemptId && !loadedByReload()) {
      left()
      returned()
    }
    sessionStorage.removeItem(unloadedExamKey)
    // A page kept in the back-forward cache is not unloaded: its hiding counts as any other.
    let unloading = false
    const pageHidden = (event: PageTransitionEvent) => {
      if (event.persisted) return
      unloading = true
      sessionStorage.setItem(unloadedExamKey, attemptId)
    }
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
  }, [send, active, attemptId])

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

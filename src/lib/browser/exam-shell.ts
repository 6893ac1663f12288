import { createContext, useContext, useLayoutEffect } from 'react'

/**
 * Turns the exam shell on or off: while the exam (or the screen saying it moved) shows, the layout leaves out
 * the site's header, menu, footer and skip link, so no link leads out of the exam (docs/product.md#taking-the-exam).
 * The layout provides it; outside one it does nothing.
 */
export const ExamShellContext = createContext<(on: boolean) => void>(() => {})

/** The calling screen is the exam: the shell is on while it is mounted. */
export function useExamShell(): void {
  const setExamShell = useContext(ExamShellContext)
  // Before the first paint, so the site's header never flashes above the exam.
  useLayoutEffect(() => {
    setExamShell(true)
    return () => setExamShell(false)
  }, [setExamShell])
}

import { useSelector } from '@xstate/react'
import type { ExamSessionRef } from './student-flow-context'

interface TabSwitchBannerProps {
  session: ExamSessionRef | undefined
  tabSwitches: number
}

/** Shown for 5 seconds after each tab switch (docs/product.md#taking-the-exam). */
export function TabSwitchBanner({ session, tabSwitches }: TabSwitchBannerProps) {
  const shown = useSelector(session, (snapshot) => snapshot?.matches({ inProgress: { tabWarning: 'shown' } }) ?? false)
  if (!shown) return null
  return (
    <div className="tab-warning" role="alert">
      <strong>Warning: you left the exam page.</strong> Leaving the page is recorded and reported with your result. Tab switches
      so far: {tabSwitches}.
    </div>
  )
}

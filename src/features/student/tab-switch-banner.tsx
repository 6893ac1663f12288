import { StudentFlow } from './student-flow-context'

/** Spec §4: shown for 5 seconds after each tab switch. */
export function TabSwitchBanner() {
  const shown = StudentFlow.useSelector((snapshot) => snapshot.matches({ exam: { tabWarning: 'shown' } }))
  const tabSwitches = StudentFlow.useSelector((snapshot) => snapshot.context.attempt?.tabSwitches ?? 0)
  if (!shown) return null
  return (
    <div className="tab-warning" role="alert">
      <strong>Warning: you left the exam page.</strong> Leaving the page is recorded and reported with your result. Tab switches
      so far: {tabSwitches}.
    </div>
  )
}

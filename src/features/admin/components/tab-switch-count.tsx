import { tabSwitchColour } from '../../../domain/results-analytics'

/** A tab-switch count coloured by how worrying it is, on the results and the Proctor Room tables. */
export function TabSwitchCount({ count }: { count: number }) {
  return <span className={`tab-switches tab-switches--${tabSwitchColour(count)}`}>{count}</span>
}

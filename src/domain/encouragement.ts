/** The results page's encouragement (docs/product.md#scoring): the lowest percentage of each band, highest band first. */
const bands: ReadonlyArray<readonly [minimumPercent: number, message: string]> = [
  [90, 'Outstanding Performance'],
  [80, 'Excellent Work'],
  [70, 'Good Job'],
  [60, 'You Passed'],
]

/** The message the solutions page shows for a (whole-number) percentage. */
export function encouragementFor(percentage: number): string {
  return bands.find(([minimum]) => percentage >= minimum)?.[1] ?? 'Keep Learning'
}

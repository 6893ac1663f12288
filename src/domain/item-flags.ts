/** The item analysis's flags (admin_item_analysis) in the words the table shows. */
export const itemFlagWords = {
  too_easy: 'Too easy (over 95 % correct)',
  too_hard: 'Too hard (under 20 % correct)',
  negative_discrimination: 'Discriminates negatively',
  unchosen_option: 'An option nobody chose',
} as const

export type ItemFlagName = keyof typeof itemFlagWords

/** A ratio as a figure of the table: two decimals, "—" when there is none (nothing varied). */
export function formatRatio(value: number | null): string {
  return value === null ? '—' : value.toFixed(2)
}

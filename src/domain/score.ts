/**
 * Whole-number percentage of correct answers out of `total` (for a submission, the questions its
 * exam served: the same on every screen); 0 when there is nothing to score, never above 100.
 * score × 100 first, so that a half (23 of 40 is 57.5) rounds up as PostgreSQL's round() does.
 */
export function scorePercentage(score: number, total: number): number {
  return total > 0 ? Math.min(100, Math.round((score * 100) / total)) : 0
}

/** The pass mark (docs/product.md#scoring). */
export const passMarkPercent = 60
/** docs/product.md#scoring: a full exam's questions (numbers 1 to 50); admin averages are out of it. */
export const examSize = 50

/** Whole-number percentage of correct answers; 0 when there is nothing to score. */
export function scorePercentage(score: number, total: number): number {
  return total > 0 ? Math.round((score / total) * 100) : 0
}

/** Spec §9: the pass mark. */
export const passMarkPercent = 60
/** Spec §9: admin scores are out of the exam size. */
export const examSize = 50

/**
 * A small exam whose item analysis is computed by hand, for the integration and e2e tests of
 * admin_item_analysis: six students, six questions.
 *
 * Totals 4, 4, 3, 3, 2, 2 (mean 3, population SD 0.8165): the upper 27 % (round(1.62) = 2) are the
 * first two students, the lower the last two. Q4 is answered right by the weakest only (negative
 * discrimination), Q5 by everyone (too easy), Q6 by nobody (too hard). KR-20 = 6/5 × (1 − 0.9444 /
 * 0.6667) = −0.5.
 */
export const itemAnalysisKey = ['A', 'B', 'C', 'D', 'A', 'B']
export const itemAnalysisAnswers = ['ABCAAC', 'ABCBAC', 'ABAAAC', 'BBCAAC', 'BAADAC', 'CCADAC']

/** The exam's questions as bank rows, numbered 1 to 6. */
export function itemAnalysisQuestions() {
  return itemAnalysisKey.map((correct, i) => ({
    question_number: i + 1,
    question_text: `Question ${i + 1}?`,
    option_a: 'One',
    option_b: 'Two',
    option_c: 'Three',
    option_d: 'Four',
    correct_answer: correct,
  }))
}

/** A student's answers as submit_exam takes them: question number → letter. */
export function answersOf(letters: string): Record<string, string> {
  return Object.fromEntries([...letters].map((letter, i) => [String(i + 1), letter]))
}

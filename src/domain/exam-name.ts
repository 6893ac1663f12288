/** The longest exam name the database takes (public.exams' check on the trimmed name). */
export const examNameMaxLength = 200

/** What is wrong with an exam name as typed, or null when the database would take it. */
export function examNameProblem(name: string): string | null {
  const trimmed = name.trim()
  if (!trimmed) return 'Exam name is required'
  if (trimmed.length > examNameMaxLength) return `Exam name must be at most ${examNameMaxLength} characters`
  return null
}

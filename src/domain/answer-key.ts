/**
 * A question's key as the server keeps it once an administrator corrected it (regrade_question):
 * one letter ('B'), the letters it accepts ('BC'), or '*' for a void question that counts for
 * everyone. Read as the score reads it (supabase/definitions/functions/private/key_accepts.sql).
 */
export type AnswerKey = string

/** Whether the key gives the point for `letter`. */
export function keyAccepts(key: AnswerKey, letter: string): boolean {
  return key === '*' || key.includes(letter)
}

/** The key in words: 'B', 'B or C', 'void (counts for everyone)'. */
export function keyInWords(key: AnswerKey): string {
  return key === '*' ? 'void (counts for everyone)' : [...key].join(' or ')
}

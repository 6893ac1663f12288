import { randomInt, randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { examSize } from '../src/domain/score.ts'
import type { Database } from '../src/lib/api/database.types.ts'

/**
 * A school's worth of submissions for the Test Results tests (integration and e2e), and their
 * ranking computed here, to hold what SQL answers against.
 */

/** A seeded submission, as far as the checks need it. */
export interface ScaleSubmission {
  id: string
  student_name: string
  login_code: string
  score: number
  /** The questions its exam served: 50, or 25 for every fifth (a short exam), so percentages differ from score / 50. */
  question_count: number
  time_taken: number
  submitted_at: string
}

export interface SeededSpan {
  /** The first submission's time. */
  from: Date
  /** The span the submissions are spread evenly over, from `from`. */
  hours: number
  count: number
}

const codeAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
const shortExamSize = 25

/**
 * `count` submissions in each span, each named "`tag` Student <span>-<i>" (so that a search for
 * `tag` finds them all) with a login code of its own, scores of every value with ties (every fifth
 * out of a short exam of 25 questions), and distinct times taken and submission times.
 */
export function scaleSubmissions(tag: string, spans: readonly SeededSpan[]): ScaleSubmission[] {
  const codes = new Set<string>()
  const newCode = (): string => {
    for (;;) {
      const code = Array.from({ length: 8 }, () => codeAlphabet[randomInt(codeAlphabet.length)]).join('')
      if (codes.has(code)) continue
      codes.add(code)
      return code
    }
  }
  return spans.flatMap(({ from, hours, count }, span) =>
    Array.from({ length: count }, (_, i) => ({ i, questionCount: i % 5 === 0 ? shortExamSize : examSize })).map(
      ({ i, questionCount }) => ({
        id: randomUUID(),
        student_name: `${tag} Student ${span}-${i}`,
        login_code: newCode(),
        score: (i * 7 + span * 13) % (questionCount + 1),
        question_count: questionCount,
        time_taken: 300 + ((i * 37) % 1500),
        submitted_at: new Date(from.getTime() + (i * hours * 3_600_000) / count).toISOString(),
      }),
    ),
  )
}

/** The results table's order (best first, then the faster, the earlier) with competition ranks (1, 1, 3). */
export function rankedByScore<T extends ScaleSubmission>(rows: readonly T[]): (T & { rank: number })[] {
  const ordered = [...rows].sort(
    (a, b) => b.score - a.score || a.time_taken - b.time_taken || Date.parse(a.submitted_at) - Date.parse(b.submitted_at),
  )
  return ordered.map((row) => ({ ...row, rank: 1 + ordered.findIndex((other) => other.score === row.score) }))
}

/** The score and time of every submission in the database, a read (max_rows, 1,000) at a time, to count them here. */
export async function everySubmission(
  service: SupabaseClient<Database>,
): Promise<{ score: number; question_count: number; submitted_at: string }[]> {
  const rows: { score: number; question_count: number; submitted_at: string }[] = []
  for (;;) {
    const { data, error } = await service
      .from('submissions')
      .select('score, question_count, submitted_at')
      .order('id')
      .range(rows.length, rows.length + 999)
    if (error) throw new Error(`reading the submissions failed: ${error.message}`)
    rows.push(...data)
    if (data.length < 1000) return rows
  }
}

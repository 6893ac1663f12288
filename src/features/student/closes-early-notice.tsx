import { useState } from 'react'
import type { ExamAttempt } from '../../domain/exam-attempt'
import { closesEarlyMessage } from '../../domain/student-messages'
import { formatDurationInWords } from '../../domain/time-format'
import { formatClockTime } from '../../lib/browser/interface-locale'

/**
 * An exam whose window ends before its whole duration: told at the start, and kept for the whole exam, when it
 * closes and how long that leaves ("This exam closes at 11:42: you have 11 minutes 59 seconds"), instead of a
 * timer that silently starts below the duration. The time left is measured once, as the screen opens.
 */
export function ClosesEarlyNotice({ attempt, now }: { attempt: Pick<ExamAttempt, 'closesEarly' | 'deadline'>; now: () => number }) {
  const [secondsLeft] = useState(() => Math.ceil((attempt.deadline - now()) / 1000))
  if (!attempt.closesEarly) return null
  return (
    <p className="exam__closes-early" role="status">
      {closesEarlyMessage(formatClockTime(attempt.deadline), formatDurationInWords(secondsLeft))}
    </p>
  )
}

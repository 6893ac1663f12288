import { useState } from 'react'
import type { ExamAttempt } from '../../domain/exam-attempt'
import { closesEarlyMessage } from '../../domain/student-messages'
import { formatDurationInWords } from '../../domain/time-format'
import { formatClockTime } from '../../lib/browser/interface-locale'

/**
 * An exam whose window ends before its whole duration: told at the start, and kept for the whole exam, when it
 * closes and how long that leaves ("This exam closes at 11:42: you have 11 minutes 59 seconds"), instead of a
 * timer that silently starts below the duration. The time left is measured as the screen opens, and again
 * when the deadline moves (extra time), not every second: the timer counts it down.
 */
export function ClosesEarlyNotice({
  attempt,
  now,
}: {
  attempt: Pick<ExamAttempt, 'closesEarly' | 'deadline'>
  now: () => number
}) {
  const measure = () => ({ deadline: attempt.deadline, secondsLeft: Math.ceil((attempt.deadline - now()) / 1000) })
  const [measured, setMeasured] = useState(measure)
  if (measured.deadline !== attempt.deadline) setMeasured(measure())
  if (!attempt.closesEarly) return null
  return (
    <p className="exam__closes-early" role="status">
      {closesEarlyMessage(formatClockTime(measured.deadline), formatDurationInWords(measured.secondsLeft))}
    </p>
  )
}

import { useState } from 'react'
import { answerFileName, answerFileText, buildAnswerFile } from '../../domain/answer-file'
import type { ExamAttempt } from '../../domain/exam-attempt'
import { buildSubmission } from '../../domain/exam-submission'
import { studentMessages } from '../../domain/student-messages'
import { saveTextFile } from '../../lib/browser/save-text-file'

/**
 * The old device after a proctor moved the exam to another one: it no longer reports or submits (the other
 * device does), but the answers entered here stay on this device, and their answer file can still be
 * handed to the proctor (docs/product.md#resume-on-another-device).
 */
export function MovedScreen({ attempt, now }: { attempt: ExamAttempt; now: () => number }) {
  const [failure, setFailure] = useState<string | null>(null)

  function download() {
    setFailure(null)
    try {
      if (!attempt.answerFileKey) throw new Error('this exam was started before answer files existed')
      // Stamped as a submission would be: answers cannot have changed after the deadline.
      const submission = buildSubmission(attempt, Math.min(now(), attempt.deadline))
      const file = buildAnswerFile(submission, attempt.answerFileKey)
      saveTextFile(answerFileName(file.login_code), answerFileText(file), 'application/json')
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error))
    }
  }

  return (
    <div className="student-page student-card exam-moved">
      <h1>{attempt.examName ?? 'Exam'}</h1>
      <p className="exam-moved__message" role="status">
        {studentMessages.movedElsewhere}
      </p>
      <p>
        Your proctor moved it, so continue and submit it there. The answers you gave here are still kept on this device; if your
        proctor asks for them, download your answer file.
      </p>
      <button type="button" className="button" onClick={download}>
        Download answer file
      </button>
      {failure && (
        <p className="student-error" role="alert">
          The answer file could not be made: {failure}. Your answers are still kept on this device.
        </p>
      )}
    </div>
  )
}

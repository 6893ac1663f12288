import { buildAnswerFile, type AnswerFile } from '../../domain/answer-file'
import type { ExamAttempt } from '../../domain/exam-attempt'
import { buildSubmission } from '../../domain/exam-submission'
import { studentMessages } from '../../domain/student-messages'
import { Suspense, useState } from 'react'
import { AnswerFileDownload } from './answer-file-download'
import { AnswerFileQrCode } from './answer-file-offer'

/**
 * The old device after a proctor moved the exam to another one: it no longer reports or submits (the other
 * device does), but the answers entered here stay on this device, and their answer file can still be
 * handed to the proctor (docs/product.md#resume-on-another-device).
 */
export function MovedScreen({ attempt, now }: { attempt: ExamAttempt; now: () => number }) {
  // Made once, when the move is told: the answers here no longer change, and the download and the QR code hand
  // over the same file.
  const [file] = useState<AnswerFile | undefined>(() => {
    if (!attempt.answerFileKey) return undefined
    // Stamped as a submission would be: answers cannot have changed after the deadline.
    return buildAnswerFile(buildSubmission(attempt, Math.min(now(), attempt.deadline)), attempt.answerFileKey)
  })

  return (
    <div className="student-page student-card exam-moved">
      <h1>{attempt.examName ?? 'Exam'}</h1>
      <p className="exam-moved__message" role="status">
        {studentMessages.movedElsewhere}
      </p>
      <p>
        Your proctor moved it, so continue and submit it there. The answers you gave here are still kept on this device; if your
        proctor asks for them, download your answer file or show its QR code to your proctor.
      </p>
      <AnswerFileDownload makeFile={() => file} />
      {file && (
        <Suspense fallback={null}>
          <AnswerFileQrCode file={file} />
        </Suspense>
      )}
    </div>
  )
}

import { useState } from 'react'
import { answerFileName, answerFileOfferedFrom, answerFileText } from '../../domain/answer-file'
import { answerFileFor } from '../../lib/offline/outbox'
import { saveTextFile } from '../../lib/browser/save-text-file'
import { useMomentReached } from './use-moment-reached'

interface AnswerFileOfferProps {
  submissionId: string
  /** The attempt's deadline on the device clock `now` reads. */
  deadline: number
  now: () => number
}

/**
 * For a submission still waiting on this device more than 2 minutes after the deadline: the
 * outbox entry as a tagged file the student can hand to the proctor, who uploads it.
 */
export function AnswerFileOffer({ submissionId, deadline, now }: AnswerFileOfferProps) {
  const offered = useMomentReached(answerFileOfferedFrom(deadline), now)
  const [failure, setFailure] = useState<string | null>(null)
  if (!offered) return null

  async function download() {
    setFailure(null)
    try {
      const file = await answerFileFor(submissionId)
      if (!file) throw new Error('this exam was started before answer files existed')
      saveTextFile(answerFileName(file.login_code), answerFileText(file), 'application/json')
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error))
    }
  }

  return (
    <div className="completion__answer-file">
      <p>
        Your answers still could not be sent. If the connection does not come back, download your answer file and give it to your
        proctor, who can upload it for you. Keep this page open: the answers are still sent automatically when the connection
        returns.
      </p>
      <button type="button" className="button" onClick={() => void download()}>
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

import { answerFileOfferedFrom } from '../../domain/answer-file'
import { answerFileFor } from '../../lib/offline/outbox'
import { AnswerFileDownload } from './answer-file-download'
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
  if (!offered) return null

  return (
    <div className="completion__answer-file">
      <p>
        Your answers still could not be sent. If the connection does not come back, download your answer file and give it to your
        proctor, who can upload it for you. Keep this page open: the answers are still sent automatically when the connection
        returns.
      </p>
      <AnswerFileDownload makeFile={() => answerFileFor(submissionId)} />
    </div>
  )
}

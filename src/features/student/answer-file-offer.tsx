import { lazy, Suspense, useEffect, useState } from 'react'
import { answerFileOfferedFrom, type AnswerFile } from '../../domain/answer-file'
import { answerFileFor } from '../../lib/offline/outbox'
import { AnswerFileDownload } from './answer-file-download'
import { useMomentReached } from './use-moment-reached'

/**
 * The QR encoder is a chunk of its own, which the student's first screen never carries. It is fetched as this
 * module is evaluated, with the exam page, while the device is online: the offer shows when the device has
 * been offline for minutes, when only a module already loaded is sure to be there. If it could not be loaded,
 * the offer goes without the QR code rather than failing (the download still hands the file over).
 */
const answerFileQrCode = import('./answer-file-qr-code').catch(() => ({ default: () => null }))
export const AnswerFileQrCode = lazy(() => answerFileQrCode)

interface AnswerFileOfferProps {
  submissionId: string
  /** The attempt's deadline on the device clock `now` reads. */
  deadline: number
  now: () => number
  /** Offer the file at once (a submission the server refused), not only 2 minutes after the deadline. */
  always?: boolean
}

/**
 * For a submission still waiting on this device more than 2 minutes after the deadline, or one the server
 * refused (`always`): the outbox entry as a tagged file the student can download, and as a QR code the
 * proctor scans in the Proctor Room where files cannot pass between devices; either way the proctor uploads it.
 */
export function AnswerFileOffer({ submissionId, deadline, now, always = false }: AnswerFileOfferProps) {
  const offered = useMomentReached(always ? Number.NEGATIVE_INFINITY : answerFileOfferedFrom(deadline), now)
  const file = useOfferedAnswerFile(submissionId, offered)
  if (!offered) return null

  return (
    <div className="completion__answer-file">
      {always ? (
        <p>
          Your answers are kept on this device. Download your answer file or show the QR code to your proctor, who can upload it
          for you.
        </p>
      ) : (
        <p>
          Your answers still could not be sent. If the connection does not come back, download your answer file or show the QR
          code to your proctor, who can upload it for you. Keep this page open: the answers are still sent automatically when the
          connection returns.
        </p>
      )}
      <AnswerFileDownload makeFile={() => answerFileFor(submissionId)} />
      {file && (
        <Suspense fallback={null}>
          <AnswerFileQrCode file={file} />
        </Suspense>
      )}
    </div>
  )
}

/** The outbox entry's answer file once it is offered; undefined before, or for an attempt without an answer-file key. */
function useOfferedAnswerFile(submissionId: string, offered: boolean): AnswerFile | undefined {
  const [file, setFile] = useState<AnswerFile | undefined>()
  useEffect(() => {
    if (!offered) return
    let current = true
    // A failure to read the outbox leaves only the QR code out: the download button says why it cannot make the file.
    answerFileFor(submissionId).then(
      (made) => current && setFile(made),
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [submissionId, offered])
  return file
}

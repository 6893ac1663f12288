import { useLiveQuery } from 'dexie-react-hooks'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { AnswerFile } from '../../../domain/answer-file'
import { recoverScannedAnswerFile } from '../../../lib/admin/answer-file-recovery'
import {
  forgetScannedAnswerFile,
  keepScannedAnswerFile,
  waitingScannedAnswerFiles,
  type ScannedAnswerFile,
} from '../../../lib/admin/scanned-answer-files'
import { getSupabase } from '../../../lib/api/supabase'
import { AnswerFileScannerDialog } from './answer-file-scanner-dialog'
import { keepQrReaderForOffline } from './qr-reader-cache'
import { RecoveryOutcomeList, useRecoveryOutcomes } from './recovery-outcomes'

/** While files wait, how often an upload is tried again besides on reconnect (a server error, an expired session). */
const retryIntervalMs = 30_000

const fileStudent = (file: AnswerFile) => `${file.student_name} (${file.login_code})`

/**
 * The answer files proctors scan from students' screens: each is kept on this device at once, then uploaded
 * through the same recovery as a file, oldest first, whenever there is a connection (at once, on reconnect,
 * and every 30 seconds while any waits). A file leaves this device only once the server has judged it; the
 * outcome of each is listed, newest first. `onRecorded` runs after each file accepted.
 */
export function ScannedAnswerFiles({ onRecorded }: { onRecorded: () => void }) {
  const waiting = useLiveQuery(waitingScannedAnswerFiles, [], [] as ScannedAnswerFile[])
  const [scanning, setScanning] = useState(false)
  useEffect(keepQrReaderForOffline, [])
  const [scannedNow, setScannedNow] = useState<string | null>(null)
  const [notSent, setNotSent] = useState<string | null>(null)
  const { outcomes, addOutcome } = useRecoveryOutcomes()
  const recorded = useRef(onRecorded)
  useEffect(() => {
    recorded.current = onRecorded
  }, [onRecorded])

  // One upload round at a time; a call during one asks for another round after it, so nothing scanned meanwhile
  // waits. A file the server did not answer for ends the round: the next try is on reconnect or after the interval.
  const round = useRef({ running: false, again: false, unmounted: false })
  const uploadWaiting = useCallback(async () => {
    if (round.current.running) {
      round.current.again = true
      return
    }
    round.current.running = true
    try {
      do {
        round.current.again = false
        if (!navigator.onLine) return
        for (const entry of await waitingScannedAnswerFiles()) {
          if (round.current.unmounted) return
          const upload = await recoverScannedAnswerFile(getSupabase(), entry.file)
          if (!upload.settled) {
            setNotSent(upload.result.ok ? null : upload.result.error)
            return
          }
          await forgetScannedAnswerFile(entry.id)
          setNotSent(null)
          addOutcome(fileStudent(entry.file), upload.result)
          if (upload.result.ok) recorded.current()
        }
      } while (round.current.again && !round.current.unmounted)
    } finally {
      round.current.running = false
    }
  }, [addOutcome])
  useEffect(() => {
    const current = round.current
    current.unmounted = false
    return () => {
      current.unmounted = true
    }
  }, [])

  useEffect(() => {
    void uploadWaiting()
    const uploadNow = () => void uploadWaiting()
    window.addEventListener('online', uploadNow)
    return () => window.removeEventListener('online', uploadNow)
  }, [uploadWaiting])

  const someWaiting = waiting.length > 0
  useEffect(() => {
    if (!someWaiting) return
    const retry = setInterval(() => void uploadWaiting(), retryIntervalMs)
    return () => clearInterval(retry)
  }, [uploadWaiting, someWaiting])

  async function keep(file: AnswerFile) {
    setScanning(false)
    await keepScannedAnswerFile(file, Date.now())
    setScannedNow(`Scanned the answer file of ${fileStudent(file)}. It is kept on this device until the server has it.`)
    void uploadWaiting()
  }

  return (
    <div className="scanned-answer-files">
      <button type="button" className="admin-button admin-button--primary" onClick={() => setScanning(true)}>
        Scan answer QR code
      </button>
      <div role="status" className="answer-file-upload__outcomes">
        {scannedNow && <p>{scannedNow}</p>}
        <p>Waiting to upload: {waiting.length}</p>
        {someWaiting && (
          <>
            <ul aria-label="Answer files waiting to upload">
              {waiting.map((entry) => (
                <li key={entry.id}>{fileStudent(entry.file)}</li>
              ))}
            </ul>
            {notSent && <p>{notSent}</p>}
          </>
        )}
        <RecoveryOutcomeList label="Uploaded answer QR codes" outcomes={outcomes} />
      </div>
      {scanning && <AnswerFileScannerDialog onScanned={(file) => void keep(file)} onClose={() => setScanning(false)} />}
    </div>
  )
}

import { useEffect, useRef, useState } from 'react'
import type { AnswerFile } from '../../../domain/answer-file'
import { answerFileFromQrText } from '../../../domain/answer-file-qr'
import { AdminDialog } from '../components/admin-dialog'
import { DialogActions } from '../components/dialog-actions'
import { ErrorBanner } from '../components/flash-messages'

/** What the scanner says, exactly; `problem` states stop the camera. */
export const answerFileScannerMessages = {
  starting: 'Starting the camera…',
  scanning: "Point the camera at the QR code on the student's screen.",
  notAnAnswerFile: "This QR code is not a Holdfast answer file. Point the camera at the QR code on the student's screen.",
  cameraRefused:
    "The camera was refused. Allow this site to use the camera in your browser's settings, then scan again, or upload the answer file instead.",
  noCamera: 'No camera could be started on this device. Upload the answer file instead.',
  readerFailed: 'The QR code reader could not be loaded on this device. Upload the answer file instead.',
} as const

type ScannerState = 'starting' | 'scanning' | 'notAnAnswerFile' | 'cameraRefused' | 'noCamera' | 'readerFailed'

const problems: ReadonlySet<ScannerState> = new Set(['cameraRefused', 'noCamera', 'readerFailed'])

/** How often a video frame is read: often enough to feel instant, rarely enough to leave the proctor's phone cool. */
const frameIntervalMs = 200

/** A camera the browser or the person refused, as opposed to one that is missing or busy. */
function isRefusal(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError')
}

interface AnswerFileScannerDialogProps {
  /** The first answer file read; the dialog closes itself through `onClose` after it. */
  onScanned: (file: AnswerFile) => void
  onClose: () => void
}

/**
 * "Scan answer QR code": films with the rear camera where there is one and reads QR codes until one holds an
 * answer file. The QR reader (its WebAssembly included) is loaded only now. Nothing is recorded: frames are
 * read on this device and the camera stops when the dialog closes.
 */
export function AnswerFileScannerDialog({ onScanned, onClose }: AnswerFileScannerDialogProps) {
  const video = useRef<HTMLVideoElement>(null)
  const [state, setState] = useState<ScannerState>('starting')
  // The latest callback, so that a parent re-rendering does not restart the camera.
  const scanned = useRef(onScanned)
  useEffect(() => {
    scanned.current = onScanned
  }, [onScanned])

  useEffect(() => {
    let stopped = false
    let stream: MediaStream | null = null
    let timer: ReturnType<typeof setTimeout> | undefined

    async function start() {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false })
      } catch (error) {
        if (!stopped) setState(isRefusal(error) ? 'cameraRefused' : 'noCamera')
        return
      }
      const element = video.current
      if (stopped || !element) return stopCamera()
      element.srcObject = stream
      let read: (frame: HTMLVideoElement) => Promise<string[]>
      try {
        const { createQrCodeReader } = await import('./qr-code-reader')
        read = createQrCodeReader()
        await element.play()
      } catch {
        if (!stopped) setState('readerFailed')
        return stopCamera()
      }
      if (stopped) return
      setState('scanning')

      async function readFrame() {
        if (stopped || !element) return
        let texts: string[]
        try {
          texts = element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA ? await read(element) : []
        } catch {
          if (!stopped) setState('readerFailed')
          return stopCamera()
        }
        if (stopped) return
        const file = texts.map(answerFileFromQrText).find((decoded) => decoded !== null)
        if (file) {
          stopCamera()
          scanned.current(file)
          return
        }
        if (texts.length > 0) setState('notAnAnswerFile')
        timer = setTimeout(() => void readFrame(), frameIntervalMs)
      }
      void readFrame()
    }

    function stopCamera() {
      for (const track of stream?.getTracks() ?? []) track.stop()
      stream = null
    }

    void start()
    return () => {
      stopped = true
      clearTimeout(timer)
      stopCamera()
    }
  }, [])

  const problem = problems.has(state)
  return (
    <AdminDialog title="Scan answer QR code" onClose={onClose} className="answer-file-scanner">
      {/* Muted and inline: a phone then plays it in the page without asking. Hidden once the camera is out of use. */}
      <video ref={video} className="answer-file-scanner__video" aria-label="Camera view" muted playsInline hidden={problem} />
      {problem ? (
        <ErrorBanner message={answerFileScannerMessages[state]} />
      ) : (
        <p role="status">{answerFileScannerMessages[state]}</p>
      )}
      <DialogActions onCancel={onClose} cancelLabel="Close" />
    </AdminDialog>
  )
}

import { useEffect, useRef, useState } from 'react'
import { studentMessages } from '../../domain/student-messages'

type CameraState = 'starting' | 'live' | 'denied' | 'cannotPlay'

/**
 * The student's own camera, shown during the exam (docs/product.md#taking-the-exam). Nothing is recorded or sent;
 * a refused or broken camera shows its message with a way to try again, and the exam goes on.
 */
export function CameraPreview() {
  const video = useRef<HTMLVideoElement>(null)
  const [state, setState] = useState<CameraState>('starting')
  const [tries, setTries] = useState(0)

  useEffect(() => {
    let stream: MediaStream | undefined
    let stopped = false
    async function startCamera() {
      try {
        // Missing outside secure contexts, which counts as no permission.
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('No camera API')
        stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: false })
      } catch {
        if (!stopped) setState('denied')
        return
      }
      if (stopped || !video.current) return
      video.current.srcObject = stream
      try {
        await video.current.play()
        if (!stopped) setState('live')
      } catch {
        if (!stopped) setState('cannotPlay')
      }
    }
    setState('starting')
    void startCamera()
    return () => {
      stopped = true
      stream?.getTracks().forEach((track) => track.stop())
    }
  }, [tries])

  const retry = () => setTries((count) => count + 1)
  return (
    <section className={`camera-preview camera-preview--${state}`} aria-label="Camera preview">
      <video ref={video} className="camera-preview__video" muted playsInline hidden={state !== 'live'} aria-label="Your camera" />
      {state === 'starting' && <p className="camera-preview__note">Starting camera...</p>}
      {state === 'denied' && (
        <div className="camera-preview__problem" role="alert">
          <p>{studentMessages.cameraDenied}</p>
          <button type="button" className="button" onClick={retry}>
            Try Again
          </button>
        </div>
      )}
      {state === 'cannotPlay' && (
        <div className="camera-preview__problem" role="alert">
          <p>{studentMessages.cameraCannotPlay}</p>
          <button type="button" className="button" onClick={retry}>
            Retry
          </button>
        </div>
      )}
    </section>
  )
}

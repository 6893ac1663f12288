import { render, screen } from '@testing-library/react'
import { afterEach, expect, it, vi } from 'vitest'
import { AnswerFileScannerDialog } from './answer-file-scanner-dialog'

const original = Object.getOwnPropertyDescriptor(navigator, 'mediaDevices')
afterEach(() => {
  if (original) Object.defineProperty(navigator, 'mediaDevices', original)
  else Reflect.deleteProperty(navigator, 'mediaDevices')
})

/** A browser whose getUserMedia fails with the DOMException `name`. */
function cameraFailing(name: string) {
  const getUserMedia = vi.fn(() => Promise.reject(new DOMException('the browser’s own text', name)))
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } })
  return getUserMedia
}

it.each([
  [
    'NotAllowedError',
    "The camera was refused. Allow this site to use the camera in your browser's settings, then scan again, or upload the answer file instead.",
  ],
  [
    'SecurityError',
    "The camera was refused. Allow this site to use the camera in your browser's settings, then scan again, or upload the answer file instead.",
  ],
  ['NotFoundError', 'No camera could be started on this device. Upload the answer file instead.'],
  ['NotReadableError', 'No camera could be started on this device. Upload the answer file instead.'],
])('asks for the rear camera and, when it fails with %s, says so in the app’s words', async (name, message) => {
  const getUserMedia = cameraFailing(name)
  render(<AnswerFileScannerDialog onScanned={() => {}} onClose={() => {}} />)
  expect(screen.getByRole('dialog', { name: 'Scan answer QR code' })).toBeDefined()
  expect((await screen.findByRole('alert')).textContent).toBe(message)
  expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: { ideal: 'environment' } }, audio: false })
})

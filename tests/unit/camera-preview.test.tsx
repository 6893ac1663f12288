import { fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { CameraPreview } from '../../src/features/student/camera-preview'

const stopTrack = vi.fn()
const stream = { getTracks: () => [{ stop: stopTrack }] } as unknown as MediaStream
const getUserMedia = vi.fn<(constraints: MediaStreamConstraints) => Promise<MediaStream>>()
const play = vi.fn<() => Promise<void>>()

beforeEach(() => {
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true })
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play)
})

afterEach(() => {
  vi.restoreAllMocks()
  getUserMedia.mockReset()
  play.mockReset()
  stopTrack.mockReset()
})

it('shows the camera once it plays, and releases it when the exam screen goes', async () => {
  getUserMedia.mockResolvedValue(stream)
  play.mockResolvedValue()
  const { unmount } = render(<CameraPreview />)
  await vi.waitFor(() => expect(screen.getByLabelText('Your camera').hidden).toBe(false))
  expect(getUserMedia).toHaveBeenCalledWith({ video: true, audio: false })
  unmount()
  expect(stopTrack).toHaveBeenCalled()
})

it("says 'Camera access denied' and tries again on Try Again", async () => {
  getUserMedia.mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError')).mockResolvedValue(stream)
  play.mockResolvedValue()
  render(<CameraPreview />)
  expect((await screen.findByRole('alert')).textContent).toContain('Camera access denied')
  fireEvent.click(screen.getByRole('button', { name: 'Try Again' }))
  await vi.waitFor(() => expect(screen.getByLabelText('Your camera').hidden).toBe(false))
  expect(screen.queryByRole('alert')).toBeNull()
})

it("says 'Cannot play video' and retries on Retry", async () => {
  getUserMedia.mockResolvedValue(stream)
  play.mockRejectedValueOnce(new DOMException('Autoplay blocked', 'NotAllowedError')).mockResolvedValue()
  render(<CameraPreview />)
  expect((await screen.findByRole('alert')).textContent).toContain('Cannot play video')
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
  await vi.waitFor(() => expect(screen.getByLabelText('Your camera').hidden).toBe(false))
  expect(getUserMedia).toHaveBeenCalledTimes(2)
})

it('counts a browser without camera access as denied', async () => {
  Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true })
  render(<CameraPreview />)
  expect((await screen.findByRole('alert')).textContent).toContain('Camera access denied')
})

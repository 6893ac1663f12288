import { act, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { examAnswerFile } from '../../../../tests/unit/answer-file-fixtures'
import {
  answerFileRecoveryMessages,
  recoverScannedAnswerFile,
  scannedFileNotSent,
  type ScannedFileUpload,
} from '../../../lib/admin/answer-file-recovery'
import {
  forgetScannedAnswerFile,
  keepScannedAnswerFile,
  waitingScannedAnswerFiles,
} from '../../../lib/admin/scanned-answer-files'
import { ScannedAnswerFiles } from './scanned-answer-files'

vi.mock('../../../lib/admin/answer-file-recovery', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/admin/answer-file-recovery')>()),
  recoverScannedAnswerFile: vi.fn(),
}))
vi.mock('../../../lib/api/supabase', () => ({ getSupabase: vi.fn() }))

const upload = vi.mocked(recoverScannedAnswerFile)
const accepted: ScannedFileUpload = { settled: true, result: { ok: true, data: answerFileRecoveryMessages.accepted } }
const unanswered: ScannedFileUpload = { settled: false, result: { ok: false, error: scannedFileNotSent } }

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
}

beforeEach(async () => {
  upload.mockReset()
  for (const entry of await waitingScannedAnswerFiles()) await forgetScannedAnswerFile(entry.id)
})
afterEach(() => vi.restoreAllMocks())

it('keeps a file waiting while offline and uploads it on reconnect, then lists the outcome and forgets the file', async () => {
  const file = examAnswerFile({ studentName: 'Grace Hopper' })
  await keepScannedAnswerFile(file, 1)
  setOnline(false)
  upload.mockResolvedValue(accepted)
  const onRecorded = vi.fn()
  render(<ScannedAnswerFiles onRecorded={onRecorded} />)
  await screen.findByText('Waiting to upload: 1')
  expect(
    within(screen.getByRole('list', { name: 'Answer files waiting to upload' })).getByText('Grace Hopper (ABCD1234)'),
  ).toBeDefined()
  expect(upload).not.toHaveBeenCalled()

  setOnline(true)
  act(() => {
    window.dispatchEvent(new Event('online'))
  })
  const outcomes = await screen.findByRole('list', { name: 'Uploaded answer QR codes' })
  expect(outcomes.textContent).toBe(`Grace Hopper (ABCD1234): ${answerFileRecoveryMessages.accepted}`)
  expect(upload).toHaveBeenCalledTimes(1)
  expect(upload.mock.calls[0]?.[1]).toEqual(file)
  expect(onRecorded).toHaveBeenCalledTimes(1)
  await screen.findByText('Waiting to upload: 0')
  expect(await waitingScannedAnswerFiles()).toEqual([])
})

it('keeps a file the server did not answer for, saying so, and leaves later files for the next round', async () => {
  const [first, second] = [examAnswerFile({ studentName: 'First' }), examAnswerFile({ studentName: 'Second' })]
  await keepScannedAnswerFile(first, 1)
  await keepScannedAnswerFile(second, 2)
  setOnline(true)
  upload.mockResolvedValue(unanswered)
  render(<ScannedAnswerFiles onRecorded={() => {}} />)
  await screen.findByText(scannedFileNotSent)
  expect(screen.getByText('Waiting to upload: 2')).toBeDefined()
  expect(upload).toHaveBeenCalledTimes(1)
  expect((await waitingScannedAnswerFiles()).map((entry) => entry.file)).toEqual([first, second])
})

it('lists a refused file with the server’s words and does not keep it', async () => {
  const file = examAnswerFile({ studentName: 'Edited' })
  await keepScannedAnswerFile(file, 1)
  setOnline(true)
  upload.mockResolvedValue({ settled: true, result: { ok: false, error: answerFileRecoveryMessages.bad_tag } })
  const onRecorded = vi.fn()
  render(<ScannedAnswerFiles onRecorded={onRecorded} />)
  const outcomes = await screen.findByRole('list', { name: 'Uploaded answer QR codes' })
  expect(outcomes.textContent).toBe(`Edited (ABCD1234): ${answerFileRecoveryMessages.bad_tag}`)
  expect(onRecorded).not.toHaveBeenCalled()
  await screen.findByText('Waiting to upload: 0')
})

import { fireEvent, render, screen } from '@testing-library/react'
import { beforeEach, expect, it, vi } from 'vitest'
import { buildAnswerFile } from '../../src/domain/answer-file'
import { answerFileToQrText } from '../../src/domain/answer-file-qr'
import { AnswerFileDownload } from '../../src/features/student/answer-file-download'
import { AnswerFileOffer } from '../../src/features/student/answer-file-offer'
import { answerFileQrImage } from '../../src/features/student/answer-file-qr-image'
import { saveNewAttempt } from '../../src/lib/offline/attempt-store'
import { examDb } from '../../src/lib/offline/exam-db'
import { queueSubmission } from '../../src/lib/offline/outbox'
import { clearExamDb, examAnswerFileKey, examStart, finishedAttempt } from './exam-fixtures'

beforeEach(clearExamDb)

const qrCode = { name: 'QR code of your answer file: show it to your proctor to scan' }
const download = { name: 'Download answer file' }

/** A submitted attempt whose submission waits in the outbox. */
async function waitingAttempt() {
  const attempt = finishedAttempt({ status: 'submitted' })
  await saveNewAttempt(attempt)
  await queueSubmission(attempt, examStart)
  return attempt
}

it('shows the outbox entry as a QR code of its answer file beside the download, 2 minutes after the deadline', async () => {
  const attempt = await waitingAttempt()
  render(<AnswerFileOffer submissionId={attempt.id} deadline={attempt.deadline} now={() => attempt.deadline + 120_000} />)
  const image = await screen.findByRole('img', qrCode)
  expect(screen.getByRole('button', download)).toBeDefined()
  const entry = await examDb.outbox.get(attempt.id)
  const expected = answerFileQrImage(answerFileToQrText(buildAnswerFile(entry!.submission, examAnswerFileKey)))
  expect(image.querySelector('path')?.getAttribute('d')).toBe(expected.path)
  expect(image.getAttribute('viewBox')).toBe(`-4 -4 ${expected.size + 8} ${expected.size + 8}`)
})

it('offers nothing before 2 minutes after the deadline, unless told to offer it always', async () => {
  const attempt = await waitingAttempt()
  const beforeOffer = () => attempt.deadline + 119_000
  const { unmount } = render(<AnswerFileOffer submissionId={attempt.id} deadline={attempt.deadline} now={beforeOffer} />)
  expect(screen.queryByRole('button', download)).toBeNull()
  unmount()
  render(<AnswerFileOffer submissionId={attempt.id} deadline={attempt.deadline} now={() => examStart} always />)
  expect(screen.getByRole('button', download)).toBeDefined()
  expect(
    screen.getByText(
      'Your answers are kept on this device. Download your answer file or show the QR code to your proctor, who can upload it for you.',
    ),
  ).toBeDefined()
  expect(await screen.findByRole('img', qrCode)).toBeDefined()
})

it('says in its own words, not the browser’s, when the answer file cannot be made', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  render(
    <AnswerFileDownload
      makeFile={() => {
        throw new DOMException('UnknownError: Internal error opening backing store', 'UnknownError')
      }}
    />,
  )
  fireEvent.click(screen.getByRole('button', download))
  expect((await screen.findByRole('alert')).textContent).toBe(
    'The answer file could not be made: this device could not read or save the answers. Your answers are still kept on this device.',
  )
  vi.restoreAllMocks()
})

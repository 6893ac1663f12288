import { expect, it } from 'vitest'
import {
  forgetScannedAnswerFile,
  keepScannedAnswerFile,
  scannedAnswerFileId,
  waitingScannedAnswerFiles,
} from '../../src/lib/admin/scanned-answer-files'
import { examAnswerFile } from './answer-file-fixtures'

it('keeps scanned files in scan order, each file once, until each is forgotten', async () => {
  const first = examAnswerFile({ studentName: 'First' })
  const second = examAnswerFile({ studentName: 'Second' })
  await keepScannedAnswerFile(second, 2_000)
  await keepScannedAnswerFile(first, 1_000)
  // Scanned again later: one entry, still in its first place.
  await keepScannedAnswerFile(first, 3_000)
  expect(await waitingScannedAnswerFiles()).toEqual([
    { id: scannedAnswerFileId(first), file: first, scannedAt: 1_000 },
    { id: scannedAnswerFileId(second), file: second, scannedAt: 2_000 },
  ])
  await forgetScannedAnswerFile(scannedAnswerFileId(first))
  expect((await waitingScannedAnswerFiles()).map((entry) => entry.file)).toEqual([second])
  await forgetScannedAnswerFile(scannedAnswerFileId(second))
  expect(await waitingScannedAnswerFiles()).toEqual([])
})

it('keeps a different file for the same submission apart: the server judges each', async () => {
  const file = examAnswerFile()
  const edited = { ...file, tag: 'f'.repeat(64) }
  await keepScannedAnswerFile(file, 1)
  await keepScannedAnswerFile(edited, 2)
  expect((await waitingScannedAnswerFiles()).map((entry) => entry.file)).toEqual([file, edited])
  for (const entry of await waitingScannedAnswerFiles()) await forgetScannedAnswerFile(entry.id)
})

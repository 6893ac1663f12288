import { expect, it } from 'vitest'
import { examAnswerFile, fiftyAnswers } from '../../../tests/unit/answer-file-fixtures'
import { answerFileToQrText } from '../../domain/answer-file-qr'
import { answerFileQrImage } from './answer-file-qr-image'

it('fits a 50-answer file with a 200-character name in a QR code at error correction M', () => {
  const name = 'Ødegaard-Łukasiewicz '.repeat(10).slice(0, 200)
  const file = examAnswerFile({ studentName: name, answers: fiftyAnswers(), tabSwitches: 12 })
  // It throws when the text does not fit version 25 (117 modules a side) at M.
  const image = answerFileQrImage(answerFileToQrText(file))
  expect(image.size).toBeLessThanOrEqual(117)
  expect(image.path).toMatch(/^M/)
})

it('refuses a text too long for the largest QR code allowed', () => {
  expect(() => answerFileQrImage('x'.repeat(2000))).toThrow()
})

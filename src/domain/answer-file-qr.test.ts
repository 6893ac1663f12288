import { describe, expect, it } from 'vitest'
import { examAnswerFile as answerFile, fiftyAnswers } from '../../tests/unit/answer-file-fixtures'
import { answerFileFromQrText, answerFileToQrText } from './answer-file-qr'

describe('answerFileToQrText and answerFileFromQrText', () => {
  it('round-trip a file to an equal file, tag included', () => {
    const file = answerFile({ studentName: 'Zoë "Ødegaard", \\ 李', tabSwitches: 3 })
    const text = answerFileToQrText(file)
    expect(text.startsWith('HFA1:')).toBe(true)
    expect(answerFileFromQrText(text)).toEqual(file)
  })

  it('round-trip unanswered questions, a file without answers and answers not numbered from 1', () => {
    for (const answers of [fiftyAnswers([1, 2, 25, 50]), {}, { '7': 'D' as const }, { '12a': 'B' as const, '3': 'A' as const }]) {
      const file = answerFile({ answers })
      expect(answerFileFromQrText(answerFileToQrText(file))).toEqual(file)
    }
  })

  it('write the answers one letter a question, "-" for no answer', () => {
    const text = answerFileToQrText(answerFile({ answers: { '1': 'A', '3': 'D' } }))
    expect(text).toContain('"A-D"')
  })

  it('answer null for any other text', () => {
    const text = answerFileToQrText(answerFile({}))
    const fields = JSON.parse(text.slice('HFA1:'.length)) as unknown[]
    const withField = (index: number, value: unknown) =>
      `HFA1:${JSON.stringify(fields.map((field, i) => (i === index ? value : field)))}`
    for (const garbage of [
      '',
      'https://example.com',
      text.slice(0, -10),
      text.replace('HFA1:', 'HFA2:'),
      JSON.stringify(answerFile({})),
      'HFA1:{}',
      'HFA1:[]',
      `HFA1:${JSON.stringify([...fields, 'extra'])}`,
      withField(3, 'AXC'),
      withField(3, { '1': 'E' }),
      withField(3, null),
      withField(4, -1),
      withField(5, 1.5),
      withField(6, 12),
      withField(0, null),
      withField(8, 'F'.repeat(64)),
      withField(8, 'abc'),
    ]) {
      expect(answerFileFromQrText(garbage), garbage).toBeNull()
    }
  })
})

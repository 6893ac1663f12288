import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { examAnswerFileKey, examStart, finishedAttempt } from '../../tests/unit/exam-fixtures'
import { answerFileName, answerFileOfferedFrom, answerFileText, buildAnswerFile } from './answer-file'
import { buildSubmission } from './exam-submission'

const attempt = finishedAttempt({ studentName: 'Zoë Ødegaard', tabSwitches: 3 })
const submission = buildSubmission(attempt, attempt.submittedAt ?? examStart)

describe('buildAnswerFile', () => {
  it('holds the queued submission under the names the server reads, with its format and version', () => {
    const { tag, ...content } = buildAnswerFile(submission, examAnswerFileKey)
    expect(content).toEqual({
      format: 'holdfast-answer-file',
      version: 1,
      submission_id: submission.submission_id,
      login_code: 'ABCD1234',
      student_name: 'Zoë Ødegaard',
      answers: { '1': 'A', '2': 'B', '3': 'C' },
      tab_switches: 3,
      time_taken: 600,
      started_at: '2026-11-23T09:00:00.000Z',
      submitted_at: '2026-11-23T09:10:00.000Z',
    })
    expect(tag).toMatch(/^[0-9a-f]{64}$/)
  })

  it('tags one field a line, the name as hex of its UTF-8 bytes, with HMAC-SHA256 under the code key', () => {
    const canonical = [
      'holdfast-answer-file/1',
      submission.submission_id,
      'ABCD1234',
      Buffer.from('Zoë Ødegaard', 'utf8').toString('hex'),
      '1:A,2:B,3:C',
      '3',
      '600',
      '2026-11-23T09:00:00.000Z',
      '2026-11-23T09:10:00.000Z',
    ].join('\n')
    const expected = createHmac('sha256', Buffer.from(examAnswerFileKey, 'hex')).update(canonical, 'utf8').digest('hex')
    expect(buildAnswerFile(submission, examAnswerFileKey).tag).toBe(expected)
  })

  it('gives a different tag for any change to what it covers, and under another key', () => {
    const tag = buildAnswerFile(submission, examAnswerFileKey).tag
    const changed = [
      { ...submission, answers: { ...submission.answers, '3': 'D' as const } },
      { ...submission, student_name: 'Zoe Odegaard' },
      { ...submission, tab_switches: 0 },
      { ...submission, submitted_at: '2026-11-23T09:09:59.000Z' },
    ]
    for (const other of changed) expect(buildAnswerFile(other, examAnswerFileKey).tag).not.toBe(tag)
    expect(buildAnswerFile(submission, 'ff'.repeat(32)).tag).not.toBe(tag)
  })
})

it('names the file after the code and writes it as readable JSON', () => {
  const file = buildAnswerFile(submission, examAnswerFileKey)
  expect(answerFileName('ABCD1234')).toBe('holdfast-answers-ABCD1234.json')
  expect(JSON.parse(answerFileText(file))).toEqual(file)
  expect(answerFileText(file)).toContain('\n  "login_code": "ABCD1234",\n')
})

it('is offered from 2 minutes after the deadline', () => {
  expect(answerFileOfferedFrom(attempt.deadline)).toBe(attempt.deadline + 120_000)
})

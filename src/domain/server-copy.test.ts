import { describe, expect, it } from 'vitest'
import { examAttempt, examStart } from '../../tests/unit/exam-fixtures'
import { buildAttemptReport } from './attempt-report'
import {
  copyAfterDelivery,
  formatReceivedAgo,
  questionNavigatorName,
  questionSummaries,
  resumedNotice,
  serverCopyStatus,
  type ServerCopy,
} from './server-copy'

const copyOf = (answers: ServerCopy['answers'], receivedAt = examStart, flags: number[] = []): ServerCopy => ({
  answers,
  flags,
  reportedAt: new Date(receivedAt).toISOString(),
  receivedAt,
})

describe('questionSummaries and the navigator names', () => {
  it('tells each question answered or not, flagged or not, and whether the server holds its very answer', () => {
    const attempt = examAttempt({ answers: { '1': 'A', '2': 'B' }, flags: [2, 3] })
    const names = questionSummaries(attempt, copyOf({ '1': 'A', '2': 'C' })).map(questionNavigatorName)
    expect(names).toEqual([
      'Question 1: answered, received by the server',
      'Question 2: answered, flagged for review, saved on this device only',
      'Question 3: not answered, flagged for review',
    ])
  })

  it('names the position the student sees, whatever the question number, and says nothing received without a copy', () => {
    const attempt = examAttempt({ answers: { '3': 'D' } })
    const shuffled = { ...attempt, questions: [...attempt.questions].reverse() }
    expect(questionSummaries(shuffled, null).map(questionNavigatorName)).toEqual([
      'Question 1: answered, saved on this device only',
      'Question 2: not answered',
      'Question 3: not answered',
    ])
  })
})

describe('the status line', () => {
  it.each([
    [0, 'just now'],
    [9_999, 'just now'],
    [10_000, '10 seconds ago'],
    [59_999, '59 seconds ago'],
    [60_000, '1 minute ago'],
    [150_000, '2 minutes ago'],
  ])('says %i ms as "%s"', (ms, words) => expect(formatReceivedAgo(ms)).toBe(words))

  it('says everything is received when the device holds nothing the server lacks', () => {
    const attempt = examAttempt({ answers: { '1': 'A' } })
    expect(serverCopyStatus(attempt, copyOf({ '1': 'A' }), examStart + 45_000)).toBe(
      'Server copy: everything received 45 seconds ago',
    )
  })

  it('counts the answers only this device holds, and when the server last received', () => {
    const attempt = examAttempt({ answers: { '1': 'A', '2': 'B', '3': 'C' } })
    expect(serverCopyStatus(attempt, copyOf({ '1': 'A', '2': 'D' }), examStart + 3_000)).toBe(
      'Server copy: 2 answers saved on this device only; everything received just now',
    )
    expect(serverCopyStatus(examAttempt({ answers: { '1': 'A' } }), null, examStart)).toBe(
      'Server copy: 1 answer saved on this device only; nothing received yet',
    )
    expect(serverCopyStatus(examAttempt(), null, examStart)).toBe('Server copy: nothing received yet')
  })
})

describe('copyAfterDelivery', () => {
  it("takes the delivered report's answers and flags, unless the copy held is from a later report", () => {
    const attempt = examAttempt({ answers: { '1': 'B' }, flags: [1] })
    const report = buildAttemptReport(attempt, 'in_progress', examStart + 10_000, true, null)
    expect(copyAfterDelivery(null, report, examStart + 11_000)).toEqual({
      answers: { '1': 'B' },
      flags: [1],
      reportedAt: report.reported_at,
      receivedAt: examStart + 11_000,
    })
    const later = copyOf({ '1': 'C' }, examStart + 20_000)
    expect(copyAfterDelivery(later, report, examStart + 30_000)).toBe(later)
  })
})

describe('resumedNotice', () => {
  const at = () => '10:42:05'
  it('says how many answers came back and when they were last saved', () => {
    expect(resumedNotice({ answers: 20, savedAt: examStart }, at)).toBe(
      'Resumed on this device: 20 answers restored (last saved at 10:42:05).',
    )
    expect(resumedNotice({ answers: 1, savedAt: examStart }, at)).toBe(
      'Resumed on this device: 1 answer restored (last saved at 10:42:05).',
    )
    expect(resumedNotice({ answers: 0, savedAt: null }, at)).toBe(
      'Resumed on this device: 0 answers restored (nothing was saved yet).',
    )
  })
})

import { describe, expect, it } from 'vitest'
import { examDeadline, timerColour } from './exam-deadline'

describe('examDeadline', () => {
  const startedAt = Date.parse('2026-11-23T09:00:00.000Z')

  it('is the full duration after the start when the window lasts longer', () => {
    const windowEnd = Date.parse('2026-11-23T12:00:00.000Z')
    expect(examDeadline({ startedAt, durationSeconds: 1800, windowEnd })).toBe(startedAt + 1_800_000)
  })

  it('is the window end for a student who starts late', () => {
    const windowEnd = Date.parse('2026-11-23T09:10:00.000Z')
    expect(examDeadline({ startedAt, durationSeconds: 1800, windowEnd })).toBe(windowEnd)
  })

  it('is the full duration without a window', () => {
    expect(examDeadline({ startedAt, durationSeconds: 1800, windowEnd: null })).toBe(startedAt + 1_800_000)
  })
})

describe('timerColour', () => {
  it.each([
    [1800, 'green'],
    [601, 'green'],
    [600, 'orange'],
    [301, 'orange'],
    [300, 'red'],
    [0, 'red'],
  ])('%d s left is %s', (seconds, colour) => expect(timerColour(seconds)).toBe(colour))
})

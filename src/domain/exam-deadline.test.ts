import { describe, expect, it } from 'vitest'
import { timeAlertMessage, timeAlertPassed, timerColour, windowCutsExamShort } from './exam-deadline'

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

describe('timeAlertPassed', () => {
  it.each([
    [300_001, 300_000, 5],
    [301_000, 299_000, 5],
    [300_000, 299_000, null],
    [60_001, 60_000, 1],
    [400_000, 30_000, 1],
    [700_000, 400_000, null],
  ])('from %d ms to %d ms left passes %s', (before, after, alert) => expect(timeAlertPassed(before, after)).toBe(alert))

  it('words each alert', () => {
    expect(timeAlertMessage(5)).toBe('5 minutes left.')
    expect(timeAlertMessage(1)).toBe('1 minute left.')
  })
})

describe('windowCutsExamShort', () => {
  const startMs = Date.parse('2026-11-23T11:30:01Z')
  it('is true when the deadline comes before the whole duration', () => {
    expect(windowCutsExamShort({ startMs, deadlineMs: Date.parse('2026-11-23T11:42:00Z'), durationMinutes: 30 })).toBe(true)
  })
  it('is false for the whole duration', () => {
    expect(windowCutsExamShort({ startMs, deadlineMs: startMs + 30 * 60_000, durationMinutes: 30 })).toBe(false)
  })
})

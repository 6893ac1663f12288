import { describe, expect, it } from 'vitest'
import { formatCountdown, formatDurationInWords, formatMinutesSeconds, formatTimeAgo } from './time-format'

describe('formatMinutesSeconds', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [75, '1:15'],
    [1800, '30:00'],
    [3661, '61:01'],
    [59.9, '0:59'],
    [-3, '0:00'],
  ])('%d s → %s', (seconds, text) => expect(formatMinutesSeconds(seconds)).toBe(text))
})

describe('formatCountdown', () => {
  it.each([
    [0, '0s'],
    [999, '0s'],
    [5_000, '5s'],
    [65_000, '1m 5s'],
    [3_600_000, '1h 0m 0s'],
    [(2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000, '2d 3h 4m 5s'],
    [86_400_000 + 7_000, '1d 0h 0m 7s'],
    [-10_000, '0s'],
  ])('%d ms → %s', (ms, text) => expect(formatCountdown(ms)).toBe(text))
})

describe('formatTimeAgo', () => {
  it.each([
    [0, 'just now'],
    [4_999, 'just now'],
    [5_000, '5 s ago'],
    [59_999, '59 s ago'],
    [60_000, '1 min ago'],
    [150_000, '2 min ago'],
    [3_599_999, '59 min ago'],
    [3_600_000, '1 h ago'],
    [86_399_999, '23 h ago'],
    [2 * 86_400_000, '2 d ago'],
    [-30_000, 'just now'],
  ])('%d ms → %s', (ms, text) => expect(formatTimeAgo(ms)).toBe(text))
})

describe('formatDurationInWords', () => {
  it.each([
    [719, '11 minutes 59 seconds'],
    [720, '12 minutes'],
    [61, '1 minute 1 second'],
    [45, '45 seconds'],
    [0, '0 seconds'],
  ])('%d s is %j', (seconds, words) => expect(formatDurationInWords(seconds)).toBe(words))
})

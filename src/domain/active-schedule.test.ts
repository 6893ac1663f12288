import { expect, it } from 'vitest'
import { isBeforeExamWindow } from './active-schedule'

const window = { start_time: '2026-11-23T09:00:00.000Z', end_time: '2026-11-23T11:00:00.000Z' }

it.each([
  ['before the window opens', '2026-11-23T08:59:59.999Z', true],
  ['while it is open', '2026-11-23T10:00:00.000Z', false],
  // A code's extra minutes may still reach now: the server is asked (issue 16).
  ['after its end', '2026-11-23T11:05:00.000Z', false],
])('refuses every code on the device %s: %s', (_when, now, refused) =>
  expect(isBeforeExamWindow(window, new Date(now))).toBe(refused),
)

it('refuses nothing without an active schedule', () => {
  expect(isBeforeExamWindow(null, new Date('2026-11-23T08:00:00.000Z'))).toBe(false)
})

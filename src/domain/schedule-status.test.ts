import { describe, expect, it } from 'vitest'
import { scheduleDisplayStatus, scheduleWindowStatus } from './schedule-status'

const window = { start_time: '2026-11-23T09:00:00.000Z', end_time: '2026-11-23T11:00:00.000Z' }
const at = (iso: string) => new Date(iso)

describe('scheduleWindowStatus', () => {
  it.each([
    ['2026-11-23T08:59:59.999Z', 'upcoming'],
    ['2026-11-23T09:00:00.000Z', 'active'],
    ['2026-11-23T10:00:00.000Z', 'active'],
    ['2026-11-23T11:00:00.000Z', 'active'],
    ['2026-11-23T11:00:00.001Z', 'ended'],
  ])('at %s it is %s', (now, status) => expect(scheduleWindowStatus(window, at(now))).toBe(status))
})

describe('scheduleDisplayStatus', () => {
  it('is inactive whenever the schedule is switched off', () => {
    expect(scheduleDisplayStatus({ ...window, is_active: false }, at('2026-11-23T10:00:00.000Z'))).toBe('inactive')
  })

  it('follows the window when active', () => {
    expect(scheduleDisplayStatus({ ...window, is_active: true }, at('2026-11-23T12:00:00.000Z'))).toBe('ended')
  })
})

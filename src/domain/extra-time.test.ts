import { describe, expect, it } from 'vitest'
import { formatExtraTime, formatMinutes, parseExtraMinutes, parseRoomMinutes } from './extra-time'

describe('parseExtraMinutes', () => {
  it.each([
    ['0', 0],
    ['15', 15],
    [' 180 ', 180],
    ['007', 7],
  ])('accepts %j as %d minutes', (text, minutes) => expect(parseExtraMinutes(text)).toEqual({ ok: true, minutes }))

  it.each(['', '  ', '181', '-5', '12.5', '1e2', 'ten', '+5', '0x10'])('refuses %j with the range in the message', (text) =>
    expect(parseExtraMinutes(text)).toEqual({
      ok: false,
      error: 'Extra time must be a whole number of minutes between 0 and 180',
    }),
  )
})

describe('formatExtraTime', () => {
  it('shows the minutes with a plus sign', () => expect(formatExtraTime(15)).toBe('+15 min'))
})

describe('parseRoomMinutes', () => {
  it.each([
    ['1', 1],
    [' 180 ', 180],
    ['15', 15],
  ])('accepts %j as %d minutes', (text, minutes) => expect(parseRoomMinutes(text)).toEqual({ ok: true, minutes }))

  it.each(['', '0', '181', '-5', '12.5', '1e2', 'ten'])('refuses %j with the range in the message', (text) =>
    expect(parseRoomMinutes(text)).toEqual({
      ok: false,
      error: 'Added time must be a whole number of minutes between 1 and 180',
    }),
  )
})

it('words minutes in the singular for one', () => {
  expect(formatMinutes(1)).toBe('1 minute')
  expect(formatMinutes(25)).toBe('25 minutes')
})

import { describe, expect, it } from 'vitest'
import { timerColour } from './exam-deadline'

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

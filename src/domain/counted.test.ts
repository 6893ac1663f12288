import { describe, expect, it } from 'vitest'
import { counted } from './counted'

describe('counted', () => {
  it('uses the singular for exactly one and the plural otherwise', () => {
    expect(counted(1, 'student')).toBe('1 student')
    expect(counted(0, 'student')).toBe('0 students')
    expect(counted(3, 'new login code')).toBe('3 new login codes')
    expect(counted(2, 'row has', 'rows have')).toBe('2 rows have')
  })
})

import { expect, it } from 'vitest'
import { loginCodeKey } from './login-code'

it.each([
  ['  id7dgzbo ', '1D7DGZB0'],
  ['1D7DGZB0', '1D7DGZB0'],
  ['lol0', '1010'],
  ['ABCDEFGH', 'ABCDEFGH'],
])('reads %j as %j: trimmed, upper-case, O as 0 and I or L as 1', (typed, key) => expect(loginCodeKey(typed)).toBe(key))

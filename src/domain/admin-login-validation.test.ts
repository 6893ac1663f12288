import { expect, it } from 'vitest'
import { adminLoginError } from './admin-login-validation'

it.each([
  ['', '', 'Please fill in all fields'],
  ['admin@example.test', '', 'Please fill in all fields'],
  ['   ', 'secret-password', 'Please fill in all fields'],
  ['admin.example.test', 'secret-password', 'Please enter a valid email address'],
  ['admin.example.test', '123', 'Please enter a valid email address'],
  ['admin@example.test', '12345', 'Password must be at least 6 characters'],
  ['admin@example.test', '123456', null],
])('"%s" with "%s" gives %s', (email, password, error) => expect(adminLoginError(email, password)).toBe(error))

import { AuthApiError, AuthRetryableFetchError, AuthUnknownError } from '@supabase/supabase-js'
import { expect, it } from 'vitest'
import { signInErrorMessage } from './admin-auth'

it.each([
  [
    'wrong credentials',
    new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'),
    'Invalid email or password. Please check your credentials.',
  ],
  [
    'no connection',
    new AuthRetryableFetchError('Failed to fetch', 0),
    'Unable to connect to the database. Please check your internet connection and try again.',
  ],
  [
    'a fetch that threw',
    new TypeError('Failed to fetch'),
    'Unable to connect to the database. Please check your internet connection and try again.',
  ],
  [
    'the sign-in limit',
    new AuthApiError('Request rate limit reached', 429, 'over_request_rate_limit'),
    'Too many sign-in attempts for this e-mail from this network. Please wait a few minutes and try again, or sign in from another network.',
  ],
  ['a provider message', new AuthApiError('Email not confirmed', 400, 'email_not_confirmed'), 'Email not confirmed'],
  ['no message at all', new AuthUnknownError('', null), 'Login failed. Please try again.'],
  // supabase-js reports an auth server's 500 as retryable, with its status: an answer, not a lost connection.
  ['an auth server error (500)', new AuthRetryableFetchError('Internal Server Error', 500), 'Login failed. Please try again.'],
  ['a 500 whose body is {}', new AuthRetryableFetchError('{}', 500), 'Login failed. Please try again.'],
  ['a provider error without a message', new AuthApiError('{}', 400, undefined), 'Login failed. Please try again.'],
  [
    'an unreadable answer',
    new AuthUnknownError('Unexpected token < in JSON at position 0', null),
    'Login failed. Please try again.',
  ],
  [
    'an exception of our own',
    new TypeError("Cannot read properties of undefined (reading 'session')"),
    'Login failed. Please try again.',
  ],
  [
    "Safari's lost connection",
    new TypeError('Load failed'),
    'Unable to connect to the database. Please check your internet connection and try again.',
  ],
])('%s', (_case, error, message) => expect(signInErrorMessage(error)).toBe(message))

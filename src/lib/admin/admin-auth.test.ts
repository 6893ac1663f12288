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
])('%s', (_case, error, message) => expect(signInErrorMessage(error)).toBe(message))

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
    'a provider message',
    new AuthApiError('Request rate limit reached', 429, 'over_request_rate_limit'),
    'Request rate limit reached',
  ],
  ['no message at all', new AuthUnknownError('', null), 'Login failed. Please try again.'],
])('%s', (_case, error, message) => expect(signInErrorMessage(error)).toBe(message))

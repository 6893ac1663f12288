import { PostgrestError } from '@supabase/supabase-js'
import { describe, expect, it, vi } from 'vitest'
import { adminRequest } from './admin-result'

const failure = { message: 'Failed to save question', preferServerMessage: true }

function failedWith(error: { message: string; code: string }) {
  return () => Promise.resolve({ data: null, error: new PostgrestError({ ...error, details: '', hint: '' }) })
}

describe('adminRequest', () => {
  it("shows the database's own words where the operation prefers them", async () => {
    const result = await adminRequest(failure, failedWith({ code: '22023', message: 'Question 12 already exists' }))
    expect(result).toEqual({ ok: false, error: 'Question 12 already exists' })
  })

  it("keeps the operation's text where it does not prefer the server's", async () => {
    const result = await adminRequest({ message: 'Failed to load questions' }, failedWith({ code: '42501', message: 'denied' }))
    expect(result).toEqual({ ok: false, error: 'Failed to load questions' })
  })

  // What supabase-js answers for a request that got no answer, and what a gateway's bodies become.
  it.each([
    ['a fetch that failed', { code: '', message: 'TypeError: Failed to fetch' }],
    ['an aborted request', { code: '', message: 'AbortError: The user aborted a request.' }],
    ['an empty JSON body', { code: '', message: '{}' }],
    ['a coded error without a message', { code: 'PGRST000', message: '' }],
    ['a coded error whose message is {}', { code: 'PGRST000', message: '{}' }],
    ["a gateway's page", { code: '', message: '<html>502 Bad Gateway</html>' }],
    // The database's and PostgREST's own texts: never the spec's words.
    [
      'a check constraint',
      {
        code: '23514',
        message: 'new row for relation "exam_schedule" violates check constraint "exam_schedule_end_after_start"',
      },
    ],
    [
      'a row-level security policy',
      { code: '42501', message: 'new row violates row-level security policy for table "questions"' },
    ],
    ['a statement timeout', { code: '57014', message: 'canceling statement due to statement timeout' }],
    ['an expired session', { code: 'PGRST303', message: 'JWT expired' }],
    ['text jsonb cannot store', { code: '22P05', message: 'unsupported Unicode escape sequence' }],
  ])("shows the operation's text, never the raw error, for %s", async (_case, error) => {
    const result = await adminRequest(failure, failedWith(error))
    expect(result).toEqual({ ok: false, error: 'Failed to save question' })
  })

  it("shows the operation's text when the request throws", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const result = await adminRequest(failure, () => Promise.reject(new TypeError('Failed to fetch')))
    expect(result).toEqual({ ok: false, error: 'Failed to save question' })
    expect(logged).toHaveBeenCalledOnce()
    logged.mockRestore()
  })

  it('answers the data of a request that succeeded', async () => {
    expect(await adminRequest(failure, () => Promise.resolve({ data: 7, error: null }))).toEqual({ ok: true, data: 7 })
  })
})

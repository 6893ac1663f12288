import { describe, expect, it, vi } from 'vitest'
import { getSupabase } from '../api/supabase'
import { offerAttemptMove } from './admin-attempts'

vi.mock('../api/supabase', () => ({ getSupabase: vi.fn() }))

/** A server whose admin_offer_attempt_move answers `reply`, remembering what it was asked. */
function serverAnswering(reply: { data: unknown; error: { message: string; code: string } | null }) {
  const rpc = vi.fn(async () => reply)
  vi.mocked(getSupabase).mockReturnValue({ rpc } as never)
  return rpc
}

describe('offerAttemptMove', () => {
  it("asks for the attempt's PIN and gives it with until when it is valid", async () => {
    const rpc = serverAnswering({ data: { pin: '048291', expires_at: '2026-11-27T10:10:00+00:00' }, error: null })
    expect(await offerAttemptMove('attempt-1')).toEqual({
      ok: true,
      data: { pin: '048291', expiresAt: '2026-11-27T10:10:00+00:00' },
    })
    expect(rpc).toHaveBeenCalledWith('admin_offer_attempt_move', { attempt_id: 'attempt-1' })
  })

  it("gives the server's refusal in its own words", async () => {
    const refusal = 'This attempt is no longer in progress, so it cannot be moved.'
    // As PostgREST passes on private.invalid_argument's refusal: with its SQLSTATE.
    serverAnswering({ data: null, error: { message: refusal, code: '22023' } })
    expect(await offerAttemptMove('attempt-1')).toEqual({ ok: false, error: refusal })
  })

  it('fails rather than show a PIN that is not 6 digits', async () => {
    serverAnswering({ data: { pin: '4829', expires_at: '2026-11-27T10:10:00+00:00' }, error: null })
    expect(await offerAttemptMove('attempt-1')).toEqual({ ok: false, error: 'Failed to make a resume PIN' })
  })
})

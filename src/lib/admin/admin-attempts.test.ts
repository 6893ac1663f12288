import { describe, expect, it, vi } from 'vitest'
import { getSupabase } from '../api/supabase'
import { loadLiveAttemptCounts, noteAttempt, offerAttemptMove } from './admin-attempts'

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

describe('noteAttempt', () => {
  it('sends the seat and the note as typed (the server trims them and takes blanks for none)', async () => {
    const rpc = serverAnswering({ data: null, error: null })
    expect(await noteAttempt('attempt-1', ' 12 ', 'Moved to spare laptop')).toEqual({ ok: true, data: null })
    expect(rpc).toHaveBeenCalledWith('note_attempt', {
      p_attempt_id: 'attempt-1',
      p_seat: ' 12 ',
      p_note: 'Moved to spare laptop',
    })
  })

  it('says "Failed to save note", never the raw error', async () => {
    serverAnswering({ data: null, error: { message: 'TypeError: Failed to fetch', code: '' } })
    expect(await noteAttempt('attempt-1', '', 'x')).toEqual({ ok: false, error: 'Failed to save note' })
  })

  it("shows the server's own refusal, which says what to change", async () => {
    const refusal = 'A seat can hold printable characters only, on one line.'
    serverAnswering({ data: null, error: { message: refusal, code: '22023' } })
    expect(await noteAttempt('attempt-1', 'a\tb', '')).toEqual({ ok: false, error: refusal })
  })
})

describe('loadLiveAttemptCounts', () => {
  const counts = { offline: 3, submitted_on_device: 1, refused: 0, on_track: 1, received: 2, moved: 0, writing: 4 }

  it('reads the counts with the figures of a room outage', async () => {
    serverAnswering({ data: { ...counts, silent_together: 3, silent_since: '2026-11-28T12:42:00.123456+00:00' }, error: null })
    expect(await loadLiveAttemptCounts()).toEqual({
      ok: true,
      data: { ...counts, moved: undefined, silent_together: 3, silent_since: '2026-11-28T12:42:00.123456+00:00' },
    })
  })

  it('fails rather than decide an outage from figures of another shape', async () => {
    serverAnswering({ data: { ...counts, silent_together: 3, silent_since: 'yesterday' }, error: null })
    expect(await loadLiveAttemptCounts()).toEqual({ ok: false, error: 'Failed to load exam attempts' })
  })
})

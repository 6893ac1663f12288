import { describe, expect, it } from 'vitest'
import { parseAnswer, roomTimeAnswerSchema } from './rpc-answers'

describe('parseAnswer', () => {
  const failure = 'Failed to add time'

  it('gives what the answer parsed to', () => {
    expect(parseAnswer({ ok: true, data: { outcome: 'added', students: 3, minutes: 5 } }, roomTimeAnswerSchema, failure)).toEqual(
      {
        ok: true,
        data: { outcome: 'added', students: 3, minutes: 5 },
      },
    )
  })

  it('fails with the given text when the answer has another shape', () => {
    expect(parseAnswer({ ok: true, data: { outcome: 'added', students: 0 } }, roomTimeAnswerSchema, failure)).toEqual({
      ok: false,
      error: failure,
    })
  })

  it("keeps a failed call's own message", () => {
    expect(parseAnswer({ ok: false, error: 'minutes must be 1 to 180' }, roomTimeAnswerSchema, failure)).toEqual({
      ok: false,
      error: 'minutes must be 1 to 180',
    })
  })
})

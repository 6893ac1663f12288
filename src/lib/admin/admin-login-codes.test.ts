import { beforeEach, describe, expect, it, vi } from 'vitest'
import { loginCodeAlphabet, type RandomBytes } from '../../domain/login-code-generator'
import { generateLoginCodes, type GenerationRequest } from './admin-login-codes'

/**
 * The login_codes table behind a fake client: the codes it holds, the lookups and inserts it
 * was asked for, and what another administrator does between a lookup and an insert.
 */
const server = vi.hoisted(() => ({
  codes: new Set<string>(),
  lookups: [] as string[][],
  inserts: [] as Array<Array<{ code: string; extra_minutes: number; label: string | null; student_name: string | null }>>,
  beforeInsert: () => {},
  unreachable: false,
  /** What the insert answers instead of inserting, when set. */
  refusal: null as { code: string; message: string } | null,
}))

vi.mock('../api/supabase', () => ({
  getSupabase: () => ({
    from: () => ({
      select: () => ({
        in: async (_column: string, codes: string[]) => {
          if (server.unreachable) throw new TypeError('Failed to fetch')
          server.lookups.push(codes)
          return { data: codes.filter((code) => server.codes.has(code)).map((code) => ({ code })), error: null }
        },
      }),
      insert: async (rows: Array<{ code: string; extra_minutes: number; label: string | null; student_name: string | null }>) => {
        server.inserts.push(rows)
        server.beforeInsert()
        if (server.refusal) return { data: null, error: server.refusal }
        // The unique constraint on code refuses the whole insert.
        if (rows.some((row) => server.codes.has(row.code))) {
          return { data: null, error: { code: '23505', message: 'duplicate key value violates unique constraint' } }
        }
        for (const row of rows) server.codes.add(row.code)
        return { data: null, error: null }
      },
    }),
  }),
}))

/** A random source that spells the given codes, one a draw, the last one again and again. */
function drawing(...codes: string[]): RandomBytes {
  let next = 0
  return (bytes) => {
    const code = codes[Math.min(next++, codes.length - 1)] as string
    bytes.set([...code].map((character) => loginCodeAlphabet.indexOf(character)))
    return bytes
  }
}

/** `count` codes with `extraMinutes`, without label or names unless `more` gives them. */
function batchOf(count: number, extraMinutes: number, more: Partial<GenerationRequest> = {}): GenerationRequest {
  return { count, extraMinutes, label: null, names: [], ...more }
}

beforeEach(() => {
  server.codes = new Set(['TAKEN001', 'TAKEN002'])
  server.lookups = []
  server.inserts = []
  server.beforeInsert = () => {}
  server.unreachable = false
  server.refusal = null
})

describe('generateLoginCodes', () => {
  it('looks the batch up among every code and inserts it, with the extra time, in one insert', async () => {
    const made = await generateLoginCodes(batchOf(2, 15), drawing('FRESH001', 'FRESH002'))

    expect(made).toEqual({ ok: true, data: ['FRESH001', 'FRESH002'] })
    expect(server.lookups).toEqual([['FRESH001', 'FRESH002']])
    expect(server.inserts).toEqual([
      [
        { code: 'FRESH001', extra_minutes: 15, label: null, student_name: null },
        { code: 'FRESH002', extra_minutes: 15, label: null, student_name: null },
      ],
    ])
  })

  it('gives every code the label, and each the name at its place', async () => {
    const made = await generateLoginCodes(
      batchOf(2, 0, { label: '10B', names: ['Ada Lovelace', 'Blaise Pascal'] }),
      drawing('FRESH001', 'FRESH002'),
    )

    expect(made).toEqual({ ok: true, data: ['FRESH001', 'FRESH002'] })
    expect(server.inserts).toEqual([
      [
        { code: 'FRESH001', extra_minutes: 0, label: '10B', student_name: 'Ada Lovelace' },
        { code: 'FRESH002', extra_minutes: 0, label: '10B', student_name: 'Blaise Pascal' },
      ],
    ])
  })

  it('draws again, avoiding them, when codes of the batch exist already, and inserts only a batch of new ones', async () => {
    const made = await generateLoginCodes(batchOf(2, 0), drawing('TAKEN001', 'FRESH001', 'TAKEN001', 'FRESH002', 'FRESH003'))

    expect(made).toEqual({ ok: true, data: ['FRESH002', 'FRESH003'] })
    // The second draw skipped TAKEN001 without asking the server again.
    expect(server.lookups).toEqual([
      ['TAKEN001', 'FRESH001'],
      ['FRESH002', 'FRESH003'],
    ])
    expect(server.inserts.map((rows) => rows.map((row) => row.code))).toEqual([['FRESH002', 'FRESH003']])
  })

  it('starts over when another administrator takes a code between the lookup and the insert', async () => {
    server.beforeInsert = () => {
      server.codes.add('RACED001')
      server.beforeInsert = () => {}
    }

    const made = await generateLoginCodes(batchOf(1, 0), drawing('RACED001', 'FRESH001'))

    expect(made).toEqual({ ok: true, data: ['FRESH001'] })
    expect(server.inserts.map((rows) => rows.map((row) => row.code))).toEqual([['RACED001'], ['FRESH001']])
    expect([...server.codes]).toEqual(['TAKEN001', 'TAKEN002', 'RACED001', 'FRESH001'])
  })

  it("gives up after a few rounds that all lose the race, with the manager's message", async () => {
    let serial = 0
    // Every insert finds its code taken a moment before.
    server.beforeInsert = () => {
      for (const rows of server.inserts) for (const row of rows) server.codes.add(row.code)
    }
    const random: RandomBytes = (bytes) => drawing(`RACE${String(++serial).padStart(4, '0')}`)(bytes)

    expect(await generateLoginCodes(batchOf(1, 0), random)).toEqual({ ok: false, error: 'Failed to generate codes' })
    expect(server.inserts).toHaveLength(5)
  })

  it("keeps the generator's own message when no draw escapes the codes found taken", async () => {
    expect(await generateLoginCodes(batchOf(1, 0), drawing('TAKEN001'))).toEqual({
      ok: false,
      error: 'Failed to generate unique codes',
    })
    expect(server.lookups).toEqual([['TAKEN001']])
    expect(server.inserts).toEqual([])
  })

  it('looks up a large batch 100 codes at a time', async () => {
    const codes = Array.from({ length: 250 }, (_, i) => `BUCK${String(i).padStart(4, '0')}`)

    expect(await generateLoginCodes(batchOf(250, 0), drawing(...codes))).toEqual({ ok: true, data: codes })
    expect(server.lookups.map((lookup) => lookup.length)).toEqual([100, 100, 50])
    expect(server.inserts).toHaveLength(1)
  })

  it("says the manager's message, not the constraint's words, when the server refuses a label or name", async () => {
    server.beforeInsert = () => {
      server.refusal = {
        code: '23514',
        message: 'new row for relation "login_codes" violates check constraint "login_codes_label_check"',
      }
    }

    expect(await generateLoginCodes(batchOf(1, 0, { label: 'x'.repeat(61) }), drawing('FRESH001'))).toEqual({
      ok: false,
      error: 'Failed to generate codes',
    })
  })

  it("fails with the manager's message, inserting nothing, when the lookup cannot reach the server", async () => {
    server.unreachable = true

    expect(await generateLoginCodes(batchOf(5, 0), drawing('FRESH001', 'FRESH002', 'FRESH003', 'FRESH004', 'FRESH005'))).toEqual({
      ok: false,
      error: 'Failed to generate codes',
    })
    expect(server.inserts).toEqual([])
  })
})

import { availableParallelism } from 'node:os'
import { describe, expect, it } from 'vitest'
import { defaultPoolSize } from '../../supabase/local/db.ts'

describe('connections to a PostgreSQL server (DATABASE_URL)', () => {
  it('are twice the cores plus 8, or HOLDFAST_DB_POOL_SIZE', () => {
    expect(defaultPoolSize({})).toBe(2 * availableParallelism() + 8)
    expect(defaultPoolSize({ HOLDFAST_DB_POOL_SIZE: ' ' })).toBe(2 * availableParallelism() + 8)
    expect(defaultPoolSize({ HOLDFAST_DB_POOL_SIZE: ' 40 ' })).toBe(40)
  })

  it('refuse a HOLDFAST_DB_POOL_SIZE that is not a whole number of connections, naming it', () => {
    for (const size of ['0', '-3', '2.5', 'many']) {
      expect(() => defaultPoolSize({ HOLDFAST_DB_POOL_SIZE: size }), size).toThrow(`"${size}"`)
    }
  })
})

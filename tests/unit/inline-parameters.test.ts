import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { quoteLiteral, withParametersInlined } from '../../supabase/local/inline-parameters.ts'

describe('withParametersInlined', () => {
  it('writes each parameter in as a quoted literal of the text the driver would send', () => {
    expect(withParametersInlined('select $1::uuid, $2, $3, $4, $10', ['a', 5, true, null, 'ten', '', '', '', '', 'x'])).toBe(
      "select 'a'::uuid, '5', 'true', null, 'x'",
    )
  })

  it('doubles quotes and writes backslashes so that the value arrives unchanged', () => {
    expect(withParametersInlined('select $1', ["it's"])).toBe("select 'it''s'")
    expect(withParametersInlined('select $1', ['a\\b'])).toBe("select  E'a\\\\b'")
  })

  it('leaves $n alone inside literals, quoted identifiers, dollar quotes, comments and names', () => {
    const sql = `select '$1', E'\\'$1', "a$1""$1", $q$ $1 $q$, $$ $1 $$, a$1 -- $1
      /* $1 /* $1 */ $1 */ , $1`
    expect(withParametersInlined(sql, ['v'])).toBe(sql.replace(/, \$1$/, ", 'v'"))
  })

  it('declines values a literal cannot carry as the driver sends them, and parameters it was not given', () => {
    expect(withParametersInlined('select $1', ['a\0b'])).toBeUndefined()
    expect(withParametersInlined('select $1', [{ a: 1 }])).toBeUndefined()
    expect(withParametersInlined('select $1', [new Date()])).toBeUndefined()
    expect(withParametersInlined('select $1', [Number.NaN])).toBeUndefined()
    expect(withParametersInlined('select $2', ['a'])).toBeUndefined()
  })

  it('quotes a string exactly as node-postgres escapeLiteral does', () => {
    for (const value of ['', 'plain', "it's", "''", 'a\\b', "\\'\\", 'ü €', '{"1":"A"}']) {
      expect(quoteLiteral(value)).toBe(pg.escapeLiteral(value))
    }
  })
})

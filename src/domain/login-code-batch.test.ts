import { describe, expect, it } from 'vitest'
import { checkCodeBatch, codeCountMessage, labelTooLongMessage, namesOfList, tooManyNamesMessage } from './login-code-batch'

const batch = (fields: Partial<{ count: string; label: string; names: string }>) =>
  checkCodeBatch({ count: '', label: '', names: '', ...fields })

describe('checkCodeBatch', () => {
  it.each(['1', '25', '500'])('accepts %s codes', (count) => {
    expect(batch({ count })).toEqual({ ok: true, batch: { count: Number(count), label: null, names: [] } })
  })

  it.each(['0', '501', '', ' ', '2.5', '-3', '1e2', 'ten', '0500'])('refuses "%s" codes, generating nothing', (count) => {
    expect(batch({ count })).toEqual({ ok: false, error: codeCountMessage })
  })

  it('trims the label and keeps one of 60 characters', () => {
    expect(batch({ count: '2', label: '  10B, room 4 ' })).toMatchObject({ ok: true, batch: { label: '10B, room 4' } })
    expect(batch({ count: '2', label: 'x'.repeat(60) })).toMatchObject({ ok: true })
    expect(batch({ count: '2', label: 'x'.repeat(61) })).toEqual({ ok: false, error: labelTooLongMessage })
  })

  it('makes one code per name, whatever number was typed', () => {
    expect(batch({ count: '7', names: 'Ada Lovelace\r\n\n  Blaise Pascal  \n' })).toEqual({
      ok: true,
      batch: { count: 2, label: null, names: ['Ada Lovelace', 'Blaise Pascal'] },
    })
  })

  it('takes 500 names and refuses 501', () => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => `Student ${i}`).join('\n')
    expect(batch({ names: names(500) })).toMatchObject({ ok: true, batch: { count: 500 } })
    expect(batch({ names: names(501) })).toEqual({ ok: false, error: tooManyNamesMessage })
  })

  it('says which line holds a name over 100 characters', () => {
    expect(batch({ names: `Ada\n\n${'x'.repeat(101)}` })).toEqual({
      ok: false,
      error: 'The name on line 3 is longer than 100 characters',
    })
    expect(batch({ names: 'x'.repeat(100) })).toMatchObject({ ok: true, batch: { count: 1 } })
  })
})

describe('namesOfList', () => {
  it('reads one name a line, trimmed, without blank lines', () => {
    expect(namesOfList(' Ada \r\rBlaise\n\t\nCarl')).toEqual(['Ada', 'Blaise', 'Carl'])
  })
})

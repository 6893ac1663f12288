import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database, Tables } from '../../src/lib/api/database.types.ts'
import { adminClient, anonClient, nonAdminClient, serviceClient, stack } from './clients.ts'
import { must, succeeded } from './exam-data.ts'

/**
 * Issue 28: the institution's details (public.site_settings, one row) are set once by an
 * administrator through public.save_site_settings (checked, logged) and read by anyone through
 * public.site_settings(): the five fields only. The row is put back as it was afterwards.
 */

type Client = SupabaseClient<Database>
type Settings = Tables<'site_settings'>

const service = serviceClient()
const anon = anonClient()
let admin: Client
let before: Settings

const school = {
  institution_name: '  Springfield High School ',
  contact_email: 'exams@springfield.example',
  contact_phone: '+44 (0)20 7946-0000',
  address: '742 Evergreen Terrace, Springfield',
  product_name: 'Springfield Exams',
}

beforeAll(async () => {
  admin = await adminClient()
  before = must(await service.from('site_settings').select('*').single())
})

afterAll(async () => {
  const { id: _id, ...stored } = before
  succeeded(await service.from('site_settings').update(stored).eq('id', true))
})

async function newestLogId(): Promise<number> {
  const rows = must(await admin.from('audit_log').select('id').order('id', { ascending: false }).limit(1))
  return rows[0]?.id ?? 0
}

describe('site settings', () => {
  it('lets an administrator save them, trimmed, and anyone read exactly the five fields', async () => {
    const since = await newestLogId()
    succeeded(await admin.rpc('save_site_settings', school))

    const read = must(await anon.rpc('site_settings'))
    expect(read).toEqual([{ ...school, institution_name: 'Springfield High School' }])

    const stored = must(await service.from('site_settings').select('updated_by, updated_at').single())
    expect(stored.updated_by).toBe(stack.adminEmail)
    expect(stored.updated_at).not.toBeNull()

    // Saving again logs only what changed, with its old and new value; an empty field is "not set".
    succeeded(await admin.rpc('save_site_settings', { ...school, contact_phone: ' ', product_name: '' }))
    expect(must(await anon.rpc('site_settings'))[0]).toMatchObject({ contact_phone: null, product_name: 'Holdfast' })
    const entries = must(await admin.from('audit_log').select('action, subject, details').gt('id', since).order('id'))
    const settingsEntries = entries.filter((entry) => entry.action === 'settings_changed')
    expect(settingsEntries.at(-1)).toEqual({
      action: 'settings_changed',
      subject: null,
      details: { changes: { contact_phone: [school.contact_phone, null], product_name: [school.product_name, 'Holdfast'] } },
    })

    // Nothing changed, nothing logged.
    const beforeSameSave = await newestLogId()
    succeeded(await admin.rpc('save_site_settings', { ...school, contact_phone: '', product_name: 'Holdfast' }))
    const afterSameSave = must(await admin.from('audit_log').select('action').gt('id', beforeSameSave))
    expect(afterSameSave.filter((entry) => entry.action === 'settings_changed')).toEqual([])
  })

  it.each([
    ['an e-mail without a domain', { contact_email: 'exams@' }, 'Enter a contact e-mail address such as exams@school.org'],
    [
      'a phone number with letters',
      { contact_phone: 'call the office' },
      'Enter a contact phone number of digits, spaces and + ( ) - . / (at most 40 characters)',
    ],
    ['a name of 121 characters', { institution_name: 'x'.repeat(121) }, 'The institution name can have at most 120 characters'],
    ['an address of 301 characters', { address: 'x'.repeat(301) }, 'The address can have at most 300 characters'],
    ['a product name of 41 characters', { product_name: 'x'.repeat(41) }, 'The product name can have at most 40 characters'],
  ])('refuses %s in words the screen shows, changing nothing', async (_case, change, message) => {
    succeeded(await admin.rpc('save_site_settings', school))
    const { error } = await admin.rpc('save_site_settings', { ...school, ...change })
    expect(error).toMatchObject({ code: '22023', message })
    expect(must(await anon.rpc('site_settings'))[0]).toMatchObject({ institution_name: 'Springfield High School' })
  })

  it('refuses a save from anyone but an administrator, and every direct read or write of the table', async () => {
    const nonAdmin = await nonAdminClient()
    for (const client of [anon, nonAdmin]) {
      const { error } = await client.rpc('save_site_settings', { ...school, institution_name: 'Hijacked' })
      expect(error?.code).toMatch(/^(42501|PGRST202)$/)
    }
    for (const client of [anon, nonAdmin, admin]) {
      const read = await client.from('site_settings').select('*')
      expect(read.error?.code).toBe('42501')
      const writes = [
        client.from('site_settings').update({ institution_name: 'Hijacked' }).eq('id', true),
        client.from('site_settings').insert({ id: false, institution_name: 'Hijacked' }),
        client.from('site_settings').delete().eq('id', true),
      ]
      for (const write of await Promise.all(writes)) expect(write.error?.code).toBe('42501')
    }
    expect(must(await anon.rpc('site_settings'))[0]?.institution_name).not.toBe('Hijacked')
  })
})

import { afterEach, describe, expect, it, vi } from 'vitest'
import { contactPlaceholders } from '../../config/contact'
import { contactDetails, institutionContactSet, parseSiteSettings, unsetSiteSettings } from './site-settings'

const springfield = {
  institution_name: 'Springfield High',
  contact_email: 'exams@springfield.example',
  contact_phone: '+1 555 0100',
  address: '742 Evergreen Terrace',
  product_name: 'Springfield Exams',
}

afterEach(() => {
  localStorage.clear()
  vi.resetModules()
})

describe('site settings', () => {
  it('reads what the server or storage holds, an empty or odd field as not set, the product name as Holdfast when unset', () => {
    expect(parseSiteSettings(springfield)).toEqual(springfield)
    expect(parseSiteSettings({ institution_name: ' ', contact_email: 42, product_name: '' })).toEqual(unsetSiteSettings)
    expect(parseSiteSettings('Springfield')).toBeUndefined()
    expect(parseSiteSettings(null)).toBeUndefined()
  })

  it('fills each field not set with its placeholder', () => {
    expect(contactDetails({ ...unsetSiteSettings, institution_name: 'Springfield High' })).toEqual({
      ...contactPlaceholders,
      organisation: 'Springfield High',
    })
  })

  it('asks for the settings until the institution has a name and an e-mail or phone', () => {
    expect(institutionContactSet(unsetSiteSettings)).toBe(false)
    expect(institutionContactSet({ ...unsetSiteSettings, institution_name: 'Springfield High' })).toBe(false)
    expect(institutionContactSet({ ...unsetSiteSettings, contact_email: springfield.contact_email })).toBe(false)
    expect(
      institutionContactSet({ ...unsetSiteSettings, institution_name: 'Springfield High', contact_phone: '+1 555 0100' }),
    ).toBe(true)
  })

  it('shows the settings last saved in this browser at once on the next visit (first paint, offline)', async () => {
    const first = await import('./site-settings')
    first.rememberSiteSettings(first.parseSiteSettings(springfield) ?? first.unsetSiteSettings)
    vi.resetModules()

    const nextVisit = await import('./site-settings')
    expect(nextVisit.currentSiteSettings()).toEqual(springfield)
  })

  it('shows the placeholders when nothing usable is stored', async () => {
    localStorage.setItem('holdfast-site-settings', '{not json')
    const { currentSiteSettings } = await import('./site-settings')
    expect(currentSiteSettings()).toEqual(unsetSiteSettings)
  })
})

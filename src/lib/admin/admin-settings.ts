import { getSupabase } from '../api/supabase'
import { parseSiteSettings, rememberSiteSettings, siteSettingsFrom, type SiteSettings } from '../api/site-settings'
import { adminRequest, type AdminResult } from './admin-result'

/** What the Settings form sends: each field as typed (an empty one is "not set"). */
export type SettingsFields = Record<keyof SiteSettings, string>

const loadFailed = 'Failed to load settings'

/** The settings as stored now (public.site_settings()). */
export async function loadSettings(): Promise<AdminResult<SiteSettings>> {
  const reply = await adminRequest({ message: loadFailed }, () => getSupabase().rpc('site_settings'))
  if (!reply.ok) return reply
  const settings = parseSiteSettings(reply.data[0])
  return settings ? { ok: true, data: settings } : { ok: false, error: loadFailed }
}

/**
 * Saves the settings (public.save_site_settings: checked, trimmed, logged) and shows them at once in
 * this browser's header and footer; answers them as stored.
 */
export async function saveSettings(fields: SettingsFields): Promise<AdminResult<SiteSettings>> {
  const saved = await adminRequest({ message: 'Failed to save settings', preferServerMessage: true }, () =>
    getSupabase().rpc('save_site_settings', fields),
  )
  if (!saved.ok) return saved
  // Read back for the server's trimming; should that read fail, the save stands and the typed values show.
  const stored = await loadSettings()
  const settings = stored.ok ? stored.data : siteSettingsFrom(fields)
  rememberSiteSettings(settings)
  return { ok: true, data: settings }
}

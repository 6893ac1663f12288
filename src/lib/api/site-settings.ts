import { useSyncExternalStore } from 'react'
import { contactPlaceholders, defaultProductName } from '../../config/contact'
import { getPublicApi } from './public-api'

/**
 * The institution's details every page shows (public.site_settings()): null until the
 * administrator sets them in Settings.
 */
export interface SiteSettings {
  institution_name: string | null
  contact_email: string | null
  contact_phone: string | null
  address: string | null
  product_name: string
}

export const unsetSiteSettings: SiteSettings = {
  institution_name: null,
  contact_email: null,
  contact_phone: null,
  address: null,
  product_name: defaultProductName,
}

/** The contact block's lines: each field set, else its placeholder. */
export function contactDetails(settings: SiteSettings): typeof contactPlaceholders {
  return {
    organisation: settings.institution_name ?? contactPlaceholders.organisation,
    email: settings.contact_email ?? contactPlaceholders.email,
    phone: settings.contact_phone ?? contactPlaceholders.phone,
    address: settings.address ?? contactPlaceholders.address,
  }
}

/** Whether the footer names the institution and a way to reach it (else the dashboard asks for them). */
export function institutionContactSet(settings: SiteSettings): boolean {
  return settings.institution_name !== null && (settings.contact_email !== null || settings.contact_phone !== null)
}

/**
 * The last settings read, kept in this browser: the first paint (and an offline start) shows them at
 * once instead of placeholders, then the server's answer replaces them.
 */
const storageKey = 'holdfast-site-settings'

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null
}

/** Settings from an untrusted source (the server's answer, this browser's storage), or undefined. */
export function parseSiteSettings(value: unknown): SiteSettings | undefined {
  return typeof value === 'object' && value !== null ? siteSettingsFrom(value as Record<string, unknown>) : undefined
}

/** Settings from named fields: a missing, empty or odd one is not set. */
export function siteSettingsFrom(fields: Record<string, unknown>): SiteSettings {
  return {
    institution_name: textOrNull(fields.institution_name),
    contact_email: textOrNull(fields.contact_email),
    contact_phone: textOrNull(fields.contact_phone),
    address: textOrNull(fields.address),
    product_name: textOrNull(fields.product_name) ?? defaultProductName,
  }
}

function readStored(): SiteSettings | undefined {
  try {
    const stored = localStorage.getItem(storageKey)
    return stored === null ? undefined : parseSiteSettings(JSON.parse(stored))
  } catch {
    return undefined
  }
}

let current: SiteSettings | undefined
let readFromServer = false
const listeners = new Set<() => void>()

/** The settings shown now: the last known, else the placeholders. */
export function currentSiteSettings(): SiteSettings {
  current ??= readStored() ?? unsetSiteSettings
  return current
}

/** Shows `settings` everywhere at once and keeps them for the next visit. */
export function rememberSiteSettings(settings: SiteSettings): void {
  current = settings
  try {
    localStorage.setItem(storageKey, JSON.stringify(settings))
  } catch {
    // Storage full or forbidden: the settings still show until the page is left.
  }
  for (const listener of listeners) listener()
}

/** Reads the settings from the server; without an answer (offline, no config) the known ones stay. */
export async function refreshSiteSettings(): Promise<void> {
  try {
    const { data, error } = await getPublicApi().rpc('site_settings')
    const settings = error ? undefined : parseSiteSettings(data[0])
    if (settings) rememberSiteSettings(settings)
  } catch {
    // Not started (a test without the app's config) or no network: the known settings stay.
  }
}

/** For useSyncExternalStore: the first page that shows the settings asks the server once. */
function subscribeSiteSettings(listener: () => void): () => void {
  listeners.add(listener)
  if (!readFromServer) {
    readFromServer = true
    void refreshSiteSettings()
  }
  return () => listeners.delete(listener)
}

/** The institution's details, re-rendering when they arrive from the server or an administrator saves them. */
export function useSiteSettings(): SiteSettings {
  return useSyncExternalStore(subscribeSiteSettings, currentSiteSettings)
}

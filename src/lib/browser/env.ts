import { errorMessage } from '../../domain/error-message'

export type AppConfig = {
  supabaseUrl: string
  supabaseAnonKey: string
}

const SERVED_CONFIG_URL = '/config.json'
const LAST_GOOD_CONFIG_KEY = 'holdfast.app-config'
// On a dead connection a fetch can hang far longer than a student will wait for the page.
const SERVED_CONFIG_TIMEOUT_MS = 5_000

/**
 * Build-time variables win; otherwise the server's /config.json. The last config that
 * loaded is kept in localStorage so a reload with no network still starts the app.
 */
export async function loadAppConfig(): Promise<AppConfig> {
  const buildTime = {
    VITE_SUPABASE_URL: import.meta.env.VITE_SUPABASE_URL,
    VITE_SUPABASE_ANON_KEY: import.meta.env.VITE_SUPABASE_ANON_KEY,
  }
  if (buildTime.VITE_SUPABASE_URL && buildTime.VITE_SUPABASE_ANON_KEY) {
    return {
      supabaseUrl: buildTime.VITE_SUPABASE_URL,
      supabaseAnonKey: buildTime.VITE_SUPABASE_ANON_KEY,
    }
  }

  let served: AppConfig
  try {
    served = await fetchServedConfig()
  } catch (error) {
    const lastGood = readLastGoodConfig()
    if (lastGood) return lastGood
    const unset = Object.entries(buildTime)
      .filter(([, value]) => !value)
      .map(([name]) => name)
      .join(' and ')
    const reason = errorMessage(error)
    throw new Error(
      `Holdfast has no Supabase configuration: ${unset} not set at build time, ` +
        `${SERVED_CONFIG_URL} could not be loaded (${reason}), ` +
        'and no earlier configuration is stored in this browser.',
      { cause: error },
    )
  }
  localStorage.setItem(LAST_GOOD_CONFIG_KEY, JSON.stringify(served))
  return served
}

async function fetchServedConfig(): Promise<AppConfig> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), SERVED_CONFIG_TIMEOUT_MS)
  try {
    const response = await fetch(SERVED_CONFIG_URL, {
      cache: 'no-store',
      signal: controller.signal,
    })
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    const config = parseAppConfig(await response.json().catch(() => undefined))
    if (!config) throw new Error('expected JSON with supabaseUrl and supabaseAnonKey')
    return config
  } finally {
    clearTimeout(timer)
  }
}

function readLastGoodConfig(): AppConfig | null {
  const stored = localStorage.getItem(LAST_GOOD_CONFIG_KEY)
  if (stored === null) return null
  try {
    return parseAppConfig(JSON.parse(stored))
  } catch {
    return null
  }
}

function parseAppConfig(value: unknown): AppConfig | null {
  if (typeof value !== 'object' || value === null) return null
  const { supabaseUrl, supabaseAnonKey } = value as Record<string, unknown>
  if (typeof supabaseUrl !== 'string' || supabaseUrl === '') return null
  if (typeof supabaseAnonKey !== 'string' || supabaseAnonKey === '') return null
  return { supabaseUrl, supabaseAnonKey }
}

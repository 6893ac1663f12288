import { PostgrestClient } from '@supabase/postgrest-js'
import type { Database } from './database.types'
import type { AppConfig } from '../browser/env'
import { browserClientId, clientIdHeader } from './client-id'

/**
 * The REST API as the anon role: all that students and the public pages need (the active schedule and the
 * student functions). It is supabase-js's own REST client without the auth, Realtime and storage clients that
 * only administrators use, so the student's first download stays small; the admin area builds the full client
 * (lib/supabase.ts) from the same configuration. Every request names this browser (`clientIdHeader`), so the
 * code-guessing limit counts its wrong codes apart from those of the other browsers on its network.
 */
export type PublicApi = PostgrestClient<Database>

export function createPublicApi(config: AppConfig, fetch?: typeof globalThis.fetch, clientId = browserClientId()): PublicApi {
  const baseUrl = config.supabaseUrl.endsWith('/') ? config.supabaseUrl : `${config.supabaseUrl}/`
  return new PostgrestClient<Database>(new URL('rest/v1', baseUrl).href, {
    headers: {
      apikey: config.supabaseAnonKey,
      Authorization: `Bearer ${config.supabaseAnonKey}`,
      [clientIdHeader]: clientId,
    },
    fetch,
  })
}

let appConfig: AppConfig | undefined
let publicApi: PublicApi | undefined

/** Called once by main.tsx after the app config has loaded. */
export function initPublicApi(config: AppConfig): void {
  appConfig = config
  publicApi = createPublicApi(config)
}

function notStarted(): never {
  throw new Error('The API was used before initPublicApi(); main.tsx initialises it at start-up.')
}

export function getAppConfig(): AppConfig {
  return appConfig ?? notStarted()
}

export function getPublicApi(): PublicApi {
  return publicApi ?? notStarted()
}

import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { Database } from './database.types'
import type { AppConfig } from './env'

export type HoldfastClient = SupabaseClient<Database>

export function createSupabaseClient(config: AppConfig): HoldfastClient {
  return createClient<Database>(config.supabaseUrl, config.supabaseAnonKey)
}

let client: HoldfastClient | undefined

/** Called once by main.tsx after the app config has loaded. */
export function initSupabase(config: AppConfig): HoldfastClient {
  client = createSupabaseClient(config)
  return client
}

export function getSupabase(): HoldfastClient {
  if (!client) {
    throw new Error('getSupabase() called before initSupabase(); main.tsx initialises it at start-up.')
  }
  return client
}

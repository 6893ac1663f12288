import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { Database } from './database.types'
import { getAppConfig } from './public-api'

/** The full supabase-js client (auth, Realtime): the admin area's, so only its lazily loaded chunk carries it. */
export type HoldfastClient = SupabaseClient<Database>

let client: HoldfastClient | undefined

/** One client per tab, made on first use from the configuration main.tsx loaded. */
export function getSupabase(): HoldfastClient {
  client ??= createClient<Database>(getAppConfig().supabaseUrl, getAppConfig().supabaseAnonKey)
  return client
}

import type { REALTIME_SUBSCRIBE_STATES, SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '../api/database.types'

/** The tables of the supabase_realtime publication (migrations 20261121000400_publish_realtime_tables.sql, 20261122000100_create_exam_attempts.sql). */
export type LiveTable = 'submissions' | 'login_codes' | 'questions' | 'exam_schedule' | 'exam_attempts'

/** What `channel.subscribe` reports: SUBSCRIBED on each (re)join, the others when the channel is not listening. */
export type ChannelStatus = `${REALTIME_SUBSCRIBE_STATES}`

export interface TableChangesListener {
  /** A row of one of the tables changed. Only a signal: the screen refetches what it shows. */
  onChange: () => void
  onStatus: (status: ChannelStatus) => void
}

// Channels are looked up by topic on the client, so each subscription needs a topic of its own
// (React mounts a screen's effect twice in development, before the first channel is gone).
let channelSerial = 0

/**
 * Follows every change of `tables` on one Realtime channel of `client`. Given the app's one
 * client (getSupabase()), a tab keeps one socket that all its channels share, and Realtime
 * gets the signed-in administrator's token, against which row-level security checks each row.
 * Returns the function that removes the channel.
 */
export function watchTableChanges(
  client: SupabaseClient<Database>,
  tables: readonly LiveTable[],
  listener: TableChangesListener,
): () => void {
  let channel = client.channel(`table-changes-${++channelSerial}`)
  for (const table of tables) {
    channel = channel.on('postgres_changes', { event: '*', schema: 'public', table }, () => listener.onChange())
  }
  channel.subscribe((status) => listener.onStatus(status))
  return () => {
    void client.removeChannel(channel)
  }
}

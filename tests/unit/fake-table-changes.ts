import { vi } from 'vitest'
import type { LiveTable, TableChangesListener, watchTableChanges } from '../../src/lib/admin/table-changes'

/** One channel a screen opened through the mocked watchTableChanges, driven by the test. */
export interface FakeChannel {
  tables: LiveTable[]
  listener: TableChangesListener
  removed: boolean
}

/**
 * Makes the mocked `watchTableChanges` (vi.mock('…/lib/table-changes'), with '…/lib/supabase'
 * mocked too) record the channels screens open, so a test can play the server: statuses,
 * changes, a dropped connection.
 */
export function fakeTableChanges(watch: typeof watchTableChanges): FakeChannel[] {
  const channels: FakeChannel[] = []
  vi.mocked(watch).mockImplementation((_client, tables, listener) => {
    const channel: FakeChannel = { tables: [...tables], listener, removed: false }
    channels.push(channel)
    return () => {
      channel.removed = true
    }
  })
  return channels
}

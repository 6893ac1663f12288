import type { SupabaseClient } from '@supabase/supabase-js'
import { afterEach, describe, expect, it } from 'vitest'
import type { Database } from '../../src/lib/api/database.types.ts'
import { watchTableChanges, type ChannelStatus, type LiveTable } from '../../src/lib/admin/table-changes.ts'
import { adminClient, serviceClient } from './clients.ts'
import { createCode, deleteCodes, hour, isoFromNow, must, submissionRow, withQuestions, withSchedule } from './exam-data.ts'
import { Inbox } from './realtime-subscriptions.ts'

const service = serviceClient()

const openClients: SupabaseClient<Database>[] = []
afterEach(async () => {
  for (const client of openClients.splice(0)) await client.removeAllChannels()
})

/** An administrator's client, as the admin screens use it. */
async function admin() {
  const client = await adminClient()
  openClients.push(client)
  return client
}

/** A watch whose signals and statuses a test can wait for; resolves once it is SUBSCRIBED. */
async function watch(client: SupabaseClient<Database>, tables: LiveTable[]) {
  const changes = new Inbox<number>()
  const statuses = new Inbox<ChannelStatus>()
  const stop = watchTableChanges(client, tables, {
    onChange: () => changes.push(changes.items.length + 1),
    onStatus: (s) => statuses.push(s),
  })
  expect(await statuses.waitFor(() => true, 'the first status')).toBe('SUBSCRIBED')
  return { changes, statuses, stop }
}

/** Runs `change`, which makes `count` row changes, and waits until the watch has signalled them all. */
async function signalled(watched: { changes: Inbox<number> }, what: string, change: () => Promise<unknown>, count = 1) {
  const before = watched.changes.items.length
  await change()
  await watched.changes.waitFor((n) => n >= before + count, what)
}

const question = { question_text: 'Live?', option_a: 'a', option_b: 'b', option_c: 'c', option_d: 'd', correct_answer: 'A' }

describe('watchTableChanges', () => {
  it('signals an administrator each change of every table it follows, submissions too, which only administrators may read', async () => {
    const watched = await watch(await admin(), ['submissions', 'login_codes', 'questions', 'exam_schedule'])
    let code = ''
    try {
      await signalled(watched, 'the new code', async () => {
        code = (await createCode()).code
      })
      await signalled(watched, 'the submission', async () =>
        must(await service.from('submissions').insert(submissionRow(code)).select()),
      )
      // Each added, then deleted: two changes.
      await signalled(watched, 'the question', () => withQuestions([question], async () => undefined), 2)
      await signalled(
        watched,
        'the schedule',
        () =>
          withSchedule({ start_time: isoFromNow(-hour), end_time: isoFromNow(hour), is_active: false }, async () => undefined),
        2,
      )
    } finally {
      if (code) await deleteCodes([code])
    }
    expect(watched.statuses.items).toEqual(['SUBSCRIBED'])
  })

  it('gives two watches on one client a channel each, and stops signalling one once it is removed', async () => {
    const client = await admin()
    // Both at once, as React mounts a screen twice in development before the first channel is gone.
    const [removed, kept] = await Promise.all([watch(client, ['login_codes']), watch(client, ['login_codes'])])
    removed.stop()
    await removed.statuses.waitFor((s) => s === 'CLOSED', 'CLOSED')

    const { code } = await createCode()
    try {
      // One socket delivers in order: once the kept channel has the change, the removed one would have too.
      await kept.changes.waitFor(() => true, 'the new code')
      expect(removed.changes.items).toEqual([])
      expect(client.getChannels()).toHaveLength(1)
    } finally {
      await deleteCodes([code])
    }
  })
})

import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { SignJWT } from 'jose'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { Database } from '../../src/lib/api/database.types.ts'
import { freePort } from '../../scripts/free-port.ts'
import { startStack, type RunningStack } from '../../supabase/local/stack.ts'
import { adminClient, anonClient, nonAdminClient, serviceClient, stack } from './clients.ts'
import {
  createCode,
  deleteCodes,
  hour,
  isoFromNow,
  must,
  randomCode,
  submissionRow,
  succeeded,
  withQuestions,
  withSchedule,
} from './exam-data.ts'
import { Inbox, RawSocket, changesOf, subscribe, type Change, type Subscription } from './realtime-subscriptions.ts'

const service = serviceClient()
const isoUtc = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

const openClients: SupabaseClient[] = []
function track<C extends SupabaseClient>(client: C): C {
  openClients.push(client)
  return client
}
afterEach(async () => {
  for (const client of openClients.splice(0)) await client.removeAllChannels()
})

async function accessToken(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession()
  if (!data.session) throw new Error('not signed in')
  return data.session.access_token
}

const received = (subscription: Subscription, binding: number) =>
  subscription.changes.items.filter((c) => c.binding === binding).map((c) => c.change)
const newCode = (change: Change) => (change.new as { code?: string }).code

describe('Realtime postgres_changes through supabase-js', () => {
  it('delivers INSERT, UPDATE and DELETE with the payload realtime-js expects', async () => {
    const admin = track(await adminClient())
    const code = randomCode()
    const subscription = await subscribe(admin, [{ event: '*', table: 'login_codes', filter: `code=eq.${code}` }])
    expect(await subscription.system.waitFor(() => true, 'the system message')).toEqual({
      extension: 'postgres_changes',
      status: 'ok',
      message: 'Subscribed to PostgreSQL',
      channel: subscription.channel.subTopic,
    })

    const inserted = must(await service.from('login_codes').insert({ code }).select().single())
    const updated = must(
      await service
        .from('login_codes')
        .update({ is_used: true, used_by: 'Ada Lovelace', used_at: isoFromNow(0) })
        .eq('id', inserted.id)
        .select()
        .single(),
    )
    succeeded(await service.from('login_codes').delete().eq('id', inserted.id))

    const changes = (await subscription.changes.waitForCount(() => true, 3, 'changes of the code')).map((c) => c.change)
    const common = { schema: 'public', table: 'login_codes', errors: null, commit_timestamp: expect.stringMatching(isoUtc) }
    expect(changes).toEqual([
      { ...common, eventType: 'INSERT', new: inserted, old: {} },
      // As on hosted Supabase for a table with row-level security: the old row is its primary key.
      { ...common, eventType: 'UPDATE', new: updated, old: { id: inserted.id } },
      { ...common, eventType: 'DELETE', new: {}, old: { id: inserted.id } },
    ])
  })

  it('gives each binding only the events it asked for', async () => {
    const admin = track(await adminClient())
    const code = randomCode()
    const filter = `code=eq.${code}`
    const subscription = await subscribe(admin, [
      { event: 'INSERT', table: 'login_codes', filter },
      { event: 'DELETE', table: 'login_codes', filter },
      { event: '*', table: 'login_codes', filter },
    ])
    const { id } = await createCode({ code })
    succeeded(await service.from('login_codes').update({ is_used: true, used_by: 'Ada' }).eq('id', id))
    succeeded(await service.from('login_codes').delete().eq('id', id))

    // One socket delivers in commit order, so when the DELETE is in, every earlier change is too.
    await subscription.changes.waitFor((c) => c.binding === 2 && c.change.eventType === 'DELETE', 'the DELETE')
    expect(received(subscription, 0).map((c) => c.eventType)).toEqual(['INSERT'])
    expect(received(subscription, 1).map((c) => c.eventType)).toEqual(['DELETE'])
    expect(received(subscription, 2).map((c) => c.eventType)).toEqual(['INSERT', 'UPDATE', 'DELETE'])
  })

  it('filters rows with eq, in and gt, compared as the column type', async () => {
    const admin = track(await adminClient())
    const [a, b, c, other] = [randomCode(), randomCode(), randomCode(), randomCode()]
    const ours = (codes: Array<string | undefined>) => codes.filter((code) => [a, b, c, other].includes(code as string))
    const subscription = await subscribe(admin, [
      { event: 'INSERT', table: 'login_codes', filter: `code=eq.${a}` },
      { event: 'INSERT', table: 'login_codes', filter: `code=in.(${b},${c})` },
    ])
    try {
      const created = new Map<string, string>()
      for (const code of [other, c, a, b]) created.set(code, (await createCode({ code })).id)
      await subscription.changes.waitFor((x) => x.binding === 1 && newCode(x.change) === b, `the INSERT of ${b}`)
      expect(received(subscription, 0).map(newCode)).toEqual([a])
      expect(received(subscription, 1).map(newCode)).toEqual([c, b])

      // A uuid in capitals is the same uuid, and 5 is not more than 10 as a number (as text it is).
      const ids = [a, b].map((code) => (created.get(code) as string).toUpperCase())
      const updates = await subscribe(admin, [
        { event: 'UPDATE', table: 'login_codes', filter: `id=in.(${ids.join(',')})` },
        { event: 'UPDATE', table: 'login_codes', filter: 'extra_minutes=gt.10' },
      ])
      for (const [code, minutes] of [
        [a, 20],
        [c, 5],
        [b, 11],
      ] as const) {
        succeeded(await service.from('login_codes').update({ extra_minutes: minutes }).eq('code', code))
      }
      await updates.changes.waitForCount((x) => newCode(x.change) === b, 2, `the UPDATE of ${b}, for each binding`)
      expect(received(updates, 0).map(newCode)).toEqual([a, b])
      expect(ours(received(updates, 1).map(newCode))).toEqual([a, b])
    } finally {
      await deleteCodes([a, b, c, other])
    }
  })

  it('refuses the join, with the reason, when a filter names an unknown column or a value of the wrong type', async () => {
    const admin = track(await adminClient())
    for (const [filter, complaint] of [
      ['no_such_column=eq.1', 'invalid column for filter no_such_column'],
      ['id=eq.not-a-uuid', 'invalid input syntax for type uuid'],
    ] as const) {
      const failure = await subscribe(admin, [{ event: '*', table: 'login_codes', filter }]).then(
        () => 'subscribed',
        (error: Error) => error.message,
      )
      expect(failure).toMatch(
        /^subscribing failed: CHANNEL_ERROR: RealtimeDisabledForConfiguration: Unable to subscribe to changes with given parameters: /,
      )
      expect(failure).toContain(complaint)
    }
  })

  it('refuses an anonymous client its channel (students never use Realtime), while an administrator receives', async () => {
    const admin = track(await adminClient())
    const anon = track(anonClient())
    const code = randomCode()
    const adminView = await subscribe(admin, [{ event: 'INSERT', table: 'login_codes', filter: `code=eq.${code}` }])
    await expect(subscribe(anon, [{ event: '*', table: 'exam_schedule' }])).rejects.toThrow(
      'subscribing failed: CHANNEL_ERROR: Unauthorized: Realtime is only for signed-in users',
    )
    try {
      await createCode({ code })
      await adminView.changes.waitFor(() => true, 'the INSERT')
    } finally {
      await deleteCodes([code])
    }
  })

  it('sends a signed-in non-administrator nothing of submissions that an administrator receives', async () => {
    const admin = track(await adminClient())
    const user = track(await nonAdminClient())
    const adminView = await subscribe(admin, [{ event: '*', table: 'submissions' }])
    const userView = await subscribe(user, [{ event: '*', table: 'submissions' }])
    const [first, second] = [await createCode(), await createCode()]
    try {
      const submission = must(await service.from('submissions').insert(submissionRow(first.code)).select().single())
      succeeded(await service.from('submissions').update({ score: 1 }).eq('id', submission.id))
      succeeded(await service.from('submissions').delete().eq('id', submission.id))
      await adminView.changes.waitForCount((c) => changesOf(adminView, 'id', submission.id).includes(c.change), 3, 'its changes')
      // Changes go out in commit order to every socket: once the administrator has a later one,
      // anything meant for the other socket was sent too.
      const later = must(await service.from('submissions').insert(submissionRow(second.code)).select().single())
      await adminView.changes.waitFor((c) => (c.change.new as { id?: string }).id === later.id, 'the later submission')
      expect(userView.changes.items).toEqual([])
    } finally {
      await deleteCodes([first.code, second.code])
    }
  })

  it("follows access_token updates: a channel that becomes an administrator's sees submissions, an invalid token ends it", async () => {
    const client = track(await nonAdminClient())
    const subscription = await subscribe(client, [{ event: 'INSERT', table: 'submissions' }])
    const { error: signInError } = await client.auth.signInWithPassword({
      email: stack.adminEmail,
      password: stack.adminPassword,
    })
    expect(signInError).toBeNull()
    // supabase-js hands the session's token to Realtime (as on SIGNED_IN), which sends it to each joined channel.
    await client.realtime.setAuth(await accessToken(client))
    // A join queued behind the token update on the same socket: once it is confirmed, so is the update.
    await subscribe(client, [])
    const { code } = await createCode()
    try {
      const submission = must(await service.from('submissions').insert(submissionRow(code)).select().single())
      await subscription.changes.waitFor((c) => (c.change.new as { id?: string }).id === submission.id, 'the submission')

      await client.realtime.setAuth('not-a-jwt')
      const error = await subscription.system.waitFor((m) => m.extension === 'system', 'the shutdown message')
      expect(error).toMatchObject({ status: 'error', channel: subscription.channel.subTopic })
      await subscription.statuses.waitFor((s) => s === 'CLOSED', 'CLOSED')
    } finally {
      await deleteCodes([code])
    }
  })

  it('stops sending to a channel once it is removed', async () => {
    const admin = track(await adminClient())
    const code = randomCode()
    const removed = await subscribe(admin, [{ event: 'INSERT', table: 'login_codes', filter: `code=eq.${code}` }])
    const kept = await subscribe(admin, [{ event: 'INSERT', table: 'login_codes', filter: `code=eq.${code}` }])
    expect(await admin.removeChannel(removed.channel)).toBe('ok')
    try {
      await createCode({ code })
      await kept.changes.waitFor(() => true, 'the INSERT on the kept channel')
      expect(removed.changes.items).toEqual([])
    } finally {
      await deleteCodes([code])
    }
  })

  it('delivers a burst of 300 inserts, every one and in order', async () => {
    const admin = track(await adminClient())
    const codes = Array.from({ length: 300 }, randomCode)
    const wanted = new Set(codes)
    const subscription = await subscribe(admin, [{ event: 'INSERT', table: 'login_codes' }])
    try {
      succeeded(await service.from('login_codes').insert(codes.map((code) => ({ code }))))
      const inserts = await subscription.changes.waitForCount((c) => wanted.has(newCode(c.change) ?? ''), 300, 'the burst')
      expect(inserts.map((c) => newCode(c.change))).toEqual(codes)
    } finally {
      await deleteCodes(codes)
    }
  })

  it('delivers rows larger than the 8000 bytes a NOTIFY can carry', async () => {
    const admin = track(await adminClient())
    const subscription = await subscribe(admin, [{ event: '*', table: 'questions' }])
    const text = 'Ü'.repeat(5000)
    const option = 'é'.repeat(1000)
    let id = ''
    await withQuestions(
      [{ question_text: text, option_a: option, option_b: option, option_c: option, option_d: option }],
      async ([q]) => {
        id = (q as { id: string }).id
        const insert = await subscription.changes.waitFor((c) => (c.change.new as { id?: string }).id === id, 'the big question')
        expect(insert.change.new).toEqual(q)
      },
    )
    await subscription.changes.waitFor(
      (c) => c.change.eventType === 'DELETE' && (c.change.old as { id?: string }).id === id,
      'its DELETE',
    )
  })

  it('works with the 1.0.0 serializer too', async () => {
    const admin = createClient<Database>(stack.url, stack.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never, vsn: '1.0.0' },
    })
    track(admin)
    const code = randomCode()
    const subscription = await subscribe(admin, [{ event: 'INSERT', table: 'login_codes', filter: `code=eq.${code}` }])
    try {
      await createCode({ code })
      const { change } = await subscription.changes.waitFor(() => true, 'the INSERT')
      expect(newCode(change)).toBe(code)
    } finally {
      await deleteCodes([code])
    }
  })
})

describe('Realtime on the wire', () => {
  const sockets: RawSocket[] = []
  const open = async (params: Record<string, string>) => {
    const socket = await RawSocket.open(stack.url, params)
    sockets.push(socket)
    return socket
  }
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close()
  })

  it('answers heartbeats, joins and leaves in the 2.0.0 array format, and unknown topics with an error', async () => {
    const socket = await open({ apikey: stack.anonKey, vsn: '2.0.0' })
    socket.send([null, '1', 'phoenix', 'heartbeat', {}])
    expect(await socket.frames.waitFor((f) => (f as unknown[])[1] === '1', 'the heartbeat reply')).toEqual([
      null,
      '1',
      'phoenix',
      'phx_reply',
      { status: 'ok', response: {} },
    ])

    const binding = { event: 'INSERT', schema: 'public', table: 'exam_schedule' }
    const token = await accessToken(track(await nonAdminClient()))
    socket.send(['2', '2', 'realtime:wire', 'phx_join', { config: { postgres_changes: [binding] }, access_token: token }])
    const reply = await socket.frames.waitFor((f) => (f as unknown[])[1] === '2', 'the join reply')
    expect(reply).toEqual([
      '2',
      '2',
      'realtime:wire',
      'phx_reply',
      { status: 'ok', response: { postgres_changes: [{ ...binding, id: expect.any(Number) }] } },
    ])
    expect(await socket.frames.waitFor((f) => (f as unknown[])[3] === 'system', 'the system message')).toEqual([
      '2',
      null,
      'realtime:wire',
      'system',
      { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: 'wire' },
    ])

    socket.send(['9', '3', 'realtime:elsewhere', 'access_token', { access_token: stack.anonKey }])
    expect(await socket.frames.waitFor((f) => (f as unknown[])[1] === '3', 'the reply for an unjoined topic')).toEqual([
      null,
      '3',
      'realtime:elsewhere',
      'phx_reply',
      { status: 'error', response: { reason: 'unmatched topic' } },
    ])

    socket.send(['2', '4', 'realtime:wire', 'phx_leave', {}])
    expect(await socket.frames.waitFor((f) => (f as unknown[])[1] === '4', 'the leave reply')).toEqual([
      '2',
      '4',
      'realtime:wire',
      'phx_reply',
      { status: 'ok', response: {} },
    ])
    expect(await socket.frames.waitFor((f) => (f as unknown[])[3] === 'phx_close', 'phx_close')).toEqual([
      '2',
      '2',
      'realtime:wire',
      'phx_close',
      {},
    ])
  })

  it('speaks the 1.0.0 object format: heartbeats, joins and changes', async () => {
    const socket = await open({ apikey: stack.serviceRoleKey, vsn: '1.0.0' })
    socket.send({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '1', join_ref: null })
    expect(await socket.frames.waitFor((f) => (f as { ref?: string }).ref === '1', 'the heartbeat reply')).toEqual({
      topic: 'phoenix',
      event: 'phx_reply',
      payload: { status: 'ok', response: {} },
      ref: '1',
    })
    const code = randomCode()
    const binding = { event: '*', schema: 'public', table: 'login_codes', filter: `code=eq.${code}` }
    socket.send({
      topic: 'realtime:v1',
      event: 'phx_join',
      payload: { config: { postgres_changes: [binding] } },
      ref: '2',
      join_ref: '2',
    })
    const reply = (await socket.frames.waitFor((f) => (f as { ref?: string }).ref === '2', 'the join reply')) as {
      payload: { response: { postgres_changes: Array<{ id: number }> } }
    }
    const [{ id }] = reply.payload.response.postgres_changes as [{ id: number }]
    try {
      const inserted = await createCode({ code })
      const change = await socket.frames.waitFor((f) => (f as { event?: string }).event === 'postgres_changes', 'the change')
      expect(change).toEqual({
        topic: 'realtime:v1',
        event: 'postgres_changes',
        ref: null,
        payload: {
          ids: [id],
          data: {
            schema: 'public',
            table: 'login_codes',
            type: 'INSERT',
            commit_timestamp: expect.stringMatching(isoUtc),
            columns: expect.arrayContaining([
              { name: 'id', type: 'uuid' },
              { name: 'is_used', type: 'bool' },
              { name: 'created_at', type: 'timestamptz' },
            ]),
            record: inserted,
            errors: null,
          },
        },
      })
    } finally {
      await deleteCodes([code])
    }
  })

  it('keeps each channel to the identity it joined with', async () => {
    // One socket, two channels: a non-administrator's on submissions, an administrator's on
    // schedules. The administrator's channel's later event proves the other one was held back.
    const socket = await open({ apikey: stack.anonKey, vsn: '2.0.0' })
    const userToken = await accessToken(track(await nonAdminClient()))
    const adminToken = await accessToken(track(await adminClient()))
    const join = (ref: string, table: string, token: string) => {
      socket.send([
        ref,
        ref,
        `realtime:${table}`,
        'phx_join',
        { config: { postgres_changes: [{ event: '*', schema: 'public', table }] }, access_token: token },
      ])
      return socket.frames.waitFor(
        (f) => (f as unknown[])[3] === 'system' && (f as unknown[])[0] === ref,
        `the ${table} subscription`,
      )
    }
    await join('1', 'submissions', userToken)
    await join('2', 'exam_schedule', adminToken)
    const { code } = await createCode()
    try {
      succeeded(await service.from('submissions').insert(submissionRow(code)))
      await withSchedule({ start_time: isoFromNow(-hour), end_time: isoFromNow(hour) }, async (marker) => {
        await socket.frames.waitFor(
          (f) => JSON.stringify(f).includes(marker.id) && (f as unknown[])[2] === 'realtime:exam_schedule',
          'the schedule',
        )
      })
      expect(
        socket.frames.items.filter(
          (f) => (f as unknown[])[2] === 'realtime:submissions' && (f as unknown[])[3] === 'postgres_changes',
        ),
      ).toEqual([])
    } finally {
      await deleteCodes([code])
    }
  })

  it('refuses a socket without a valid API key, and a join with an invalid access token', async () => {
    const foreignKey = await new SignJWT({ role: 'anon' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a secret this stack never had'))
    const refused: Array<Record<string, string>> = [
      { vsn: '2.0.0' },
      { apikey: 'not-a-jwt', vsn: '2.0.0' },
      { apikey: foreignKey, vsn: '2.0.0' },
    ]
    for (const params of refused) {
      await expect(RawSocket.open(stack.url, params)).rejects.toThrow('refused with HTTP 403')
    }

    const socket = await open({ apikey: stack.anonKey, vsn: '2.0.0' })
    socket.send(['1', '1', 'realtime:room', 'phx_join', { config: {}, access_token: foreignKey }])
    const reply = await socket.frames.waitFor((f) => (f as unknown[])[1] === '1', 'the join reply')
    expect(reply).toEqual([
      '1',
      '1',
      'realtime:room',
      'phx_reply',
      { status: 'error', response: { reason: expect.stringMatching(/^InvalidJWTToken: /) } },
    ])
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('Realtime on PostgreSQL', () => {
  it('has its channels rejoined when the connection it listens on breaks, and delivers again', async () => {
    const client = track(serviceClient())
    const code = randomCode()
    const subscription = await subscribe(client, [{ event: 'INSERT', table: 'login_codes', filter: `code=eq.${code}` }])
    const server = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
    await server.connect()
    try {
      const { rows } = await server.query<{ cut: boolean }>(
        `select pg_terminate_backend(pid) as cut from pg_stat_activity where query = 'listen holdfast_realtime'`,
      )
      expect(rows).toEqual([{ cut: true }])
    } finally {
      await server.end()
    }
    // Changes made while nobody listened are lost: the channel errs, the client rejoins (and a
    // screen refetches on SUBSCRIBED), and changes flow again.
    await subscription.statuses.waitFor((s) => s.startsWith('CHANNEL_ERROR'), 'the channel error')
    await subscription.statuses.waitForCount((s) => s === 'SUBSCRIBED', 2, 'SUBSCRIBED again')
    try {
      await createCode({ code })
      await subscription.changes.waitFor(() => true, 'the INSERT')
    } finally {
      await deleteCodes([code])
    }
  })
})

describe('a Realtime server of its own (idle timeout, token expiry, restart)', () => {
  const admin = { email: 'owner@holdfast.test', password: 'owner-password' }
  const idleTimeoutMs = 2000
  let dataDir: string
  let port: number
  let own: RunningStack
  const start = () => startStack({ port, dataDir, admin, realtimeIdleTimeoutMs: idleTimeoutMs })

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'holdfast-realtime-'))
    port = await freePort()
    own = await start()
  })
  afterAll(async () => {
    await own.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('keeps its change log, which holds whole rows (correct answers too), out of reach of the API roles', async () => {
    const { rows } = await own.db.query<{ role: string; usage: boolean }>(
      `select r as role, has_schema_privilege(r, 'holdfast_realtime', 'usage') as usage
         from unnest(array['anon', 'authenticated', 'service_role']) as r order by 1`,
    )
    expect(rows).toEqual([
      { role: 'anon', usage: false },
      { role: 'authenticated', usage: false },
      { role: 'service_role', usage: false },
    ])
  })

  it('closes a silent socket after the idle timeout, while heartbeats keep another open well past it', async () => {
    // Taken before the server accepts the socket and starts its idle timer.
    const started = Date.now()
    // Signed in from the start (the service role's key), so that only the idle timeout closes them.
    const silent = await RawSocket.open(own.url, { apikey: own.serviceRoleKey, vsn: '2.0.0' })
    const beating = await RawSocket.open(own.url, { apikey: own.serviceRoleKey, vsn: '2.0.0' })
    let ref = 0
    const beat = setInterval(() => beating.send([null, String(++ref), 'phoenix', 'heartbeat', {}]), idleTimeoutMs / 10)
    try {
      await silent.closed
      expect(Date.now() - started).toBeGreaterThanOrEqual(idleTimeoutMs - 20)
      await beating.frames.waitForCount((f) => (f as unknown[])[3] === 'phx_reply', 25, 'heartbeat replies')
      expect(Date.now() - started).toBeGreaterThan(2 * idleTimeoutMs)
      expect(beating.isOpen).toBe(true)
    } finally {
      clearInterval(beat)
      beating.close()
    }
  })

  it("keeps a supabase-js socket alive with heartbeats well past the client's own heartbeat timeout", async () => {
    const heartbeats = new Inbox<string>()
    const client = track(
      createClient(own.url, own.serviceRoleKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        // The client gives up on a socket whose heartbeat is not answered within one interval.
        realtime: {
          transport: WebSocket as never,
          heartbeatIntervalMs: 500,
          heartbeatCallback: (status) => heartbeats.push(status),
        },
      }),
    )
    const code = randomCode()
    const subscription = await subscribe(client, [{ event: 'INSERT', table: 'login_codes', filter: `code=eq.${code}` }])
    await heartbeats.waitForCount((s) => s === 'ok', 8, 'answered heartbeats')
    expect(heartbeats.items).not.toContain('timeout')
    await own.db.query('insert into public.login_codes (code) values ($1)', [code])
    await subscription.changes.waitFor(() => true, 'the INSERT on the same channel')
    expect(subscription.statuses.items).toEqual(['SUBSCRIBED'])
  })

  it('ends a channel with a system message and phx_close when its token expires', async () => {
    const socket = await RawSocket.open(own.url, { apikey: own.anonKey, vsn: '2.0.0' })
    try {
      const token = await own.keys.sign({ role: 'authenticated', sub: randomUUID() }, 1)
      socket.send(['1', '1', 'realtime:short', 'phx_join', { config: {}, access_token: token }])
      await socket.frames.waitFor((f) => (f as unknown[])[1] === '1', 'the join reply')
      expect(await socket.frames.waitFor((f) => (f as unknown[])[3] === 'system', 'the expiry message')).toEqual([
        '1',
        null,
        'realtime:short',
        'system',
        { extension: 'system', status: 'error', message: 'Token has expired', channel: 'short' },
      ])
      expect(await socket.frames.waitFor((f) => (f as unknown[])[3] === 'phx_close', 'phx_close')).toEqual([
        '1',
        '1',
        'realtime:short',
        'phx_close',
        {},
      ])
    } finally {
      socket.close()
    }
  })

  it('is rejoined by supabase-js after the server restarts, and delivers again', async () => {
    const client = track(
      createClient(own.url, own.serviceRoleKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: WebSocket as never, reconnectAfterMs: () => 200 },
      }),
    )
    const subscription = await subscribe(client, [{ event: 'INSERT', table: 'login_codes' }])
    const insert = async (code: string) => {
      await own.db.query('insert into public.login_codes (code) values ($1)', [code])
      await subscription.changes.waitFor((c) => newCode(c.change) === code, `the INSERT of ${code}`)
    }
    await insert(randomCode())

    await own.close()
    await subscription.statuses.waitFor((s) => s.startsWith('CHANNEL_ERROR'), 'the channel error')
    own = await start()
    await subscription.statuses.waitForCount((s) => s === 'SUBSCRIBED', 2, 'SUBSCRIBED again', 30_000)
    await insert(randomCode())
  })
})

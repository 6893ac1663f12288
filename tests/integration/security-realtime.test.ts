import { randomUUID } from 'node:crypto'
import { createClient, type Session, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { Database } from '../../src/lib/api/database.types.ts'
import { startStack, type RunningStack } from '../../supabase/local/stack.ts'
import { adminClient, anonClient, nonAdminClient, stack } from './clients.ts'
import { createCode, deleteCodes, randomCode } from './exam-data.ts'
import { RawSocket, subscribe } from './realtime-subscriptions.ts'

/**
 * Hostile use of the local stack's Realtime server (issue 12): filters as an oracle on rows the
 * subscriber may not see, joins that make every change expensive, and tokens used after their
 * session was signed out. Every socket here speaks Phoenix 2.0.0 as realtime-js does.
 */

type Frame = [string | null, string | null, string, string, Record<string, unknown>]

const sockets: RawSocket[] = []
const clients: SupabaseClient[] = []
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close()
  for (const client of clients.splice(0)) await client.removeAllChannels()
})

/** A signed-in user who is no administrator: what a socket needs to join at all, and sees no hidden rows. */
let userToken: string
beforeAll(async () => {
  userToken = (await sessionOf(await nonAdminClient())).access_token
})

async function openSocket(): Promise<RawSocket> {
  const socket = await RawSocket.open(stack.url, { apikey: stack.anonKey, vsn: '2.0.0' })
  sockets.push(socket)
  return socket
}

async function sessionOf(client: SupabaseClient<Database>): Promise<Session> {
  const { data } = await client.auth.getSession()
  if (!data.session) throw new Error('the client is not signed in')
  return data.session
}

const frameOf = (frame: unknown) => frame as Frame
const replyTo = (ref: string) => (frame: unknown) => frameOf(frame)[1] === ref && frameOf(frame)[3] === 'phx_reply'

/** Joins `topic` with `bindings` on the public schema and answers the server's reply. */
function join(
  socket: RawSocket,
  ref: string,
  topic: string,
  bindings: Array<{ event: string; table: string; filter?: string }>,
  token = userToken,
): Promise<Frame> {
  const postgresChanges = bindings.map((binding) => ({ schema: 'public', ...binding }))
  socket.send([ref, ref, `realtime:${topic}`, 'phx_join', { config: { postgres_changes: postgresChanges }, access_token: token }])
  return socket.frames.waitFor(replyTo(ref), `the reply to join ${ref}`).then(frameOf)
}

const refused = (reason: unknown) => ({ status: 'error', response: { reason } })

describe('Realtime sockets', () => {
  const signInRequired = 'Unauthorized: Realtime is only for signed-in users'

  /** A socket as the client at `address` opens it, through the test stack's trusted loopback proxy. */
  async function openFrom(address: string, apikey = stack.anonKey): Promise<RawSocket> {
    const socket = await RawSocket.open(stack.url, { apikey, vsn: '2.0.0' }, { 'X-Forwarded-For': address })
    sockets.push(socket)
    return socket
  }

  /**
   * An administrator's supabase-js client whose Realtime socket comes from `address`, as the
   * browser's does: opened with the anon key, the user's token sent only in the join.
   */
  async function administratorAt(address: string): Promise<SupabaseClient<Database>> {
    class FromAddress extends WebSocket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols, { headers: { 'X-Forwarded-For': address } })
      }
    }
    const client = createClient<Database>(stack.url, stack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: FromAddress as never },
    })
    const { error } = await client.auth.signInWithPassword({ email: stack.adminEmail, password: stack.adminPassword })
    if (error) throw new Error(`sign-in failed: ${error.message}`)
    clients.push(client)
    return client
  }

  /** `client` subscribes to new login codes and hears of one made now. */
  async function receivesAChange(client: SupabaseClient<Database>): Promise<void> {
    const code = randomCode()
    const watched = await subscribe(client, [{ event: 'INSERT', table: 'login_codes', filter: `code=eq.${code}` }])
    try {
      await createCode({ code })
      await watched.changes.waitFor(() => true, 'the INSERT, for the administrator')
      expect(watched.statuses.items).toEqual(['SUBSCRIBED'])
    } finally {
      await deleteCodes([code])
    }
  }

  it("never keeps a signed-in administrator's channel out: 60 anonymous sockets from the room's address, then the proctor's from it subscribes and receives a change", async () => {
    const room = '198.51.100.123'
    const flood: RawSocket[] = []
    for (let i = 0; i < 60; i++) flood.push(await openFrom(room))
    await receivesAChange(await administratorAt(room))
    // The anonymous ones keep a small share of their own: the oldest were closed to make room.
    expect(flood.filter((socket) => socket.isOpen).length).toBeLessThanOrEqual(10)
    expect(await flood[0]?.closed).toBe(1008)
  })

  it('keeps an IPv6 /64 as one address for the anonymous share, and others unaffected', async () => {
    const flood: RawSocket[] = []
    for (let i = 0; i < 20; i++) flood.push(await openFrom(i % 2 ? '2001:db8:5:7::1' : `2001:db8:5:7:${i.toString(16)}::9`))
    const neighbour = await openFrom('2001:db8:5:8::1')
    expect(flood.filter((socket) => socket.isOpen).length).toBeLessThanOrEqual(10)
    expect(neighbour.isOpen).toBe(true)
  })

  it('never keeps an administrator out with anonymous sockets from many addresses: 250 from 25, then one from a fresh address', async () => {
    const flood: RawSocket[] = []
    for (let i = 0; i < 250; i++) flood.push(await openFrom(`203.0.113.${100 + (i % 25)}`))
    await receivesAChange(await administratorAt('192.0.2.77'))
    expect(flood.filter((socket) => socket.isOpen).length).toBeLessThanOrEqual(200)
  })

  it('refuses an anonymous join with the reason and closes its socket (students never use Realtime)', async () => {
    const socket = await openSocket()
    const [, , , , reply] = await join(socket, '1', 'anonymous', [{ event: '*', table: 'exam_schedule' }], stack.anonKey)
    expect(reply).toEqual(refused(signInRequired))
    expect(await socket.closed).toBe(1008)
  })

  it('refuses an anonymous supabase-js client its channel', async () => {
    const anonymous = anonClient()
    clients.push(anonymous)
    await expect(subscribe(anonymous, [{ event: '*', table: 'exam_schedule' }])).rejects.toThrow(
      `subscribing failed: CHANNEL_ERROR: ${signInRequired}`,
    )
  })

  it("ends a signed-in channel whose token becomes the anon key (supabase-js's sign-out)", async () => {
    const socket = await openSocket()
    expect((await join(socket, '1', 'staff', [{ event: '*', table: 'exam_schedule' }]))[4]).toMatchObject({ status: 'ok' })
    socket.send(['1', '2', 'realtime:staff', 'access_token', { access_token: stack.anonKey }])
    await socket.frames.waitFor((f) => frameOf(f)[2] === 'realtime:staff' && frameOf(f)[3] === 'phx_close', 'phx_close')
    expect(socket.frames.items.map(frameOf).filter((f) => f[3] === 'system')).toContainEqual([
      '1',
      null,
      'realtime:staff',
      'system',
      { extension: 'system', status: 'error', message: signInRequired, channel: 'staff' },
    ])
    // Once signed in, a socket stays open for its other channels.
    expect(socket.isOpen).toBe(true)
  })

  it('keeps counting signed-in sockets against their own limit of 50 per address', async () => {
    const office = '198.51.100.124'
    for (let i = 0; i < 50; i++) await openFrom(office, stack.serviceRoleKey)
    await expect(openFrom(office, stack.serviceRoleKey)).rejects.toThrow('refused with HTTP 429')
    // Anonymous sockets from there are still let in (their own share), and a signed-in one from elsewhere.
    await expect(openFrom(office)).resolves.toBeInstanceOf(RawSocket)
    await expect(openFrom('198.51.100.125', stack.serviceRoleKey)).resolves.toBeInstanceOf(RawSocket)
  })
})

describe('an anonymous Realtime socket that never signs in', () => {
  const graceMs = 1000
  let own: RunningStack
  beforeAll(async () => {
    own = await startStack({ port: 0, realtimeAnonymousGraceMs: graceMs })
  })
  afterAll(async () => {
    await own?.close()
  })

  it('is closed after the grace period, heartbeats or not, while a signed-in one stays', async () => {
    const started = Date.now()
    const anonymous = await RawSocket.open(own.url, { apikey: own.anonKey, vsn: '2.0.0' })
    const signedIn = await RawSocket.open(own.url, { apikey: own.serviceRoleKey, vsn: '2.0.0' })
    let ref = 0
    const beat = setInterval(() => {
      for (const socket of [anonymous, signedIn])
        if (socket.isOpen) socket.send([null, String(++ref), 'phoenix', 'heartbeat', {}])
    }, graceMs / 10)
    try {
      expect(await anonymous.closed).toBe(1008)
      expect(Date.now() - started).toBeGreaterThanOrEqual(graceMs - 20)
      expect(signedIn.isOpen).toBe(true)
    } finally {
      clearInterval(beat)
      signedIn.close()
    }
  })
})

describe('Realtime filters', () => {
  const tooManyUuids = Array.from({ length: 101 }, () => randomUUID()).join(',')
  it.each([
    { filter: 'code=like.AB\\', complaint: 'unsupported filter operator "like"' },
    { filter: 'code=ilike.ab%', complaint: 'unsupported filter operator "ilike"' },
    { filter: 'code=is.null', complaint: 'unsupported filter operator "is"' },
    { filter: 'code=not.eq.AB', complaint: 'unsupported filter operator "not"' },
    { filter: 'code=AB', complaint: 'is not a column=operator.value filter' },
    { filter: 'code=eq.AB,is_used=eq.false', complaint: 'a filter may have 1 condition, got 2' },
    { filter: 'no_such_column=eq.1', complaint: 'invalid column for filter no_such_column' },
    { filter: 'id=eq.not-a-uuid', complaint: 'invalid input syntax for type uuid' },
    { filter: 'extra_minutes=gt.ten', complaint: 'invalid input syntax for type integer' },
    { filter: 'is_used=eq.maybe', complaint: 'invalid input syntax for type boolean' },
    { filter: 'code=in.AB', complaint: '`in` filter value must be wrapped by parentheses' },
    { filter: `id=in.(${tooManyUuids})`, complaint: 'too many values for `in` filter. Maximum 100' },
  ])('refuses the join, with the reason: $complaint', async ({ filter, complaint }) => {
    const socket = await openSocket()
    const [, , , , payload] = await join(socket, '1', 'filter', [{ event: '*', table: 'login_codes', filter }])
    expect(payload).toEqual(refused(expect.stringMatching(/^RealtimeDisabledForConfiguration: Unable to subscribe to changes/)))
    expect(payload.response).toEqual({ reason: expect.stringContaining(complaint) })
  })

  it("lets a non-administrator's LIKE filter on hidden codes neither answer it nor knock the proctor's channel off", async () => {
    // The review's oracle: `like` with a trailing escape failed only once a hidden code matched
    // the prefix, and that failure gave every channel phx_error and lost the change.
    const proctor = await adminClient()
    clients.push(proctor)
    const watched = await subscribe(proctor, [{ event: 'INSERT', table: 'login_codes' }])
    const prefix = randomCode().slice(0, 4)
    const attacker = await openSocket()
    const reply = await join(attacker, '1', 'oracle', [{ event: '*', table: 'login_codes', filter: `code=like.${prefix}\\` }])

    const code = `${prefix}${randomCode().slice(4)}`
    try {
      await createCode({ code })
      await watched.changes.waitFor((c) => (c.change.new as { code?: string }).code === code, 'the INSERT, for the proctor')
      expect(watched.statuses.items).toEqual(['SUBSCRIBED'])
      expect(reply[4]).toMatchObject({ status: 'error' })
      expect(attacker.frames.items).toEqual([reply])
    } finally {
      await deleteCodes([code])
    }
  })
})

describe('Realtime limits', () => {
  /** The socket's close code, or the reply if the server answered the join instead of closing. */
  function closedOrAnswered(socket: RawSocket, ref: string): Promise<unknown> {
    const answered = socket.frames.waitFor(replyTo(ref), 'an answer or a close')
    // Whichever loses the race is of no interest (and a socket that closed answers nothing).
    answered.catch(() => {})
    return Promise.race([socket.closed.then((code) => ({ closedWith: code })), answered])
  }

  it('closes a socket that sends a frame over 64 KiB (1009, message too big), as a join with a thousand filters', async () => {
    const socket = await openSocket()
    const bindings = Array.from({ length: 1000 }, (_, i) => ({
      event: '*',
      schema: 'public',
      table: 'exam_attempts',
      filter: `login_code=eq.${i}`,
    }))
    const frame = ['1', '1', 'realtime:huge', 'phx_join', { config: { postgres_changes: bindings }, access_token: stack.anonKey }]
    expect(JSON.stringify(frame).length).toBeGreaterThan(64 * 1024)
    socket.send(frame)
    expect(await closedOrAnswered(socket, '1')).toEqual({ closedWith: 1009 })
  })

  it('refuses a join with more than 10 postgres_changes, with the reason, and takes one with 10', async () => {
    const socket = await openSocket()
    const binding = { event: 'INSERT', table: 'exam_schedule' }
    const [, , , , tooMany] = await join(socket, '1', 'bindings', Array(11).fill(binding))
    expect(tooMany).toEqual(
      refused(
        'RealtimeDisabledForConfiguration: Unable to subscribe to changes with given parameters: at most 10 postgres_changes per channel, got 11',
      ),
    )
    const [, , , , enough] = await join(socket, '2', 'bindings', Array(10).fill(binding))
    expect(enough).toMatchObject({ status: 'ok' })
  })

  it('refuses the 101st channel of one socket, as hosted Realtime does, until one is left', async () => {
    const socket = await openSocket()
    const refs = Array.from({ length: 101 }, (_, i) => String(i + 1))
    for (const ref of refs) socket.send([ref, ref, `realtime:room-${ref}`, 'phx_join', { config: {}, access_token: userToken }])
    const replies = await socket.frames.waitForCount((f) => frameOf(f)[3] === 'phx_reply', 101, 'the join replies')
    expect(replies.slice(0, 100).map((f) => frameOf(f)[4].status)).toEqual(Array(100).fill('ok'))
    expect(frameOf(replies[100])[4]).toEqual(refused('ChannelRateLimitReached: Too many channels'))

    socket.send(['1', 'leave', 'realtime:room-1', 'phx_leave', {}])
    await socket.frames.waitFor(replyTo('leave'), 'the leave reply')
    socket.send(['again', 'again', 'realtime:room-101', 'phx_join', { config: {}, access_token: userToken }])
    expect(frameOf(await socket.frames.waitFor(replyTo('again'), 'the second try'))[4]).toMatchObject({ status: 'ok' })
  })
})

describe('Realtime after sign-out', () => {
  const sessionEnded = 'Session from session_id claim in JWT does not exist'

  it("ends an administrator's channel when its token's session is signed out, sends it nothing more, and refuses the token", async () => {
    const admin = await adminClient()
    const token = (await sessionOf(admin)).access_token
    const [first, second] = [randomCode(), randomCode()]
    // Only this test's codes, so that nothing another test does reaches either channel.
    const ours = { event: 'INSERT', table: 'login_codes', filter: `code=in.(${first},${second})` }
    const socket = await openSocket()
    expect((await join(socket, '1', 'admin', [ours], token))[4]).toMatchObject({ status: 'ok' })
    expect((await join(socket, '2', 'marker', [ours], stack.serviceRoleKey))[4]).toMatchObject({ status: 'ok' })

    expect(await admin.auth.signOut({ scope: 'local' })).toEqual({ error: null })
    try {
      await createCode({ code: first })
      await createCode({ code: second })
      await socket.frames.waitFor(
        (f) => frameOf(f)[2] === 'realtime:marker' && JSON.stringify(f).includes(second),
        'the second code, on the marker channel',
      )
      await socket.frames.waitFor((f) => frameOf(f)[2] === 'realtime:admin' && frameOf(f)[3] === 'phx_close', 'phx_close')
      // Once closed, a channel is sent nothing: these are all the administrator's channel ever had.
      const subscribed = { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: 'admin' }
      const ended = { extension: 'system', status: 'error', message: sessionEnded, channel: 'admin' }
      expect(socket.frames.items.map(frameOf).filter((f) => f[2] === 'realtime:admin' && f[3] !== 'phx_reply')).toEqual([
        ['1', null, 'realtime:admin', 'system', subscribed],
        ['1', null, 'realtime:admin', 'system', ended],
        ['1', '1', 'realtime:admin', 'phx_close', {}],
      ])
      expect((await join(socket, '3', 'admin', [ours], token))[4]).toEqual(refused(`InvalidJWTToken: ${sessionEnded}`))
    } finally {
      await deleteCodes([first, second])
    }
  })

  it('tells supabase-js so, within seconds, even when no change comes: the channel reports CLOSED', async () => {
    const admin = await adminClient()
    // Another client holding the same session, as a copy of its tokens would: signing out the
    // first one deletes the session, but this one keeps its token.
    const holder = anonClient()
    clients.push(holder)
    const { error } = await holder.auth.setSession(await sessionOf(admin))
    expect(error).toBeNull()
    const subscription = await subscribe(holder, [{ event: '*', table: 'exam_attempts' }])

    expect(await admin.auth.signOut({ scope: 'local' })).toEqual({ error: null })
    await subscription.statuses.waitFor((s) => s === 'CLOSED', 'CLOSED')
    expect(subscription.system.items).toContainEqual({
      extension: 'system',
      status: 'error',
      message: sessionEnded,
      channel: subscription.channel.subTopic,
    })
  })
})

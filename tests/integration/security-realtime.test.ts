import { randomUUID } from 'node:crypto'
import type { Session, SupabaseClient } from '@supabase/supabase-js'
import { afterEach, describe, expect, it } from 'vitest'
import type { Database } from '../../src/lib/api/database.types.ts'
import { adminClient, anonClient, stack } from './clients.ts'
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
  token = stack.anonKey,
): Promise<Frame> {
  const postgresChanges = bindings.map((binding) => ({ schema: 'public', ...binding }))
  socket.send([ref, ref, `realtime:${topic}`, 'phx_join', { config: { postgres_changes: postgresChanges }, access_token: token }])
  return socket.frames.waitFor(replyTo(ref), `the reply to join ${ref}`).then(frameOf)
}

const refused = (reason: unknown) => ({ status: 'error', response: { reason } })

describe('Realtime sockets', () => {
  /** A socket as the client at `address` opens it, through the test stack's trusted loopback proxy. */
  async function openFrom(address: string): Promise<RawSocket> {
    const socket = await RawSocket.open(stack.url, { apikey: stack.anonKey, vsn: '2.0.0' }, { 'X-Forwarded-For': address })
    sockets.push(socket)
    return socket
  }

  it('are limited to 50 per client address, counting an IPv6 /64 as one, while others still connect', async () => {
    for (let i = 0; i < 50; i++) await openFrom(i % 2 ? '2001:db8:5:7::1' : `2001:db8:5:7:${i.toString(16)}::9`)
    await expect(openFrom('2001:db8:5:7:ffff::1')).rejects.toThrow('refused with HTTP 429')
    await expect(openFrom('2001:db8:5:8::1')).resolves.toBeInstanceOf(RawSocket)
    await expect(openFrom('198.51.100.23')).resolves.toBeInstanceOf(RawSocket)
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

  it("lets an anonymous socket's LIKE filter on hidden codes neither answer it nor knock the proctor's channel off", async () => {
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
    for (const ref of refs) socket.send([ref, ref, `realtime:room-${ref}`, 'phx_join', { config: {} }])
    const replies = await socket.frames.waitForCount((f) => frameOf(f)[3] === 'phx_reply', 101, 'the join replies')
    expect(replies.slice(0, 100).map((f) => frameOf(f)[4].status)).toEqual(Array(100).fill('ok'))
    expect(frameOf(replies[100])[4]).toEqual(refused('ChannelRateLimitReached: Too many channels'))

    socket.send(['1', 'leave', 'realtime:room-1', 'phx_leave', {}])
    await socket.frames.waitFor(replyTo('leave'), 'the leave reply')
    socket.send(['again', 'again', 'realtime:room-101', 'phx_join', { config: {} }])
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

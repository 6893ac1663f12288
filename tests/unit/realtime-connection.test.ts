import { describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import {
  closeIfAnonymous,
  shutDown,
  signIn,
  signInRequired,
  type Channel,
  type Connection,
} from '../../supabase/local/realtime/connection.ts'

/** A connection on a fake socket that records the frames sent and how it was closed. */
function fakeConnection() {
  const sent: unknown[] = []
  const closes: Array<[number | undefined, string | undefined]> = []
  const ws = {
    OPEN: WebSocket.OPEN,
    readyState: WebSocket.OPEN,
    send: (frame: string) => sent.push(JSON.parse(frame)),
    close: (code?: number, reason?: string) => closes.push([code, reason]),
  }
  const connection: Connection = {
    ws: ws as unknown as WebSocket,
    address: '10.0.0.1',
    vsn: '2.0.0',
    apikey: 'anon-key',
    signedIn: false,
    joinBeingChecked: false,
    channels: new Map(),
    inbox: Promise.resolve(),
    idleTimer: setTimeout(() => {}, 0),
    graceTimer: undefined,
  }
  return { connection, sent, closes }
}

function joinedChannel(connection: Connection, joinRef: string): Channel {
  const channel: Channel = {
    topic: 'realtime:results',
    joinRef,
    token: 'token',
    identity: { role: 'authenticated', claims: {} },
    identityKey: 'authenticated:{}',
    bindings: [],
    expiryTimer: undefined,
  }
  connection.channels.set(channel.topic, channel)
  return channel
}

describe('ending a channel for a reason', () => {
  it('tells the client why with a system error, then closes the channel and forgets it', () => {
    const { connection, sent } = fakeConnection()
    const channel = joinedChannel(connection, '1')

    shutDown(connection, channel, 'Token has expired')

    expect(sent).toEqual([
      [
        '1',
        null,
        'realtime:results',
        'system',
        { extension: 'system', status: 'error', message: 'Token has expired', channel: 'results' },
      ],
      ['1', '1', 'realtime:results', 'phx_close', {}],
    ])
    expect(connection.channels.has('realtime:results')).toBe(false)
  })

  it('leaves alone the channel a new join of the same topic put in its place', () => {
    const { connection, sent } = fakeConnection()
    const replaced = joinedChannel(connection, '1')
    const current = joinedChannel(connection, '2')

    shutDown(connection, replaced, 'Token has expired')

    expect(sent).toEqual([])
    expect(connection.channels.get('realtime:results')).toBe(current)
  })
})

describe('closing sockets that never signed in', () => {
  it('closes an anonymous socket with the reason, and never a signed-in one', () => {
    const anonymous = fakeConnection()
    const admin = fakeConnection()
    signIn(admin.connection)

    closeIfAnonymous(anonymous.connection)
    closeIfAnonymous(admin.connection)

    expect(anonymous.closes).toEqual([[1008, signInRequired]])
    expect(admin.closes).toEqual([])
  })
})

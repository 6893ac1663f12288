import type { RealtimeChannel, RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'

/** Generous: a loaded 2-core machine may take seconds, and nothing here waits longer than it must. */
const eventTimeoutMs = 15_000

/** Messages as they arrive, and a way to wait for one: no fixed sleeps. */
export class Inbox<T> {
  readonly items: T[] = []
  private waiters: Array<{ test: (item: T) => boolean; resolve: (item: T) => void }> = []

  push(item: T): void {
    this.items.push(item)
    for (const waiter of [...this.waiters]) {
      if (waiter.test(item)) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1)
        waiter.resolve(item)
      }
    }
  }

  /** The first item, received so far or later, for which `test` holds. */
  waitFor(test: (item: T) => boolean, what: string, timeoutMs = eventTimeoutMs): Promise<T> {
    const found = this.items.find(test)
    if (found !== undefined) return Promise.resolve(found)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.resolve !== done)
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}; received ${JSON.stringify(this.items)}`))
      }, timeoutMs)
      const done = (item: T) => {
        clearTimeout(timer)
        resolve(item)
      }
      this.waiters.push({ test, resolve: done })
    })
  }

  /** Every item for which `test` holds, once there are at least `count` of them. */
  async waitForCount(test: (item: T) => boolean, count: number, what: string, timeoutMs = eventTimeoutMs): Promise<T[]> {
    const matching = () => this.items.filter(test)
    if (matching().length < count) await this.waitFor(() => matching().length >= count, `${count} × ${what}`, timeoutMs)
    return matching()
  }
}

export type Change = RealtimePostgresChangesPayload<Record<string, unknown>>

export interface Binding {
  event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'
  table: string
  filter?: string
}

export interface Subscription {
  channel: RealtimeChannel
  /** Every change, with the position of the binding whose callback received it. */
  changes: Inbox<{ binding: number; change: Change }>
  system: Inbox<Record<string, unknown>>
  statuses: Inbox<string>
}

/** A channel with `bindings` on the public schema; resolves once the server confirmed them (SUBSCRIBED). */
export async function subscribe(
  client: SupabaseClient,
  bindings: Binding[],
  topic = `test-${crypto.randomUUID()}`,
): Promise<Subscription> {
  const changes = new Inbox<{ binding: number; change: Change }>()
  const system = new Inbox<Record<string, unknown>>()
  const statuses = new Inbox<string>()
  let channel = client.channel(topic)
  bindings.forEach(({ event, table, filter }, binding) => {
    channel = channel.on('postgres_changes', { event, schema: 'public', table, filter }, (change: Change) =>
      changes.push({ binding, change }),
    )
  })
  channel = channel.on('system', {}, (payload: Record<string, unknown>) => system.push(payload))
  channel.subscribe((status, error) => statuses.push(error ? `${status}: ${error.message}` : status))
  const first = await statuses.waitFor(() => true, 'the first subscription status')
  if (first !== 'SUBSCRIBED') throw new Error(`subscribing failed: ${first}`)
  return { channel, changes, system, statuses }
}

/** The changes of one table row (by a column's value), in arrival order. */
export function changesOf(subscription: Subscription, column: string, value: unknown): Change[] {
  return subscription.changes.items
    .map((c) => c.change)
    .filter((c) => (c.new as Record<string, unknown>)[column] === value || (c.old as Record<string, unknown>)[column] === value)
}

/** A bare WebSocket speaking Phoenix to the stack, for what supabase-js does not show. */
export class RawSocket {
  readonly frames = new Inbox<unknown>()
  readonly closed: Promise<number>

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => this.frames.push(JSON.parse(String(data))))
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)))
  }

  /** Opens `/realtime/v1/websocket`; rejects with the HTTP status when the server refuses the upgrade. */
  static open(baseUrl: string, params: Record<string, string>, headers: Record<string, string> = {}): Promise<RawSocket> {
    const url = new URL('/realtime/v1/websocket', baseUrl.replace(/^http/, 'ws'))
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value)
    const ws = new WebSocket(url, { headers })
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new RawSocket(ws)))
      ws.once('unexpected-response', (_req, res) => reject(new Error(`refused with HTTP ${res.statusCode}`)))
      ws.once('error', reject)
    })
  }

  send(frame: unknown): void {
    this.ws.send(JSON.stringify(frame))
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN
  }

  close(): void {
    this.ws.close()
  }
}

import type { IncomingMessage } from 'node:http'
import { BlockList, isIP } from 'node:net'

/**
 * The reverse proxies (HOLDFAST_TRUSTED_PROXIES) whose X-Forwarded-* headers the stack
 * believes. From anyone else those headers are the client's own words and are ignored.
 */
export interface TrustedProxies {
  includes(address: string): boolean
}

export const noTrustedProxies: TrustedProxies = { includes: () => false }

export class InvalidTrustedProxies extends Error {}

/** Parses a comma-separated list of addresses and CIDR blocks, e.g. `127.0.0.1, ::1, 10.0.0.0/8`. */
export function parseTrustedProxies(list: string | undefined): TrustedProxies {
  const entries = (list ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  if (!entries.length) return noTrustedProxies
  const blocks = new BlockList()
  for (const entry of entries) {
    const [address = '', prefix, ...rest] = entry.split('/')
    const family = isIP(address)
    const prefixLength = prefix === undefined ? undefined : /^\d{1,3}$/.test(prefix) ? Number(prefix) : Number.NaN
    const maxPrefix = family === 6 ? 128 : 32
    if (!family || rest.length || (prefixLength !== undefined && !(prefixLength <= maxPrefix))) {
      throw new InvalidTrustedProxies(
        `HOLDFAST_TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR block (e.g. 127.0.0.1, ::1, 10.0.0.0/8)`,
      )
    }
    const type = family === 6 ? 'ipv6' : 'ipv4'
    if (prefixLength === undefined) blocks.addAddress(address, type)
    else blocks.addSubnet(address, prefixLength, type)
  }
  return {
    includes: (address) => {
      const family = isIP(address)
      return family !== 0 && blocks.check(address, family === 6 ? 'ipv6' : 'ipv4')
    },
  }
}

/**
 * The client's address: the connection's peer, or, when the peer is a trusted proxy, the
 * right-most X-Forwarded-For entry that is not itself a trusted proxy. Each proxy appends
 * the address it was reached from, so entries left of the first untrusted one may be
 * anything the client wrote. Never reads past an entry that is not an address: the
 * trusted hop that wrote it is then the best we know.
 */
export function clientAddressOf(peer: string, forwardedFor: string | undefined, trusted: TrustedProxies): string {
  let client = plainAddress(peer)
  const hops = (forwardedFor ?? '').split(',').map((hop) => plainAddress(hop.trim()))
  for (const hop of hops.reverse()) {
    if (!trusted.includes(client) || !isIP(hop)) break
    client = hop
  }
  return client
}

/**
 * The part of a client address a limit counts by: an IPv4 address whole, an IPv6 address by its
 * /64 (one host usually holds a whole /64, so counting whole IPv6 addresses would give a guesser
 * endless fresh ones), as the database's code-guessing limit does.
 */
export function limitedAddress(address: string): string {
  if (isIP(address) !== 6) return address
  const [head = '', tail] = address.split('::')
  const headGroups = head === '' ? [] : head.split(':')
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':')
  const groups = [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}

export function clientAddress(req: IncomingMessage, trusted: TrustedProxies): string {
  return clientAddressOf(peerAddress(req), headerValue(req, 'x-forwarded-for'), trusted)
}

/**
 * The origin the browser used to reach the stack (what /config.json names as the API): the
 * Host header, or X-Forwarded-Host and X-Forwarded-Proto when a trusted proxy (Vite's dev
 * proxy, nginx) sent the request. A host that is not a plain name or address is replaced by
 * localhost, as this origin also goes into the Content-Security-Policy header.
 */
export function publicOrigin(req: IncomingMessage, trusted: TrustedProxies): { protocol: 'http' | 'https'; host: string } {
  const viaProxy = trusted.includes(plainAddress(peerAddress(req)))
  const forwarded = (name: string) => (viaProxy ? headerValue(req, name)?.split(',')[0]?.trim() : undefined)
  const host = forwarded('x-forwarded-host') || req.headers.host || ''
  return {
    protocol: forwarded('x-forwarded-proto') === 'https' ? 'https' : 'http',
    host: /^([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/i.test(host) ? host : 'localhost',
  }
}

function peerAddress(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown'
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

/** An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d; the database and the limits want a.b.c.d. */
function plainAddress(address: string): string {
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '').toLowerCase()
}

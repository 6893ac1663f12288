import { describe, expect, it } from 'vitest'
import {
  InvalidTrustedProxies,
  clientAddressOf,
  limitedAddress,
  noTrustedProxies,
  parseTrustedProxies,
} from '../../supabase/local/client-address.ts'

describe('HOLDFAST_TRUSTED_PROXIES', () => {
  it('trusts nobody when unset or empty', () => {
    for (const list of [undefined, '', ' , ']) {
      expect(parseTrustedProxies(list).includes('127.0.0.1'), String(list)).toBe(false)
    }
  })

  it('reads addresses and CIDR blocks of both families, with spaces around the commas', () => {
    const trusted = parseTrustedProxies(' 127.0.0.1 ,::1, 10.0.0.0/8,fd00::/8')
    for (const address of ['127.0.0.1', '::1', '10.200.3.4', 'fd12::7', '::ffff:127.0.0.1']) {
      expect(trusted.includes(address), address).toBe(true)
    }
    for (const address of ['127.0.0.2', '11.0.0.1', 'fe80::1', 'unknown', '']) {
      expect(trusted.includes(address), address).toBe(false)
    }
  })

  it('refuses an entry that is not an address or a block, naming it', () => {
    for (const entry of ['localhost', '10.0.0.0/33', '::/129', '10.0.0.0/', '10.0.0.0/8/8', '10.0.0.0/x', '300.0.0.1']) {
      expect(() => parseTrustedProxies(`127.0.0.1, ${entry}`), entry).toThrow(InvalidTrustedProxies)
      expect(() => parseTrustedProxies(entry), entry).toThrow(`"${entry}"`)
    }
  })
})

describe('the client address', () => {
  const proxies = parseTrustedProxies('127.0.0.1, 10.0.0.0/8')

  it('is the connection peer when the peer is not a trusted proxy, whatever X-Forwarded-For says', () => {
    expect(clientAddressOf('203.0.113.9', '198.51.100.1', proxies)).toBe('203.0.113.9')
    expect(clientAddressOf('127.0.0.1', '198.51.100.1', noTrustedProxies)).toBe('127.0.0.1')
  })

  it('is the right-most X-Forwarded-For entry that is not a trusted proxy', () => {
    expect(clientAddressOf('127.0.0.1', '198.51.100.1', proxies)).toBe('198.51.100.1')
    // The client wrote the left entries itself; the proxies appended the rest.
    expect(clientAddressOf('127.0.0.1', '192.0.2.66, 198.51.100.1, 10.1.2.3', proxies)).toBe('198.51.100.1')
    expect(clientAddressOf('::ffff:127.0.0.1', '2001:DB8::5', proxies)).toBe('2001:db8::5')
  })

  it('is the left-most entry when every hop is a trusted proxy, and the peer without X-Forwarded-For', () => {
    expect(clientAddressOf('127.0.0.1', '10.0.0.7, 10.0.0.8', proxies)).toBe('10.0.0.7')
    expect(clientAddressOf('127.0.0.1', undefined, proxies)).toBe('127.0.0.1')
    expect(clientAddressOf('::ffff:10.0.0.1', '', proxies)).toBe('10.0.0.1')
  })

  it('stops at an entry that is not an address: the trusted hop that wrote it is the best known', () => {
    expect(clientAddressOf('127.0.0.1', '198.51.100.1, unknown', proxies)).toBe('127.0.0.1')
    expect(clientAddressOf('127.0.0.1', "198.51.100.1, ' or 1=1 --, 10.0.0.2", proxies)).toBe('10.0.0.2')
  })
})

describe('limitedAddress', () => {
  it('counts an IPv4 address whole and an IPv6 address by its /64, however it is written', () => {
    expect(limitedAddress('203.0.113.9')).toBe('203.0.113.9')
    expect(limitedAddress('2001:db8:0:7:abcd::1')).toBe('2001:db8:0:7::/64')
    expect(limitedAddress('2001:0db8:0000:0007:ffff:ffff:ffff:ffff')).toBe('2001:db8:0:7::/64')
    expect(limitedAddress('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(limitedAddress('::1')).toBe('0:0:0:0::/64')
    expect(limitedAddress('unknown')).toBe('unknown')
  })
})

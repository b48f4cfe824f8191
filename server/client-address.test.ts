import type { Request } from 'express'
import { describe, expect, it } from 'vitest'

import { clientKey, trustProxySetting } from './client-address'

describe('trustProxySetting', () => {
  it('believes a hop count only of proxies at internal addresses', () => {
    const trust = trustProxySetting(1) as (address: string, hop: number) => boolean
    for (const internal of [
      '127.0.0.1',
      '10.0.3.7',
      '172.18.0.2',
      '192.168.1.9',
      '::1',
      'fd12::7',
    ]) {
      expect(trust(internal, 0)).toBe(true)
    }
    expect(trust('100.64.0.9', 0)).toBe(true)
    expect(trust('::ffff:10.0.0.5', 0)).toBe(true)
    // A stranger reaching the app port from the internet is no proxy, whatever it sends.
    for (const stranger of ['203.0.113.9', '8.8.8.8', '2001:db8::1', '::ffff:198.51.100.4']) {
      expect(trust(stranger, 0)).toBe(false)
    }
    // One hop: what the balancer was told by the client is the client.
    expect(trust('10.0.0.8', 1)).toBe(false)
  })

  it('believes as many internal hops as it is given', () => {
    const trust = trustProxySetting(2) as (address: string, hop: number) => boolean
    expect(trust('10.0.0.8', 1)).toBe(true)
    expect(trust('10.0.0.8', 2)).toBe(false)
    expect(trust('198.51.100.4', 1)).toBe(false)
  })

  it('believes no proxy at 0, and the named proxies of a list at any hop', () => {
    expect(trustProxySetting(0)).toBe(false)
    expect(trustProxySetting(['loopback', '173.245.48.0/20'])).toBe('loopback, 173.245.48.0/20')
  })
})

describe('clientKey', () => {
  const key = (ip: string) => clientKey({ ip, socket: {} } as unknown as Request)

  it('counts an IPv4 address as itself', () => {
    expect(key('203.0.113.9')).toBe('203.0.113.9')
    expect(key('203.0.113.10')).not.toBe(key('203.0.113.9'))
  })

  it('counts IPv6 addresses by their /56, what one home or office is given', () => {
    expect(key('2001:db8:0:12:aaaa::1')).toBe(key('2001:db8:0:34:bbbb::2'))
    expect(key('2001:db8:0:100::1')).not.toBe(key('2001:db8:0:12::1'))
  })
})

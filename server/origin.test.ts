import { describe, expect, it } from 'vitest'

import { isAllowedOrigin } from './origin'

const SITE_URL = 'https://www.brightwell.example'

describe('isAllowedOrigin', () => {
  it('allows a request without an Origin header (not a browser form from another site)', () => {
    expect(isAllowedOrigin(undefined, 'internal:3000', SITE_URL)).toBe(true)
  })

  it("allows SITE_URL's origin whatever Host the proxy forwarded", () => {
    expect(isAllowedOrigin('https://www.brightwell.example', '10.0.0.7:3000', SITE_URL)).toBe(true)
  })

  it("allows the request's own host, in any letter case", () => {
    expect(isAllowedOrigin('http://127.0.0.1:4321', '127.0.0.1:4321', SITE_URL)).toBe(true)
    expect(isAllowedOrigin('https://preview.example', 'Preview.Example', SITE_URL)).toBe(true)
  })

  it.each([
    ['another site', 'https://evil.example'],
    ['a look-alike subdomain', 'https://www.brightwell.example.evil.example'],
    ["SITE_URL's host on another port", 'https://www.brightwell.example:8443'],
    ["SITE_URL's host over plain HTTP", 'http://www.brightwell.example'],
    ['an opaque origin', 'null'],
    ['garbage', 'not a url'],
  ])('refuses %s', (_case, origin) => {
    expect(isAllowedOrigin(origin, '127.0.0.1:4321', SITE_URL)).toBe(false)
  })
})

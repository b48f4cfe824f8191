import type { Request, Response } from 'express'
import { describe, expect, it, vi } from 'vitest'

import { createPageCache, type CachablePage } from './page-cache'

/** A cache of two pages whose clock the test moves. */
function cacheOfTwo(readsQuery: readonly string[] = []) {
  // lru-cache, which keeps the pages, reads a start time of 0 as "no TTL".
  const clock = { now: 1_000_000 }
  const cache = createPageCache({
    ttlMs: 60_000,
    cachedRouteQuery: () => readsQuery,
    isUnknownAddress: () => false,
    metrics: { countPageCacheLookup: vi.fn() },
    maxEntries: 2,
    now: () => clock.now,
  })
  return { cache, clock }
}

const page = (sharedMaxAgeS: number): CachablePage => ({
  status: 200,
  headers: { 'cache-control': `public, max-age=0, s-maxage=${sharedMaxAgeS}` },
  body: Buffer.from('<p>A page</p>'),
  setsCookie: false,
})

/** The headers of the kept page answered for `key`, or undefined when the app must answer. */
function served(cache: ReturnType<typeof cacheOfTwo>['cache'], key: string) {
  const headers: Record<string, string> = {}
  const res = {
    status: () => res,
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
    vary: () => res,
    send: () => res,
  }
  const req = { acceptsEncodings: () => false }
  return cache.serve(key, req as unknown as Request, res as unknown as Response)
    ? headers
    : undefined
}

describe('the page cache', () => {
  it('keeps a page for its s-maxage and says what is left of it', () => {
    const { cache, clock } = cacheOfTwo()
    cache.store('/blog', page(10))
    clock.now += 4_500
    expect(served(cache, '/blog')?.['cache-control']).toBe('public, max-age=0, s-maxage=6')
    clock.now += 5_500
    expect(served(cache, '/blog')).toBeUndefined()
  })

  it('lets pages past their life go before it pushes out a live one', () => {
    const { cache, clock } = cacheOfTwo()
    cache.store('/', page(60))
    cache.store('/blog', page(1))
    clock.now += 2_000
    cache.store('/blog/a-post', page(60))
    expect(served(cache, '/')?.['cache-control']).toBe('public, max-age=0, s-maxage=58')
    expect(served(cache, '/blog/a-post')).toBeDefined()
    expect(served(cache, '/blog')).toBeUndefined()
  })

  it('pushes out the page read longest ago when every page is live', () => {
    const { cache } = cacheOfTwo()
    cache.store('/', page(60))
    cache.store('/blog', page(60))
    expect(served(cache, '/')).toBeDefined()
    cache.store('/blog/a-post', page(60))
    expect(served(cache, '/blog')).toBeUndefined()
    expect(served(cache, '/')).toBeDefined()
  })
})

describe("the page cache's keys", () => {
  const keyOf = (url: string, readsQuery: readonly string[]) => {
    const req = { method: 'GET', get: () => undefined, path: url.split('?')[0], originalUrl: url }
    return cacheOfTwo(readsQuery).cache.keyFor(req as unknown as Request, {} as Response)
  }

  it('are the path and the query parameters the page reads, in one order and encoding', () => {
    expect(keyOf('/blog?x=1&page=2&utm_source=mail&q=a%20b', ['q', 'page'])).toBe(
      '/blog?page=2&q=a+b',
    )
    expect(keyOf('/blog?page=2&q=a+b', ['q', 'page'])).toBe('/blog?page=2&q=a+b')
  })

  it('leave out every parameter the page does not read', () => {
    expect(keyOf(`/?x=${Math.random()}&gclid=1`, [])).toBe('/')
    expect(keyOf('/contact?sent=1&y=2', ['sent'])).toBe('/contact?sent=1')
  })
})

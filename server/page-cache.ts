import zlib from 'node:zlib'

import type { Request, Response } from 'express'
import { LRUCache } from 'lru-cache'

import type { Metrics } from './app-entry'
import { isAppDataPath } from './remix-addresses'

/**
 * Brotli at quality 5: 0.4 to 2.6 ms a page, against 24 to 57 ms at its best quality (11) for 9 to
 * 14% fewer bytes. At the best quality, a blog of 2,000 posts viewed once each spent 52 ms of CPU a
 * page on compression alone, more than the rest of the page's work.
 */
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }

/** A page as it was answered, and its body compressed once per encoding. */
export type KeptPage = {
  status: number
  headers: Record<string, string>
  bodies: { identity: Buffer; gzip: Buffer; br: Buffer }
}

/** What a page answered, as the cache may keep it. */
export type CachablePage = {
  status: number
  headers: Record<string, string>
  body: Buffer
  /** whether the page itself set a cookie (the server's own, added around it, do not count) */
  setsCookie: boolean
}

type PageCacheOptions = {
  /** how long a page is kept that says nothing of it itself (a private page has no s-maxage) */
  ttlMs: number
  /**
   * The query parameters the page of the route answering the request reads, when that route
   * lets the instance keep its page; undefined when it does not.
   */
  cachedRouteQuery: (req: Request, res: Response) => readonly string[] | undefined
  /** true when the request is for an address no route answers: they all share one 404 page */
  isUnknownAddress: (req: Request, res: Response) => boolean
  metrics: Pick<Metrics, 'countPageCacheLookup'>
  maxEntries?: number
  now?: () => number
}

/** The site's own cookie that makes a page differ: the flash message shown once to its visitor. */
const FLASH_COOKIE = /(?:^|;\s*)toast=/
const NOT_FOUND_KEY = ' not-found'

/** A page as the instance keeps it: compressed once in each encoding, so a hit writes stored bytes. */
export function keptPageOf(page: CachablePage): KeptPage {
  return {
    status: page.status,
    headers: page.headers,
    bodies: {
      identity: page.body,
      gzip: zlib.gzipSync(page.body),
      br: zlib.brotliCompressSync(page.body, BROTLI_OPTIONS),
    },
  }
}

/**
 * Answers with a kept page, in the encoding the request accepts; `cacheControl` adjusts the kept
 * Cache-Control to what is left of the page's life.
 */
export function writeKeptPage(
  page: KeptPage,
  req: Request,
  res: Response,
  cacheControl: (kept: string) => string = (kept) => kept,
) {
  res.status(page.status)
  for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value)
  const kept = page.headers['cache-control']
  if (kept) res.setHeader('Cache-Control', cacheControl(kept))
  res.setHeader('Server-Timing', 'render;dur=0;desc="page cache"')
  res.vary('Accept-Encoding')
  // The compression middleware leaves a response alone once it has a Content-Encoding.
  const encoding = req.acceptsEncodings(['br', 'gzip'])
  const body =
    encoding === 'br' ? page.bodies.br : encoding === 'gzip' ? page.bodies.gzip : undefined
  if (body) res.setHeader('Content-Encoding', encoding as string)
  // res.send answers a matching If-None-Match with 304, by the ETag the page was stored with.
  res.send(body ?? page.bodies.identity)
}

/** The seconds a shared cache may keep a page, by its Cache-Control; undefined if it does not say. */
function sharedMaxAgeS(cacheControl: string | undefined): number | undefined {
  const match = /s-maxage=(\d+)/.exec(cacheControl ?? '')
  return match ? Number(match[1]) : undefined
}

/**
 * The instance's own cache of whole pages, in front of rendering: a page is kept only when its
 * route opts in, never for a visitor with a flash message, and for as long as a shared cache may
 * keep it (its `s-maxage`; `ttlMs` for a page that does not say). An entry holds the page
 * compressed once per encoding, so a hit writes stored bytes.
 */
export function createPageCache({
  ttlMs,
  cachedRouteQuery,
  isUnknownAddress,
  metrics,
  maxEntries = 200,
  now = Date.now,
}: PageCacheOptions) {
  // The most read pages, each until its life ends (lru-cache's own clock is `now`).
  const entries = new LRUCache<string, KeptPage>({
    max: maxEntries,
    ttlResolution: 0,
    perf: { now },
  })

  /** The entry a request reads and fills, or undefined when its page must not be kept. */
  function keyFor(req: Request, res: Response): string | undefined {
    if (req.method !== 'GET' || FLASH_COOKIE.test(req.get('cookie') ?? '')) return undefined
    // Remix's data and route discovery are not pages: never the page, nor the 404 page, for them.
    if (isAppDataPath(req.path)) return undefined
    if (isUnknownAddress(req, res)) return NOT_FOUND_KEY
    const readsQuery = cachedRouteQuery(req, res)
    if (!readsQuery) return undefined
    const url = new URL(req.originalUrl, 'http://page')
    // Only what the page reads, in one order and one encoding: `?q=a+b&page=2&utm_source=x` and
    // `?page=2&q=a%20b` are the same page, and `/?x=<anything>` is `/`.
    const query = [...url.searchParams]
      .filter(([name]) => readsQuery.includes(name))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return query.length === 0 ? url.pathname : `${url.pathname}?${new URLSearchParams(query)}`
  }

  /** Answers from the cache when it holds the page; false when the app must answer. */
  function serve(key: string, req: Request, res: Response): boolean {
    const entry = entries.get(key)
    if (!entry) {
      metrics.countPageCacheLookup('miss')
      return false
    }
    metrics.countPageCacheLookup('hit')
    // A page lives here as long as its s-maxage: a shared cache in front keeps it only for what is
    // left, in whole seconds rounded up (never 0, which nginx takes for "do not store").
    const leftS = Math.max(1, Math.ceil((entries.getRemainingTTL(key) + 1) / 1000))
    writeKeptPage(entry, req, res, (cacheControl) =>
      cacheControl.replace(/s-maxage=\d+/, `s-maxage=${leftS}`),
    )
    return true
  }

  /**
   * Keeps a page answered for `key`: a 200, or the one 404 page, that sets no cookie and that a
   * cache may store, compressed at once in both encodings, so the next request is a hit.
   */
  function store(key: string, page: CachablePage) {
    const cachedStatus = key === NOT_FOUND_KEY ? 404 : 200
    if (page.status !== cachedStatus || page.setsCookie) return
    const cacheControl = page.headers['cache-control']
    if (/no-store/.test(cacheControl ?? '')) return
    const lifetimeMs = (sharedMaxAgeS(cacheControl) ?? ttlMs / 1000) * 1000
    // Made from data that is being refreshed: the next request gets the page made anew.
    if (lifetimeMs <= 0) return
    // A page past its life is never served again: it does not stay in memory until pushed out.
    entries.purgeStale()
    const entry = keptPageOf(page)
    // Gone from lifetimeMs on: lru-cache counts an entry stale once past its ttl.
    entries.set(key, entry, { ttl: Math.max(1, lifetimeMs - 1) })
  }

  return { keyFor, serve, store }
}

export type PageCache = ReturnType<typeof createPageCache>

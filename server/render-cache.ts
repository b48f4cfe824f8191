import zlib from 'node:zlib'

import type { NextFunction, Request, Response } from 'express'

import { serverMetrics } from './metrics'

type Entry = {
  /** the rendered HTML as UTF-8 bytes, split where a per-response value it was rendered with stood */
  segments: Buffer[]
  /**
   * the segments raw-deflated as one stream (`deflateWithHistory`), good for fresh values of the
   * lengths in `fillLengths`; null when a segment holds a NUL byte
   */
  deflated: Buffer[] | null
  /** the byte length of each value the page was rendered with, in the order of `holes` */
  fillLengths: number[]
  /** each segment raw-deflated on its own, for values of other lengths: made when first needed */
  deflatedAlone?: Buffer[]
  /** which per-response value stood between segments i and i+1 (an index into `freshValues`) */
  holes: number[]
  status: number
  headers: Record<string, string>
  version: string
  expiresAt: number
}

type RenderCacheOptions = {
  /** how long a rendered page may be served, in ms */
  ttlMs: number
  /**
   * The version of the data the requested page shows (the post list, for blog pages): an entry
   * rendered with another version is rendered again
   */
  version: (req: Request) => string
  /**
   * What is fresh in every response, in a fixed order (the CSP nonce; the enquiry form's signed
   * time): a replay puts the response's own values where the rendered ones stood.
   */
  freshValues?: (res: Response) => string[]
  /**
   * True when the request is for an address no page answers: every such address gets the same
   * 404 page, so one entry serves them all and a scan of unknown paths costs no renders.
   */
  isUnknownAddress?: (req: Request, res: Response) => boolean
  maxEntries?: number
  now?: () => number
}

/** The key of the one 404 page; no path looks like it. */
const NOT_FOUND_KEY = ' not-found'

const REPLAYED_HEADERS = ['content-type', 'cache-control', 'link']

/**
 * Query parameters that ad and email campaigns add to links and that no page reads: a visitor
 * from a campaign gets the same page, so it may come from the cache.
 */
const TRACKING_PARAMS = new Set([
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'fbclid',
  'msclkid',
  'twclid',
  'ttclid',
  'li_fat_id',
  'igshid',
  'mc_cid',
  'mc_eid',
  '_gl',
])

/** True when there are no query parameters, or only campaign tracking ones. */
export function hasOnlyTrackingParams(names: Iterable<string>): boolean {
  return [...names].every((name) => name.startsWith('utm_') || TRACKING_PARAMS.has(name))
}

// Magic, deflate, no flags, no mtime, no extra flags, unknown OS.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff])
// An empty final stored block closes the deflate stream that the segments' sync flushes left open.
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff])

/** `parts` with `fills[i]` between `parts[i]` and `parts[i + 1]`. */
function interleave(parts: Buffer[], fills: Buffer[]): Buffer[] {
  return parts.flatMap((part, index) => (index === 0 ? [part] : [fills[index - 1]!, part]))
}

/**
 * A segment raw-deflated, once per entry; a sync flush leaves it byte-aligned and open for the
 * next block. Copied out: zlib gives a view of its 16 KB output chunk, which would keep the whole
 * chunk for every segment of every entry (about 80 KB per cached page).
 */
export function deflateSegment(segment: Buffer): Buffer {
  return deflateAfter(segment, Buffer.alloc(0))
}

/** `deflateSegment`, with what comes before the segment in the stream as the dictionary. */
function deflateAfter(segment: Buffer, history: Buffer): Buffer {
  return Buffer.from(
    zlib.deflateRawSync(segment, {
      level: 9,
      finishFlush: zlib.constants.Z_SYNC_FLUSH,
      ...(history.length > 0 ? { dictionary: history } : {}),
    }),
  )
}

/** Stands in for a fresh value while deflating: no page holds NUL, so no back-reference reaches it. */
const STAND_IN_BYTE = 0
/** Deflate's window: a back-reference reaches at most this far back. */
const WINDOW_BYTES = 32 * 1024

/**
 * The segments raw-deflated as parts of one stream, each with what comes before it as a
 * dictionary, so that it may refer back across a fresh value: a page cut in a few places compresses
 * almost as well as a whole one (the home page: about 13 KB instead of 14.5 KB, inside the first
 * round trip of a new connection). In the dictionary every fresh value is NUL bytes of its length:
 * every distance holds for any values of those lengths, and no match can reach into one. Null when
 * a segment holds NUL itself.
 */
export function deflateWithHistory(segments: Buffer[], fillLengths: number[]): Buffer[] | null {
  if (segments.some((segment) => segment.includes(STAND_IN_BYTE))) return null
  let history = Buffer.alloc(0)
  return segments.map((segment, index) => {
    const deflated = deflateAfter(segment, history)
    const standIn = Buffer.alloc(fillLengths[index] ?? 0, STAND_IN_BYTE)
    history = Buffer.concat([history, segment, standIn]).subarray(-WINDOW_BYTES)
    return deflated
  })
}

/**
 * The entry's segments deflated for these fresh values: as one stream when every value has the
 * byte length the page was deflated with (always, for a nonce), else each segment on its own.
 */
function deflatedFor(entry: Entry, fills: Buffer[]): Buffer[] {
  const fit = fills.every((fill, index) => fill.length === entry.fillLengths[index])
  if (entry.deflated && fit) return entry.deflated
  return (entry.deflatedAlone ??= entry.segments.map(deflateSegment))
}

/** A non-final stored deflate block: a fresh value goes in as it is, without running a compressor. */
function storedBlock(data: Buffer): Buffer {
  // LEN is 16 bits; a nonce is 24 bytes, a signed time about 60.
  const block = Buffer.alloc(5 + data.length)
  block.writeUInt16LE(data.length, 1)
  block.writeUInt16LE(~data.length & 0xffff, 3)
  data.copy(block, 5)
  return block
}

/**
 * One gzip member of the precompressed segments with the fresh values between them: compressing
 * a 100 KB page per response cost two thirds of the throughput, this costs a CRC and a copy.
 */
function gzipReplay(segments: Buffer[], deflated: Buffer[], fills: Buffer[]): Buffer {
  // Without empty parts: zlib.crc32 of Buffer.from('') (no memory behind it) returns 0, not the
  // running value, and a value at the very start or end of a page leaves an empty segment.
  const body = interleave(segments, fills).filter((part) => part.length > 0)
  const crc = body.reduce((value, part) => zlib.crc32(part, value), 0)
  const size = body.reduce((total, part) => total + part.length, 0)
  // Gunzip checks both: the CRC-32 and the length mod 2^32 of the uncompressed body.
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(crc, 0)
  trailer.writeUInt32LE(size % 2 ** 32, 4)
  return Buffer.concat([
    GZIP_HEADER,
    ...interleave(deflated, fills.map(storedBlock)),
    FINAL_BLOCK,
    trailer,
  ])
}

/** The rendered page cut at every per-response value; `holes` says which value stood in each cut. */
function cutAtFreshValues(html: string, values: string[]) {
  const present = values.filter((value) => value !== '')
  if (present.length === 0) return { segments: [html], holes: [] }
  const escaped = present.map((value) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  const segments: string[] = []
  const holes: number[] = []
  let start = 0
  for (const match of html.matchAll(new RegExp(escaped.join('|'), 'g'))) {
    segments.push(html.slice(start, match.index))
    holes.push(values.indexOf(match[0]))
    start = match.index + match[0].length
  }
  segments.push(html.slice(start))
  return { segments, holes }
}

/**
 * Caches the rendered HTML of anonymous page views and replays it with the response's own
 * fresh values (CSP nonce, signed time). Rendering a Remix page costs far more than serving
 * bytes; the pages are the same for every anonymous visitor, except for those values.
 */
export function createRenderCache({
  ttlMs,
  version,
  freshValues = (res) => [res.locals.cspNonce as string],
  isUnknownAddress = () => false,
  maxEntries = 200,
  now = Date.now,
}: RenderCacheOptions) {
  const entries = new Map<string, Entry>()

  /** The entry a request reads and fills, or undefined when its answer must be rendered. */
  function keyFor(req: Request, res: Response): string | undefined {
    // A flash message is personal to its visitor.
    if (req.method !== 'GET' || (req.headers.cookie ?? '').includes('toast=')) return undefined
    const query = Object.keys(req.query)
    // The 404 page reads no query, but Remix's data requests (`?_data`) are answered with JSON.
    if (isUnknownAddress(req, res)) return query.includes('_data') ? undefined : NOT_FOUND_KEY
    // Query strings carry Remix data requests, one-off states (a sent enquiry) and pages of the
    // blog; campaign tags do not change a page.
    // Express has parsed the query already.
    return hasOnlyTrackingParams(query) ? req.path : undefined
  }

  return function renderCache(req: Request, res: Response, next: NextFunction) {
    const found = keyFor(req, res)
    if (found === undefined) return next()
    const key = found
    const cachedStatus = key === NOT_FOUND_KEY ? 404 : 200
    const values = freshValues(res)
    const currentVersion = version(req)
    const entry = entries.get(key)

    if (entry && entry.version === currentVersion && entry.expiresAt > now()) {
      serverMetrics.countPageCacheLookup('hit')
      res.status(entry.status)
      for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value)
      res.setHeader('X-Render-Cache', 'hit')
      res.setHeader('Server-Timing', 'backend;dur=0, data;dur=0, render;dur=0;desc="render cache"')
      res.vary('Accept-Encoding')
      const fills = entry.holes.map((index) => Buffer.from(values[index] ?? ''))
      const gzip = req.acceptsEncodings('gzip') !== false
      // The compression middleware leaves a response alone once it has a Content-Encoding.
      if (gzip) res.setHeader('Content-Encoding', 'gzip')
      const body = gzip
        ? gzipReplay(entry.segments, deflatedFor(entry, fills), fills)
        : Buffer.concat(interleave(entry.segments, fills))
      // res.end, not res.send: the nonce makes every body differ, so an ETag would never match.
      res.setHeader('Content-Length', body.length)
      res.end(body)
      return
    }
    if (entry) entries.delete(key)
    serverMetrics.countPageCacheLookup('miss')

    const chunks: Buffer[] = []
    const write = res.write.bind(res) as (...args: unknown[]) => boolean
    const end = res.end.bind(res) as (...args: unknown[]) => Response
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk == null || typeof chunk === 'function') return
      chunks.push(
        Buffer.isBuffer(chunk)
          ? chunk
          : Buffer.from(
              chunk as string,
              typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8',
            ),
      )
    }
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0])
      return write(chunk, ...rest)
    }) as Response['write']
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0])
      store()
      return end(chunk, ...rest)
    }) as Response['end']
    res.setHeader('X-Render-Cache', 'miss')

    function store() {
      const contentType = String(res.getHeader('content-type') ?? '')
      if (
        res.statusCode !== cachedStatus ||
        !contentType.startsWith('text/html') ||
        res.getHeader('set-cookie')
      )
        return
      const headers: Record<string, string> = {}
      for (const name of REPLAYED_HEADERS) {
        const value = res.getHeader(name)
        if (value !== undefined) headers[name] = String(value)
      }
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!)
      const cut = cutAtFreshValues(Buffer.concat(chunks).toString('utf8'), values)
      const segments = cut.segments.map((segment) => Buffer.from(segment))
      const fillLengths = cut.holes.map((index) => Buffer.byteLength(values[index] ?? ''))
      entries.set(key, {
        segments,
        holes: cut.holes,
        status: cachedStatus,
        deflated: deflateWithHistory(segments, fillLengths),
        fillLengths,
        headers,
        version: currentVersion,
        expiresAt: now() + ttlMs,
      })
    }
    next()
  }
}

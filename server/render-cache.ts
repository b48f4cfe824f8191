import type { NextFunction, Request, Response } from 'express'

type Entry = {
  body: string
  nonce: string
  headers: Record<string, string>
  version: string
  expiresAt: number
}

type RenderCacheOptions = {
  /** how long a rendered page may be served, in ms */
  ttlMs: number
  /** changes whenever data that pages show changes (the post list); a change drops every entry */
  version: () => string
  maxEntries?: number
  now?: () => number
}

const REPLAYED_HEADERS = ['content-type', 'cache-control', 'link']

/**
 * Caches the rendered HTML of anonymous page views and replays it with the response's own
 * fresh CSP nonce. Rendering a Remix page costs far more than serving bytes; the pages are
 * the same for every anonymous visitor, except for the nonce.
 */
export function createRenderCache({
  ttlMs,
  version,
  maxEntries = 200,
  now = Date.now,
}: RenderCacheOptions) {
  const entries = new Map<string, Entry>()

  function isCacheable(req: Request) {
    return (
      req.method === 'GET' &&
      // Query strings carry Remix data requests and one-off states (e.g. a sent enquiry).
      !req.originalUrl.includes('?') &&
      // A flash message is personal to its visitor.
      !(req.headers.cookie ?? '').includes('toast=')
    )
  }

  return function renderCache(req: Request, res: Response, next: NextFunction) {
    if (!isCacheable(req)) return next()
    const key = req.path
    const nonce = res.locals.cspNonce as string
    const currentVersion = version()
    const entry = entries.get(key)

    if (entry && entry.version === currentVersion && entry.expiresAt > now()) {
      res.status(200)
      for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value)
      res.setHeader('X-Render-Cache', 'hit')
      res.send(entry.body.replaceAll(entry.nonce, nonce))
      return
    }
    if (entry) entries.delete(key)

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
        res.statusCode !== 200 ||
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
      entries.set(key, {
        body: Buffer.concat(chunks).toString('utf8'),
        nonce,
        headers,
        version: currentVersion,
        expiresAt: now() + ttlMs,
      })
    }
    next()
  }
}

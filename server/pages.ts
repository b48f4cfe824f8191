import {
  createReadableStreamFromReadable,
  createRequestHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from '@remix-run/node'
import type { Request as ExpressRequest, RequestHandler, Response } from 'express'

import type { PageCache } from './page-cache'

type PagesOptions = {
  build: () => ServerBuild
  mode: 'production' | 'development'
  getLoadContext: (req: ExpressRequest) => AppLoadContext
  cache?: PageCache
  /**
   * Called once the page cache cannot answer, before any of the work: false when the request
   * has been answered instead (its client is past its share).
   */
  admit?: (req: ExpressRequest, res: Response) => Promise<boolean>
}

/** Answers that show something to one visitor, or that a POST made: no cache may keep them. */
const PERSONAL = 'private, no-store'
/** Bodies read whole: a page, a feed, the crawler files. Anything else (images) is streamed. */
const TEXT_TYPES = /^(?:text\/|application\/(?:[\w.+-]*\+)?(?:xml|json))/

/** The request Remix reads, from Express's: the full URL (behind trusted proxies), and the body. */
function toFetchRequest(req: ExpressRequest, res: Response): globalThis.Request {
  const controller = new AbortController()
  // Loaders and actions stop when the visitor goes away before the answer is written.
  res.on('close', () => {
    if (!res.writableFinished) controller.abort()
  })
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    for (const one of [value ?? []].flat()) headers.append(name, one)
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  // `req.url`, not `originalUrl`: the guards of the framework's addresses may have bounded it.
  return new Request(`${req.protocol}://${req.get('host')}${req.url}`, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: createReadableStreamFromReadable(req), duplex: 'half' } : {}),
  })
}

/**
 * Hands every request to Remix and writes its answer. A text answer to a GET is read whole and
 * sent with `res.send`, which adds the ETag and answers a matching If-None-Match with 304; a page
 * brings its own CSP (the entry sets it where the page is rendered); a page its route lets the
 * instance keep goes into the page cache. Whatever sets a cookie, and every answer to a POST, is
 * private.
 */
export function servePages({
  build,
  mode,
  getLoadContext,
  cache,
  admit,
}: PagesOptions): RequestHandler {
  const handleRequest = createRequestHandler(async () => build(), mode)

  return async (req, res, next) => {
    try {
      const key = cache?.keyFor(req, res)
      if (key !== undefined && cache!.serve(key, req, res)) return
      if (admit && !(await admit(req, res))) return
      const response = await handleRequest(toFetchRequest(req, res), getLoadContext(req))

      res.status(response.status)
      const headers: Record<string, string> = {}
      for (const [name, value] of response.headers) {
        if (name === 'set-cookie') res.append(name, value)
        else headers[name] = value
      }
      const setsCookie = response.headers.has('set-cookie') || res.hasHeader('set-cookie')
      if (req.method !== 'GET' && req.method !== 'HEAD') headers['cache-control'] = PERSONAL
      else if (setsCookie && /public/.test(headers['cache-control'] ?? '')) {
        headers['cache-control'] = PERSONAL
      }
      const type = headers['content-type'] ?? ''
      if (!response.body || !TEXT_TYPES.test(type) || req.method !== 'GET') {
        res.set(headers)
        if (response.body) await writeReadableStreamToWritable(response.body, res)
        else res.end()
        return
      }
      const body = Buffer.from(await response.arrayBuffer())
      headers.etag = (req.app.get('etag fn') as (body: Buffer) => string)(body)
      res.set(headers)
      res.send(body)
      if (key !== undefined && type.startsWith('text/html')) {
        // The timing was this render's; a hit says it came from the cache instead.
        const { 'server-timing': _timing, ...kept } = headers
        cache!.store(key, {
          status: response.status,
          headers: kept,
          body,
          setsCookie: response.headers.has('set-cookie'),
        })
      }
    } catch (error) {
      next(error)
    }
  }
}

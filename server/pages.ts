import {
  createReadableStreamFromReadable,
  createRequestHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from '@remix-run/node'
import type { Request as ExpressRequest, RequestHandler, Response } from 'express'

import { keptPageOf, writeKeptPage, type KeptPage, type PageCache } from './page-cache'

type PagesOptions = {
  build: () => ServerBuild
  mode: 'production' | 'development'
  getLoadContext: (req: ExpressRequest) => AppLoadContext
  cache?: PageCache
  /**
   * Whether the request is for an address no route takes that would cost more to render than
   * any page (`isCostlyNotFound`): it gets the site's 404 page as rendered once for this build.
   */
  answersKeptNotFound?: (req: ExpressRequest, res: Response) => boolean
}

/** An address no route takes, short: its 404 page is the one kept for every costly address. */
const NOT_FOUND_STAND_IN = '/404'

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

/** The ETag Express gives a body it sends. */
const etagOf = (req: ExpressRequest, body: Buffer) =>
  (req.app.get('etag fn') as (body: Buffer) => string)(body)

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
  answersKeptNotFound = () => false,
}: PagesOptions): RequestHandler {
  const handleRequest = createRequestHandler(async () => build(), mode)

  /**
   * The 404 page of the stand-in address, as a GET with no cookie asks for it: the same page as
   * any other address's, whose render costs what a short address's does.
   */
  async function renderNotFound(req: ExpressRequest): Promise<KeptPage> {
    const origin = `${req.protocol}://${req.get('host')}`
    const response = await handleRequest(
      new Request(`${origin}${NOT_FOUND_STAND_IN}`),
      getLoadContext(req),
    )
    if (response.status !== 404) throw new Error(`the 404 page answered ${response.status}`)
    const body = Buffer.from(await response.arrayBuffer())
    const headers = Object.fromEntries(response.headers)
    delete headers['server-timing']
    headers.etag = etagOf(req, body)
    return keptPageOf({ status: 404, headers, body, setsCookie: false })
  }

  // Rendered once per build, by the first request that needs it; those arriving meanwhile wait.
  let notFound: { build: ServerBuild; page: Promise<KeptPage> } | undefined
  function keptNotFound(req: ExpressRequest) {
    const current = build()
    if (notFound?.build !== current) {
      const page = renderNotFound(req)
      notFound = { build: current, page }
      // A render that failed is tried again by the next request, not kept.
      page.catch(() => {
        if (notFound?.page === page) notFound = undefined
      })
    }
    return notFound.page
  }

  return async (req, res, next) => {
    try {
      if (answersKeptNotFound(req, res)) {
        writeKeptPage(await keptNotFound(req), req, res)
        return
      }
      const key = cache?.keyFor(req, res)
      if (key !== undefined && cache!.serve(key, req, res)) return
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
      headers.etag = etagOf(req, body)
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

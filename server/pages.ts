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
   * Called once the page cache cannot answer, before any of the work: false when the request
   * has been answered instead (its client is past its share).
   */
  admit?: (req: ExpressRequest, res: Response) => Promise<boolean>
  /**
   * Whether the request is for an address no route takes that would cost more to render than
   * any page (`isCostlyNotFound`): it gets the site's 404 page as kept for this build.
   */
  answersKeptNotFound?: (req: ExpressRequest, res: Response) => boolean
}

/**
 * The answers whose page is the same for every address they are given for: the site's 404 page
 * and its 405 page (a method the address does not take), each rendered once per build and kept.
 */
export type KeptStatus = 404 | 405
/** An address no route takes, short; asked with GET it answers 404, with POST 405 (no action). */
const STAND_IN_PATH = '/404'
const STAND_IN_METHODS: Record<KeptStatus, string> = { 404: 'GET', 405: 'POST' }

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
  admit,
  answersKeptNotFound = () => false,
}: PagesOptions) {
  const handleRequest = createRequestHandler(async () => build(), mode)

  /**
   * The site's page for `status` as the stand-in address answers a request with no cookie: the
   * same page as any other address's, whose render costs what a short address's does.
   */
  async function renderKept(req: ExpressRequest, status: KeptStatus): Promise<KeptPage> {
    const origin = `${req.protocol}://${req.get('host')}`
    const response = await handleRequest(
      new Request(`${origin}${STAND_IN_PATH}`, { method: STAND_IN_METHODS[status] }),
      getLoadContext(req),
    )
    if (response.status !== status) {
      throw new Error(`the ${status} page answered ${response.status}`)
    }
    const body = Buffer.from(await response.arrayBuffer())
    const headers = Object.fromEntries(response.headers)
    delete headers['server-timing']
    // A method refused is answered as every answer to a POST: kept by no cache.
    if (status === 405) headers['cache-control'] = PERSONAL
    headers.etag = etagOf(req, body)
    return keptPageOf({ status, headers, body, setsCookie: false })
  }

  // Rendered once per build, by the first request that needs each; those arriving meanwhile wait.
  let kept: { build: ServerBuild; pages: Map<KeptStatus, Promise<KeptPage>> } | undefined
  function keptPage(req: ExpressRequest, status: KeptStatus): Promise<KeptPage> {
    const current = build()
    if (kept?.build !== current) kept = { build: current, pages: new Map() }
    const { pages } = kept
    let page = pages.get(status)
    if (!page) {
      page = renderKept(req, status)
      pages.set(status, page)
      // A render that failed is tried again by the next request, not kept.
      page.catch(() => pages.delete(status))
    }
    return page
  }

  const handler: RequestHandler = async (req, res, next) => {
    try {
      if (answersKeptNotFound(req, res)) {
        writeKeptPage(await keptPage(req, 404), req, res)
        return
      }
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
  return Object.assign(handler, { keptPage })
}

export type Pages = ReturnType<typeof servePages>

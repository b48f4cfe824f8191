import type { ServerBuild } from '@remix-run/node'
import type { Request, RequestHandler, Response } from 'express'

import { writeKeptPage, type KeptPage } from './page-cache'
import { isAppDataPath, segmentsOf, shapeOf } from './remix-addresses'
import { NOT_FOUND_LABEL, ROUTE_MANIFEST_LABEL } from './route-label'

/**
 * The longest request target (path and query) answered: Remix's own route discovery requests are
 * up to 7,680 characters with the origin, and no page of the site links to a longer one. Past it
 * 414. Node counts the request line into its header limit, which the server sets to leave 16 KiB
 * of headers after it (`server/connections.ts`).
 */
export const MAX_REQUEST_TARGET_CHARS = 8192

/**
 * The longest path of an address no route takes whose 404 page is rendered for it: a person
 * mistyping an address, or following an old link, writes a shorter one.
 */
export const MAX_NOT_FOUND_PATH_CHARS = 256

/** Who refused a request before any route saw it: the label its metrics and log line carry. */
export const REFUSED_LABEL = 'refused'

/** What every address takes; a route with an action takes POST too (the site's forms send no other). */
const READ_METHODS = ['GET', 'HEAD']

function refuse(res: Response, status: number, text: string, headers: Record<string, string> = {}) {
  res.locals.route ??= REFUSED_LABEL
  res
    .status(status)
    .set({ 'Cache-Control': 'no-store', ...headers })
    .type('text/plain')
    .send(text)
}

/** Whether the request comes with a body: a length above 0, or one sent in chunks. */
function hasBody(req: Request) {
  return Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined
}

/**
 * A body the server will not read is not drained either: the connection closes with the answer.
 * Without this Node reads what is left of it, up to the whole body, to reuse the connection.
 */
const closeAfterBody = (req: Request): Record<string, string> =>
  hasBody(req) ? { Connection: 'close' } : {}

/** Whether the path is one the router can read: percent-encoding that decodes, and no NUL. */
export function isWellFormedPath(path: string) {
  if (!path.includes('%')) return !path.includes('\0')
  try {
    return !decodeURIComponent(path).includes('\0')
  } catch {
    return false
  }
}

/**
 * What is refused by the request line and headers alone, each in well under a millisecond and
 * with no error logged (a stranger's mistake is not the server's): a request target past
 * `MAX_REQUEST_TARGET_CHARS` 414, a path that does not decode or holds a NUL 400, a declared body
 * past `maxBodyBytes` 413, and any body with GET or HEAD 413 (no address reads one). A request
 * line and headers past the server's limit are answered 431 by Node itself, before any of this.
 */
export function refuseMalformedRequests({
  maxBodyBytes,
  onBodyTooLarge,
}: {
  maxBodyBytes: number
  /** told of a declared body past the limit before it is refused (the enquiry metrics) */
  onBodyTooLarge?: (req: Request) => void
}): RequestHandler {
  return (req, res, next) => {
    if (req.originalUrl.length > MAX_REQUEST_TARGET_CHARS) {
      return refuse(res, 414, 'The address is too long.')
    }
    if (!isWellFormedPath(req.path)) {
      return refuse(res, 400, 'The address is malformed.', closeAfterBody(req))
    }
    if (Number(req.get('content-length') ?? 0) > maxBodyBytes) {
      onBodyTooLarge?.(req)
      return refuse(res, 413, 'Request body too large', { Connection: 'close' })
    }
    if (READ_METHODS.includes(req.method) && hasBody(req)) {
      return refuse(res, 413, 'This address takes no request body.', { Connection: 'close' })
    }
    next()
  }
}

/** The methods the address takes, by the label of the route that answers it. */
export function methodsOf(build: ServerBuild, routeLabel: string): string[] {
  if (routeLabel === NOT_FOUND_LABEL || routeLabel === ROUTE_MANIFEST_LABEL) return READ_METHODS
  return build.routes[routeLabel]?.module.action ? [...READ_METHODS, 'POST'] : READ_METHODS
}

/**
 * A method the address does not take (TRACE, PROPFIND, OPTIONS, PUT, or a POST to a page with no
 * action) is answered 405 with `Allow` before Remix sees it, with the site's 405 page as rendered
 * once and kept: Remix would render the page for each (a POST to a long path took seconds), log
 * it as an error, and a TRACE it cannot even make into a request. Runs once `res.locals.route`
 * names the route that answers.
 */
export function refuseUntakenMethods(
  build: () => ServerBuild,
  keptPage: (req: Request, status: 405) => Promise<KeptPage>,
): RequestHandler {
  return async (req, res, next) => {
    const allowed = methodsOf(build(), res.locals.route as string)
    if (allowed.includes(req.method)) return next()
    try {
      const page = await keptPage(req, 405)
      res.set({ Allow: allowed.join(', '), ...closeAfterBody(req) })
      writeKeptPage(page, req, res)
    } catch (error) {
      next(error)
    }
  }
}

/**
 * Whether the request is for an address no route takes (the site's 404 page) whose render costs
 * more than any page's: Remix 2 writes into every page the routes matched for each ancestor of
 * its path, so the cost grows with the square of the path's length. Such an address is deeper
 * than the deepest route plus one segment (as route discovery's own cut), or longer than
 * `MAX_NOT_FOUND_PATH_CHARS`. A page's data (`.data`) is no page: it is answered as before.
 */
export function isCostlyNotFound(build: () => ServerBuild) {
  return (req: Request, res: Response) =>
    res.locals.route === NOT_FOUND_LABEL &&
    !isAppDataPath(req.path) &&
    (req.path.length > MAX_NOT_FOUND_PATH_CHARS ||
      segmentsOf(req.path).length > shapeOf(build().routes).depth)
}

import type { ServerBuild } from '@remix-run/node'
import type { RequestHandler } from 'express'
import { rateLimit } from 'express-rate-limit'

import { boundedManifestQuery, isLegacyDataRequest, shapeOf } from './remix-addresses'

/** Remix's own bound, which it checks on the URL as asked (the browser code never sends more). */
const MANIFEST_URL_MAX_CHARS = 7680
/**
 * Paths one route discovery request may ask for. The browser code asks for the links of one page
 * it has not seen: the site's largest pages (the blog's, at 2,000 posts) link 21 paths.
 */
export const MANIFEST_MAX_PATHS = 100

const plainAnswer =
  (status: number, text: string): RequestHandler =>
  (_req, res) => {
    res.status(status).set('Cache-Control', 'no-store').type('text/plain').send(text)
  }

/**
 * Remix 2's route discovery matches the routes for every prefix of every path it is asked for, and
 * no Remix 2 release will bound it: a few hundred requests of deep paths held the server for a
 * minute and a half. Here each path is reduced to what decides its answer before Remix sees it
 * (`boundedManifestQuery`: cut to the deepest route's depth, slugs made one), a request asks for
 * 100 paths at most, and each client IP (as `trust proxy` decides) has a rate: Remix's browser
 * code asks once for the links a page shows and never again for a path it has seen (30 pages
 * clicked through asked 5 times), so the default of 120 a minute refuses a flood, not a visitor.
 */
export function boundRouteDiscovery(
  build: () => ServerBuild,
  rate: { max: number; windowS: number },
  onRefused: () => void = () => undefined,
): RequestHandler[] {
  return [
    rateLimit({
      windowMs: rate.windowS * 1000,
      limit: rate.max,
      // No RateLimit headers on the answers: they are kept by shared caches (a year, immutable),
      // and draft 8's would carry a digest of this visitor's address to the next.
      standardHeaders: false,
      legacyHeaders: false,
      handler: (req, res, next) => {
        onRefused()
        const resetTime = (req as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime
        const retryAfterS = Math.max(
          1,
          Math.ceil(((resetTime?.getTime() ?? 0) - Date.now()) / 1000),
        )
        res.set('Retry-After', String(retryAfterS))
        plainAnswer(429, 'Too many requests for routes from this address: try again shortly.')(
          req,
          res,
          next,
        )
      },
    }),
    (req, res, next) => {
      const asked = new URL(req.originalUrl, `${req.protocol}://${req.get('host')}`)
      if (asked.href.length > MANIFEST_URL_MAX_CHARS) {
        return plainAnswer(400, 'The address is too long.')(req, res, next)
      }
      if (asked.searchParams.getAll('p').length > MANIFEST_MAX_PATHS) {
        return plainAnswer(400, `Ask for ${MANIFEST_MAX_PATHS} paths at most.`)(req, res, next)
      }
      req.url = `${req.path}?${boundedManifestQuery(asked.search, shapeOf(build().routes))}`
      next()
    },
  ]
}

/**
 * A request in Remix's old data protocol (`?_data=`, from a tab opened before single fetch, or a
 * crawler) is told plainly that it is not served: 400, kept by no cache, and no error logged.
 */
export const refuseLegacyDataRequests: RequestHandler = (req, res, next) => {
  if (!isLegacyDataRequest(req.url)) return next()
  plainAnswer(400, 'This address serves pages only: reload the page.')(req, res, next)
}

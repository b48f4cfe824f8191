import type { RequestHandler } from 'express'

/**
 * Sends visitors who came over plain HTTP to SITE_URL's https: origin, same path and query.
 * Only a trusted proxy's `X-Forwarded-Proto` counts (Express's `req.protocol` ignores the header
 * otherwise), and a request without it is left alone: it came straight to the instance.
 */
export function redirectToHttps(siteUrl: string): RequestHandler {
  const site = new URL(siteUrl)
  if (site.protocol !== 'https:') return (_req, _res, next) => next()
  return (req, res, next) => {
    if (req.get('x-forwarded-proto') === undefined || req.protocol !== 'http') return next()
    res.redirect(301, `${site.origin}${req.originalUrl}`)
  }
}

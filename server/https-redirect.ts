import type { RequestHandler } from 'express'

import { isFromTrustedProxy } from './trusted-proxy'

/**
 * Sends visitors who came over plain HTTP to SITE_URL's https: origin, same path and query.
 * Only a trusted proxy's `X-Forwarded-Proto` counts; a request without it came straight to the
 * instance (a probe, an operator) and is left alone.
 */
export function redirectToHttps(siteUrl: string): RequestHandler {
  const site = new URL(siteUrl)
  if (site.protocol !== 'https:') return (_req, _res, next) => next()
  return (req, res, next) => {
    const saysHttp = req.get('x-forwarded-proto') !== undefined && req.protocol === 'http'
    if (!saysHttp || !isFromTrustedProxy(req)) return next()
    res.redirect(301, `${site.origin}${req.originalUrl}`)
  }
}

import type { RequestHandler } from 'express'

import type { Log, Metrics } from './app-entry'

/**
 * A POST may come from the public site (SITE_URL) or from the address it was sent to.
 * Browsers send Origin with every cross-site POST, so a request without one is not a forged form;
 * `null` (sandboxed frames, privacy redirects) cannot be trusted.
 */
export function isAllowedOrigin(
  origin: string | undefined,
  requestHost: string | undefined,
  siteUrl: string,
): boolean {
  if (origin === undefined) return true
  let originUrl: URL
  try {
    originUrl = new URL(origin)
  } catch {
    return false
  }
  if (originUrl.origin === new URL(siteUrl).origin) return true
  return requestHost !== undefined && originUrl.host === requestHost.toLowerCase()
}

/**
 * Remix answers a foreign Origin on a form POST with a bare 500, and compares hosts only, which
 * would refuse SITE_URL's origin behind a proxy that rewrites Host. This check replaces it: 403,
 * and nothing reaches the action.
 */
export function refuseForeignOrigin(
  siteUrl: string,
  { log, metrics }: { log: Log; metrics: Pick<Metrics, 'countEnquiry'> },
): RequestHandler {
  return (req, res, next) => {
    if (!isAllowedOrigin(req.get('origin'), req.get('host'), siteUrl)) {
      log('warn', 'cross-site enquiry refused', { origin: req.get('origin')?.slice(0, 200) })
      metrics.countEnquiry('refused_origin')
      res.status(403).type('text/plain').send('Enquiries are accepted from this website only')
      return
    }
    delete req.headers.origin
    next()
  }
}

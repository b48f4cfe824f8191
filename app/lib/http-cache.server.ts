import type { HeadersFunction } from '@remix-run/node'

import { getConfig } from './config.server'

/**
 * How long a shared cache may keep a page after it is stale, should the site fail to answer: a
 * day of the blog and the legal pages is worth more to a visitor than an error.
 */
const STALE_IF_ERROR_S = 86_400
/** Pages that change only with a release (legal pages, the 404 page, robots.txt). */
const RELEASE_CONTENT_S = 300

/**
 * The same for every visitor: browsers revalidate every time (`max-age=0`, with the ETag), and
 * shared caches (a CDN, the proxy in front) keep it for `sharedMaxAgeS`, then serve it stale for
 * up to `staleWhileRevalidateS` while they revalidate, and for a day when the site fails.
 */
export function publicCacheControl(sharedMaxAgeS: number, staleWhileRevalidateS = sharedMaxAgeS) {
  return [
    'public',
    'max-age=0',
    `s-maxage=${sharedMaxAgeS}`,
    `stale-while-revalidate=${staleWhileRevalidateS}`,
    `stale-if-error=${STALE_IF_ERROR_S}`,
  ].join(', ')
}

export const CACHE_CONTROL = {
  /**
   * Pages made from the post list: fresh for what is left of the list's freshness
   * (`postsFreshForS`), not a whole TTL from now, so that a change at the backend shows behind
   * a shared cache within one TTL and one revalidation. A page made from a list being refreshed
   * is kept a second, not 0: to nginx `s-maxage=0` means "do not store", and a 304 saying so
   * renews its old copy for the old copy's whole lifetime.
   */
  blog: (listFreshForS: number) =>
    publicCacheControl(Math.max(1, listFreshForS), getConfig().postsCacheTtlS),
  release: publicCacheControl(RELEASE_CONTENT_S),
  /**
   * The pages with the enquiry form: the page is the same for everyone, but its answer sets the
   * visitor's form cookie, so only the browser keeps it, and asks again with the ETag each time.
   */
  formPage: 'private, no-cache',
  /** What one visitor is shown (a flash message, a sent enquiry, a form's errors): kept by nobody. */
  personal: 'private, no-store',
  /** A failure (the backend down): nobody keeps it, so the next visitor asks again. */
  failure: 'no-store',
} as const

/** A page's headers are its loader's, or those of the response it threw (a 404). */
export const loaderOrErrorHeaders: HeadersFunction = ({ loaderHeaders, errorHeaders }) =>
  errorHeaders ?? loaderHeaders

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
 * shared caches (a CDN, the proxy in front) keep it for `sharedMaxAgeS`, then serve it stale
 * while they revalidate, and for a day when the site fails.
 */
export function publicCacheControl(sharedMaxAgeS: number) {
  return [
    'public',
    'max-age=0',
    `s-maxage=${sharedMaxAgeS}`,
    `stale-while-revalidate=${sharedMaxAgeS}`,
    `stale-if-error=${STALE_IF_ERROR_S}`,
  ].join(', ')
}

export const CACHE_CONTROL = {
  /** Pages showing the post list: fresh for as long as the list is. */
  blog: () => publicCacheControl(getConfig().postsCacheTtlS),
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

/**
 * What a route exports as `handle` to let the server keep its rendered page in the instance's
 * page cache: for pages that are the same for every visitor without a flash message.
 */
export type PageCacheHandle = { pageCache: true }
export const PAGE_CACHE_HANDLE: PageCacheHandle = { pageCache: true }

/** A page's headers are its loader's, or those of the response it threw (a 404). */
export const loaderOrErrorHeaders: HeadersFunction = ({ loaderHeaders, errorHeaders }) =>
  errorHeaders ?? loaderHeaders

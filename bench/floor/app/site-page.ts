import { createContext } from 'react'

/** `/ours/blog` shows the site's `/blog` without its components. */
export const OURS_PREFIX = '/ours'

/** Where the floor's pages link the site's built stylesheet (the floor's server sends its bytes). */
export const SITE_STYLESHEET_HREF = '/floor-build/site.css'

/** A page of the site as its server rendered it, without the scripts that load and start it. */
export type SitePage = {
  title: string
  /** the body's inner HTML up to the site's own scripts */
  bodyMarkup: string
}

/**
 * What the floor's server hands its entry and loaders: whether the page's scripts are held until
 * the first paint, the CSP for a page whose inline scripts have these hashes, and the site's page
 * of a path (for the route that shows it).
 */
export type FloorContext = {
  holdScripts: boolean
  contentSecurityPolicy: (scriptHashes: readonly string[]) => string
  sitePage: (path: string) => Promise<SitePage>
}

/**
 * The site's body markup, given to the server's render only. In the browser it is empty: the
 * element that shows it has its HTML from the server, and hydration neither reads nor replaces an
 * element's `dangerouslySetInnerHTML`, so the markup is not sent twice (once as page, once as data).
 */
export const SiteMarkupContext = createContext('')

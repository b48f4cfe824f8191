/** The business constants, named once, with their units. */
export const COOKIE_DIALOG_DELAY_MS = 1000
export const NAV_SCROLLED_THRESHOLD_PX = 50
export const ACTIVE_SECTION_OFFSET_PX = 200
export const RETURN_HOME_SCROLL_DELAY_MS = 100
export const MESSAGE_MIN_CHARS = 10
export const PHONE_MAX_DIGITS = 16
export const TOAST_AUTO_CLOSE_MS = 4000
export const CARD_PREVIEW_CHARS = 150
export const POST_TEASER_CHARS = 200
export const DISCOVERY_CALL_MINUTES = 30
export const DATE_TIME_ZONE = 'Europe/London'
export const DATE_LOCALE = 'en-US'

/** The largest request body the site accepts (413 above it). */
export const MAX_REQUEST_BODY_BYTES = 64 * 1024

export const COOKIE_CONSENT_KEY = 'cookieConsent'

/** The home page's anchored sections, in page order; the navigation lists them the same way. */
export const HOME_SECTIONS = [
  { id: 'home', label: 'Home' },
  { id: 'solutions', label: 'Solutions' },
  { id: 'how-it-works', label: 'How it works' },
  { id: 'about', label: 'About' },
  { id: 'contact', label: 'Contact' },
] as const

export type HomeSectionId = (typeof HOME_SECTIONS)[number]['id']

/**
 * What a route exports as `handle` to let the server keep its rendered page in the instance's
 * page cache: for pages that are the same for every visitor without a flash message. `query`
 * names every query parameter the page reads (its loader, its meta, its components): the cache
 * keeps one page per combination of those alone, so `/?x=<anything>` is the page `/`. A test
 * renders each route with parameters it does not name and fails on any it reads. A plain value,
 * as everything a route's `handle` holds is also the browser's.
 */
export function pageCacheHandle(query: readonly string[] = []) {
  return { pageCache: { query } } as const
}

/** The handle of a route whose page the instance keeps, as `pageCacheHandle` makes it. */
export type PageCacheHandle = ReturnType<typeof pageCacheHandle>

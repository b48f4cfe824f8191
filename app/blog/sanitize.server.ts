import { addHook, clearWindow, removeAllHooks, sanitize } from 'isomorphic-dompurify'

import { log } from '~/lib/log.server'

import { ALLOWED_ATTR, ALLOWED_TAGS, DROPPED_WITH_CONTENT } from './sanitize-rules.server'

/**
 * DOMPurify on jsdom. The server runs it in a worker thread (sanitize-worker.server.ts), so the
 * main thread never loads jsdom; tests and scripts call it directly.
 */

export type SanitizeOptions = {
  /** The site's own origin: links elsewhere open safely in a new tab. */
  siteUrl: string
  /** Where an image in the content is loaded from, or null to drop the image. */
  resolveImageSrc: (src: string) => string | null
}

/** Relative URLs and these schemes only: no javascript:, vbscript:, data: or file: links. */
const ALLOWED_URI = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i
/** Raster images only: an inline SVG document is a script host. */
const SAFE_DATA_IMAGE = /^data:image\/(?:png|gif|jpeg|webp|avif);/i

/**
 * The shared jsdom window keeps what it parsed until it is replaced (which takes about 13 ms):
 * it is replaced after this many documents, or this long after the last one.
 */
const WINDOW_RELEASE_DOCUMENTS = 25
const WINDOW_RELEASE_DELAY_MS = 1_000

let windowRelease: NodeJS.Timeout | undefined
let documentsInWindow = 0

/** Sanitises one HTML document. Slow (about 15 to 30 ms for a 10 KB post): callers remember the result. */
export function sanitizeHtml(dirty: string, options: SanitizeOptions): string {
  try {
    return sanitizeDocument(dirty, options)
  } catch (cause) {
    // One unparseable document leaves an empty post, not a failed page.
    log('error', 'post content could not be sanitised', { reason: String(cause) })
    return ''
  }
}

/** As sanitizeHtml, but throws when the document cannot be sanitised. */
export function sanitizeDocument(dirty: string, options: SanitizeOptions): string {
  installHooks(options)
  try {
    return sanitizeOne(dirty)
  } finally {
    removeAllHooks()
    scheduleWindowRelease()
  }
}

function scheduleWindowRelease() {
  documentsInWindow += 1
  if (documentsInWindow >= WINDOW_RELEASE_DOCUMENTS) releaseWindow()
  else if (!windowRelease) {
    windowRelease = setTimeout(releaseWindow, WINDOW_RELEASE_DELAY_MS)
    windowRelease.unref()
  }
}

function releaseWindow() {
  clearTimeout(windowRelease)
  windowRelease = undefined
  documentsInWindow = 0
  clearWindow()
}

function sanitizeOne(dirty: string): string {
  // RETURN_DOM gives the sanitised <body>, typed as a plain Node.
  const body = sanitize(dirty, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: ALLOWED_URI,
    ADD_FORBID_CONTENTS: DROPPED_WITH_CONTENT,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    RETURN_DOM: true,
  }) as HTMLElement | null
  // A document made of a frameset has no body at all.
  if (!body) return ''
  for (const image of Array.from(body.querySelectorAll('img:not([src])'))) image.remove()
  // A link whose target was unsafe stays as its text, not as a link that goes nowhere.
  for (const link of Array.from(body.querySelectorAll('a:not([href])'))) {
    link.replaceWith(...Array.from(link.childNodes))
  }
  return body.innerHTML
}

function installHooks({ siteUrl, resolveImageSrc }: SanitizeOptions) {
  const siteOrigin = new URL(siteUrl).origin
  removeAllHooks()
  addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName === 'src' && /^\s*data:/i.test(data.attrValue)) {
      data.keepAttr = SAFE_DATA_IMAGE.test(data.attrValue.trim())
    }
  })
  addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      if (isOtherSite(node.getAttribute('href') ?? '', siteOrigin)) {
        node.setAttribute('target', '_blank')
        node.setAttribute('rel', 'noopener noreferrer')
      }
    }
    if (node.tagName === 'IMG') {
      const src = node.getAttribute('src') ?? ''
      const resolved = SAFE_DATA_IMAGE.test(src) ? src : src && resolveImageSrc(src)
      if (resolved) node.setAttribute('src', resolved)
      else node.removeAttribute('src')
      node.setAttribute('loading', 'lazy')
      node.setAttribute('decoding', 'async')
    }
  })
}

function isOtherSite(href: string, siteOrigin: string) {
  try {
    const url = new URL(href, siteOrigin)
    return /^https?:$/.test(url.protocol) && url.origin !== siteOrigin
  } catch {
    return false
  }
}

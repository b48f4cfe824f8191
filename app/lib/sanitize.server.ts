import { addHook, clearWindow, removeAllHooks, sanitize } from 'isomorphic-dompurify'

import { log } from './log.server'

export type SanitizeOptions = {
  /** The site's own origin: links elsewhere open safely in a new tab. */
  siteUrl: string
  /** Where an image in the content is loaded from, or null to drop the image. */
  resolveImageSrc: (src: string) => string | null
}

export type SanitizedHtml = {
  /** Markup safe to put into a page. */
  html: string
  /** What a reader sees, markup removed, entities decoded and whitespace collapsed. */
  text: string
}

/**
 * An allow-list of what blog content needs: text, structure, links, images and tables.
 * Everything else (scripts, styles, forms, frames, embeds, SVG, MathML, meta) is removed.
 */
const ALLOWED_TAGS = [
  ...['p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'kbd'],
  ...['strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup', 'span'],
  ...['abbr', 'cite', 'q', 'time', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'figure'],
  ...['figcaption', 'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'div'],
  ...['section', 'article', 'aside', 'header', 'footer', 'details', 'summary'],
]
const ALLOWED_ATTR = [
  ...['href', 'title', 'src', 'alt', 'width', 'height', 'colspan', 'rowspan', 'scope'],
  ...['datetime', 'start', 'reversed', 'lang', 'dir', 'open'],
]
/** Removed together with what they contain, not just unwrapped. */
const DROPPED_WITH_CONTENT = ['form', 'button', 'select', 'textarea', 'object', 'embed', 'frameset']
/** Relative URLs and these schemes only: no javascript:, vbscript:, data: or file: links. */
const ALLOWED_URI = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i
/** Raster images only: an inline SVG document is a script host. */
const SAFE_DATA_IMAGE = /^data:image\/(?:png|gif|jpeg|webp|avif);/i

const BLOCK_ELEMENTS = new Set([
  ...['P', 'DIV', 'BR', 'HR', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'PRE', 'UL'],
  ...['OL', 'LI', 'DL', 'DT', 'DD', 'FIGURE', 'FIGCAPTION', 'TABLE', 'CAPTION', 'TR', 'TH'],
  ...['TD', 'SECTION', 'ARTICLE', 'ASIDE', 'HEADER', 'FOOTER', 'DETAILS', 'SUMMARY'],
])

const TEXT_NODE = 3
const ELEMENT_NODE = 1

let queue: Promise<unknown> = Promise.resolve()

/**
 * Sanitises a batch of HTML documents. Slow (tens of milliseconds per long post), so it belongs
 * in a background refresh, never on the request path. It yields to the event loop between
 * documents so requests keep flowing, and frees the shared jsdom window afterwards: the
 * window keeps every parsed document alive until it is replaced (docs/decisions/005-blog-post-list-cache.md).
 */
export function sanitizeHtmlBatch(
  documents: readonly string[],
  options: SanitizeOptions,
): Promise<SanitizedHtml[]> {
  // Hooks live on the one shared sanitiser, so batches take turns.
  const run = queue.then(() => sanitizeInTurn(documents, options))
  queue = run.catch(() => undefined)
  return run
}

async function sanitizeInTurn(documents: readonly string[], options: SanitizeOptions) {
  installHooks(options)
  try {
    const results: SanitizedHtml[] = []
    for (const html of documents) {
      results.push(sanitizeOrEmpty(html))
      await new Promise((resolve) => setImmediate(resolve))
    }
    return results
  } finally {
    removeAllHooks()
    clearWindow()
  }
}

/** One unparseable document leaves an empty post, not a failed list. */
function sanitizeOrEmpty(dirty: string): SanitizedHtml {
  try {
    return sanitizeOne(dirty)
  } catch (cause) {
    log('error', 'post content could not be sanitised', { reason: String(cause) })
    return { html: '', text: '' }
  }
}

function sanitizeOne(dirty: string): SanitizedHtml {
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
  if (!body) return { html: '', text: '' }
  for (const image of Array.from(body.querySelectorAll('img:not([src])'))) image.remove()
  // A link whose target was unsafe stays as its text, not as a link that goes nowhere.
  for (const link of Array.from(body.querySelectorAll('a:not([href])'))) {
    link.replaceWith(...Array.from(link.childNodes))
  }
  return { html: body.innerHTML, text: collapseWhitespace(textOf(body)) }
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

function textOf(node: Node): string {
  if (node.nodeType === TEXT_NODE) return node.nodeValue ?? ''
  if (node.nodeType !== ELEMENT_NODE) return ''
  let text = ''
  for (const child of Array.from(node.childNodes)) text += textOf(child)
  return BLOCK_ELEMENTS.has((node as Element).tagName) ? ` ${text} ` : text
}

function collapseWhitespace(text: string) {
  return text.replace(/\s+/g, ' ').trim()
}

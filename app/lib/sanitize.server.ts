import { addHook, clearWindow, removeAllHooks, sanitize } from 'isomorphic-dompurify'
import { html, parseFragment, type DefaultTreeAdapterTypes } from 'parse5'

import { log } from './log.server'

export type SanitizeOptions = {
  /** The site's own origin: links elsewhere open safely in a new tab. */
  siteUrl: string
  /** Where an image in the content is loaded from, or null to drop the image. */
  resolveImageSrc: (src: string) => string | null
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

const ALLOWED = new Set(ALLOWED_TAGS)
/**
 * Removed with their content by the sanitiser when not allowed: DOMPurify's own list
 * (FORBID_CONTENTS) and ours.
 */
const DROPPED_WITH_TEXT = new Set([
  ...['annotation-xml', 'audio', 'colgroup', 'desc', 'foreignobject', 'head', 'iframe', 'math'],
  ...['mi', 'mn', 'mo', 'ms', 'mtext', 'noembed', 'noframes', 'noscript', 'plaintext', 'script'],
  ...['selectedcontent', 'style', 'svg', 'template', 'thead', 'title', 'video', 'xmp'],
  ...DROPPED_WITH_CONTENT,
])
/** Elements a reader sees as apart from the text around them. */
const BLOCK_ELEMENTS = new Set([
  ...['p', 'div', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'ul'],
  ...['ol', 'li', 'dl', 'dt', 'dd', 'figure', 'figcaption', 'table', 'caption', 'tr', 'th'],
  ...['td', 'section', 'article', 'aside', 'header', 'footer', 'details', 'summary'],
])

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
  installHooks(options)
  try {
    return sanitizeOne(dirty)
  } catch (cause) {
    // One unparseable document leaves an empty post, not a failed page.
    log('error', 'post content could not be sanitised', { reason: String(cause) })
    return ''
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

/**
 * What a reader sees of a document once sanitised: markup removed, entities decoded, blocks
 * apart and whitespace collapsed. It parses with parse5, the parser jsdom itself uses, without
 * building a DOM (about 2 ms for a 10 KB post instead of 15 to 30), and leaves out what the
 * sanitiser removes together with its content.
 */
export function textOfHtml(markup: string): string {
  // Parsed as jsdom does, without scripting: <noscript> holds markup, not text.
  return collapseWhitespace(textOf(parseFragment(markup, { scriptingEnabled: false })))
}

function textOf(node: DefaultTreeAdapterTypes.Node): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterTypes.TextNode).value
  if (!('childNodes' in node) || node.nodeName === '#comment') return ''
  const element = 'tagName' in node ? node : undefined
  if (element && !keepsText(element)) return ''
  let text = ''
  for (const child of node.childNodes) text += textOf(child)
  return element && BLOCK_ELEMENTS.has(element.tagName) ? ` ${text} ` : text
}

/** Whether the text inside an element survives sanitising. */
function keepsText(element: DefaultTreeAdapterTypes.Element) {
  // SVG and MathML are removed whole.
  if (element.namespaceURI !== html.NS.HTML) return false
  return ALLOWED.has(element.tagName) || !DROPPED_WITH_TEXT.has(element.tagName)
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

function collapseWhitespace(text: string) {
  return text.replace(/\s+/g, ' ').trim()
}

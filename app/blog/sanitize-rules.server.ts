/**
 * What the post sanitiser keeps and what it removes, shared by the sanitiser (which runs in a
 * worker thread) and by the text previews made on the main thread, which must leave out what the
 * sanitiser removes.
 */

/**
 * An allow-list of what blog content needs: text, structure, links, images, tables and the
 * sources of players (MEDIA_TAGS). Everything else (scripts, styles, forms, frames, embeds, SVG,
 * MathML, meta) is removed.
 */
export const ALLOWED_TAGS = [
  ...['p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'kbd'],
  ...['strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup', 'span'],
  ...['abbr', 'cite', 'q', 'time', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'figure'],
  ...['figcaption', 'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'div'],
  ...['section', 'article', 'aside', 'header', 'footer', 'details', 'summary', 'source'],
]
/**
 * Players, kept by the sanitiser only with a source they may load. Not in ALLOWED_TAGS: their
 * text is a fallback that no current browser shows, so previews leave it out (DROPPED_WITH_TEXT).
 */
export const MEDIA_TAGS = ['audio', 'video']
export const ALLOWED_ATTR = [
  ...['href', 'title', 'src', 'alt', 'width', 'height', 'colspan', 'rowspan', 'scope'],
  ...['datetime', 'start', 'reversed', 'lang', 'dir', 'open', 'type'],
]
/** Removed together with what they contain, not just unwrapped. */
export const DROPPED_WITH_CONTENT = [
  ...['form', 'button', 'select', 'textarea', 'object', 'embed', 'frameset'],
]

/**
 * Removed with their content by the sanitiser when not allowed: DOMPurify's own list
 * (FORBID_CONTENTS) and ours. Previews also leave out the text of players (MEDIA_TAGS).
 */
export const DROPPED_WITH_TEXT = new Set([
  ...['annotation-xml', 'audio', 'colgroup', 'desc', 'foreignobject', 'head', 'iframe', 'math'],
  ...['mi', 'mn', 'mo', 'ms', 'mtext', 'noembed', 'noframes', 'noscript', 'plaintext', 'script'],
  ...['selectedcontent', 'style', 'svg', 'template', 'thead', 'title', 'video', 'xmp'],
  ...DROPPED_WITH_CONTENT,
])

// What the sanitiser (in its worker) keeps and removes, and so what the text read on the main
// thread leaves out.

/** What blog content needs: text, structure, links, images, tables, players' sources. */
export const ALLOWED_TAGS = [
  ...['p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'kbd'],
  ...['strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup', 'span'],
  ...['abbr', 'cite', 'q', 'time', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'figure'],
  ...['figcaption', 'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'div'],
  ...['section', 'article', 'aside', 'header', 'footer', 'details', 'summary', 'source'],
]
/** Players, kept only with a source they may load; their fallback text no browser shows. */
export const MEDIA_TAGS = ['audio', 'video']
export const ALLOWED_ATTR = [
  ...['href', 'title', 'src', 'alt', 'width', 'height', 'colspan', 'rowspan', 'scope'],
  ...['datetime', 'start', 'reversed', 'lang', 'dir', 'open', 'type'],
]
/** Removed together with what they contain, not just unwrapped. */
export const DROPPED_WITH_CONTENT = [
  ...['form', 'button', 'select', 'textarea', 'object', 'embed', 'frameset'],
]

/** Removed with their text: DOMPurify's FORBID_CONTENTS, ours, and players' fallback. */
export const DROPPED_WITH_TEXT = new Set([
  ...['annotation-xml', 'audio', 'colgroup', 'desc', 'foreignobject', 'head', 'iframe', 'math'],
  ...['mi', 'mn', 'mo', 'ms', 'mtext', 'noembed', 'noframes', 'noscript', 'plaintext', 'script'],
  ...['selectedcontent', 'style', 'svg', 'template', 'thead', 'title', 'video', 'xmp'],
  ...DROPPED_WITH_CONTENT,
])

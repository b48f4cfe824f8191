import { html, parseFragment, type DefaultTreeAdapterTypes } from 'parse5'

import { ALLOWED_TAGS, DROPPED_WITH_TEXT } from './sanitize-rules.server'

const ALLOWED = new Set(ALLOWED_TAGS)
/** Elements a reader sees as apart from the text around them. */
const BLOCK_ELEMENTS = new Set([
  ...['p', 'div', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'ul'],
  ...['ol', 'li', 'dl', 'dt', 'dd', 'figure', 'figcaption', 'table', 'caption', 'tr', 'th'],
  ...['td', 'section', 'article', 'aside', 'header', 'footer', 'details', 'summary'],
])

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

function collapseWhitespace(text: string) {
  return text.replace(/\s+/g, ' ').trim()
}

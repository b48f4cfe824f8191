import { parse, type DefaultTreeAdapterTypes } from 'parse5'

import type { SitePage } from './app/site-page'

type Node = DefaultTreeAdapterTypes.ChildNode
type Element = DefaultTreeAdapterTypes.Element

const isElement = (node: Node | DefaultTreeAdapterTypes.Document): node is Element =>
  'tagName' in node

function childElement(parent: { childNodes: Node[] }, tagName: string) {
  return parent.childNodes.find(
    (node): node is Element => isElement(node) && node.tagName === tagName,
  )
}

/** What the site's scripts are written in: the run of these that ends its body. */
const SCRIPT_TAGS = new Set(['script', 'link', 'template'])

/**
 * A page of the site, as its server sent it, without what loads and starts its code: the body's
 * markup up to the run of scripts, module preloads and held-scripts template that ends it (the
 * framework's scripts and the site's own, held or not), and the page's title.
 */
export function sitePageOf(html: string): SitePage {
  const document = parse(html, { sourceCodeLocationInfo: true })
  const root = childElement(document, 'html')
  const head = root && childElement(root, 'head')
  const body = root && childElement(root, 'body')
  if (!head || !body) throw new Error('the site answered a page without a head or a body')
  const title = childElement(head, 'title')?.childNodes.find((node) => 'value' in node)
  let end = body.childNodes.length
  while (end > 0) {
    const node = body.childNodes[end - 1]!
    if (isElement(node) && !SCRIPT_TAGS.has(node.tagName)) break
    end -= 1
  }
  const from = body.sourceCodeLocation!.startTag!.endOffset
  const to =
    body.childNodes[end]?.sourceCodeLocation?.startOffset ??
    body.sourceCodeLocation!.endTag?.startOffset ??
    html.length
  return {
    title: title && 'value' in title ? title.value : '',
    bodyMarkup: html.slice(from, to),
  }
}

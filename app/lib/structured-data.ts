/** schema.org JSON-LD that every kind of page shares, and the one way it is written into a page. */
import { absoluteUrl } from './meta'

/** A schema.org node: an object with a type, without the context that the graph carries. */
export type JsonLdNode = { '@type': string | string[] } & Record<string, unknown>

/** The text of a `<script type="application/ld+json">` holding these nodes as one graph. */
export function jsonLdGraph(...nodes: JsonLdNode[]) {
  return jsonForScript({ '@context': 'https://schema.org', '@graph': nodes })
}

/** JSON that cannot close its <script> element or break out of it, whatever the strings hold. */
export function jsonForScript(data: unknown) {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/** The page's place under the home page, for search results: Home › … › this page. */
export function breadcrumbList(
  siteUrl: string,
  crumbs: ReadonlyArray<{ name: string; path: string }>,
) {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: [{ name: 'Home', path: '/' }, ...crumbs].map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(siteUrl, crumb.path),
    })),
  } satisfies JsonLdNode
}

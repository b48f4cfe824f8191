import { BLOG_COPY } from '~/blog/copy'
import { COMPANY } from '~/content/company'
import { log } from '~/lib/log.server'
import { absoluteUrl } from '~/lib/meta'

import type { FeedPost, PostSummary } from './posts.server'
import { BLOG_PATH, postPath, RSS_PATH } from './seo'

export const SITEMAP_PATH = '/sitemap.xml'
/** Feed readers want recent posts, not the archive. */
export const RSS_MAX_ITEMS = 50
const STATIC_PAGES = ['/', BLOG_PATH, '/privacy-policy', '/terms-of-service']
/** What one sitemap file may list, by the sitemap protocol. */
export const SITEMAP_MAX_URLS = 50_000

type SitemapPost = Pick<PostSummary, 'slug' | 'publishedAt'>
type RssPost = Pick<FeedPost, 'slug' | 'title' | 'teaser' | 'author' | 'category' | 'publishedAt'>

/** Escapes text for XML element content and attribute values. */
export function xmlText(value: string) {
  return (
    value
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
      // Characters XML 1.0 cannot carry at all.
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
  )
}

/**
 * Escapes text for HTML. Feed readers render an item's description as HTML, so text that looks
 * like markup is escaped for HTML first and then, as any text, for XML.
 */
export function htmlText(value: string) {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

export function robotsTxt(siteUrl: string) {
  return [
    'User-agent: *',
    'Allow: /',
    '',
    `Sitemap: ${absoluteUrl(siteUrl, SITEMAP_PATH)}`,
    '',
  ].join('\n')
}

/**
 * Every public page: home, blog, each post (with its date), legal pages. Past the protocol's
 * limit the newest posts are listed; the others stay reachable through the blog's pages.
 */
export function sitemapXml(siteUrl: string, posts: readonly SitemapPost[]) {
  const room = SITEMAP_MAX_URLS - STATIC_PAGES.length
  if (posts.length > room) {
    log('warn', 'sitemap lists only the newest posts', { posts: posts.length, listed: room })
  }
  const entries = [
    ...STATIC_PAGES.map((path) => `  <url><loc>${xmlText(absoluteUrl(siteUrl, path))}</loc></url>`),
    ...posts
      .slice(0, room)
      .map(
        (post) =>
          `  <url><loc>${xmlText(absoluteUrl(siteUrl, postPath(post.slug)))}</loc><lastmod>${post.publishedAt}</lastmod></url>`,
      ),
  ]
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n')
}

/** RSS 2.0 of the newest posts, each with its teaser. */
export function rssXml(siteUrl: string, posts: readonly RssPost[]) {
  const newest = [...posts]
    .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))
    .slice(0, RSS_MAX_ITEMS)
  const items = newest.map((post) => {
    const link = xmlText(absoluteUrl(siteUrl, postPath(post.slug)))
    return [
      '    <item>',
      `      <title>${xmlText(post.title)}</title>`,
      `      <link>${link}</link>`,
      `      <guid isPermaLink="true">${link}</guid>`,
      `      <pubDate>${new Date(post.publishedAt).toUTCString()}</pubDate>`,
      `      <dc:creator>${xmlText(post.author)}</dc:creator>`,
      post.category ? `      <category>${xmlText(post.category)}</category>` : null,
      `      <description>${xmlText(htmlText(post.teaser))}</description>`,
      '    </item>',
    ]
      .filter((line) => line !== null)
      .join('\n')
  })
  const lastBuildDate = newest[0]
    ? `    <lastBuildDate>${new Date(newest[0].publishedAt).toUTCString()}</lastBuildDate>`
    : null
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${xmlText(BLOG_COPY.feedTitle)}</title>`,
    `    <link>${xmlText(absoluteUrl(siteUrl, BLOG_PATH))}</link>`,
    `    <description>${xmlText(BLOG_COPY.metaDescription)}</description>`,
    '    <language>en-gb</language>',
    `    <copyright>© ${COMPANY.copyrightYear} ${xmlText(COMPANY.legalName)}</copyright>`,
    `    <atom:link href="${xmlText(absoluteUrl(siteUrl, RSS_PATH))}" rel="self" type="application/rss+xml"/>`,
    lastBuildDate,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ]
    .filter((line) => line !== null)
    .join('\n')
}

import { escapeUTF8 } from 'entities'

import { BLOG_COPY } from '~/blog/copy'
import { COMPANY } from '~/content/company'
import { CACHE_CONTROL } from '~/lib/http-cache.server'
import { log } from '~/lib/log.server'
import { absoluteUrl } from '~/lib/meta'

import type { FeedPost, PostSummary } from './post'
import { postsFreshForS, toFeedPosts } from './posts.server'
import { BLOG_PATH, postPath, RSS_PATH } from './seo'

export const SITEMAP_PATH = '/sitemap.xml'
/** Feed readers want recent posts, not the archive. */
export const RSS_MAX_ITEMS = 50
const STATIC_PAGES = ['/', BLOG_PATH, '/privacy-policy', '/terms-of-service']
/** What one sitemap file may list, by the sitemap protocol. */
export const SITEMAP_MAX_URLS = 50_000
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>'

type SitemapPost = Pick<PostSummary, 'slug' | 'publishedAt'>
type RssPost = Pick<FeedPost, 'slug' | 'title' | 'teaser' | 'author' | 'category' | 'publishedAt'>

/** Text for XML content or attributes: markup escaped, what XML 1.0 cannot carry dropped. */
export function xmlText(value: string) {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return escapeUTF8(value).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
}

/** Every public page, each post with its date; past the protocol's limit, the newest posts. */
export function sitemapXml(
  siteUrl: string,
  posts: readonly SitemapPost[],
  categoryPaths: readonly string[] = [],
) {
  const pages = [...STATIC_PAGES, ...categoryPaths]
  const room = SITEMAP_MAX_URLS - pages.length
  if (posts.length > room) {
    log('warn', 'sitemap lists only the newest posts', { posts: posts.length, listed: room })
  }
  const url = (path: string, lastmod?: string) =>
    `  <url><loc>${xmlText(absoluteUrl(siteUrl, path))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`
  const entries = [
    ...pages.map((path) => url(path)),
    ...posts.slice(0, room).map((post) => url(postPath(post.slug), post.publishedAt)),
  ]
  const urlset = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
  return [XML_DECLARATION, urlset, ...entries, '</urlset>', ''].join('\n')
}

/** A feed's own title, the page it follows and its own address. */
export type FeedChannel = { title: string; description: string; path: string; feedPath: string }

export const BLOG_FEED: FeedChannel = {
  title: BLOG_COPY.feedTitle,
  description: BLOG_COPY.metaDescription,
  path: BLOG_PATH,
  feedPath: RSS_PATH,
}

/** A feed's answer: the RSS of the newest of these posts (newest first), each with its teaser. */
export function rssResponse(siteUrl: string, posts: readonly PostSummary[], channel: FeedChannel) {
  const xml = rssXml(siteUrl, toFeedPosts(posts.slice(0, RSS_MAX_ITEMS)), channel)
  return feedResponse(xml, 'application/rss+xml', CACHE_CONTROL.blog(postsFreshForS()))
}

/** A feed's answer when the backend failed and nothing is cached, or when there is no such feed. */
export function feedErrorResponse(status: 404 | 502, text: string) {
  const cacheControl = status === 404 ? CACHE_CONTROL.blog(postsFreshForS()) : CACHE_CONTROL.failure
  return feedResponse(text, 'text/plain', cacheControl, status)
}

function feedResponse(body: string, type: string, cacheControl: string, status = 200) {
  const headers = { 'Content-Type': `${type}; charset=utf-8`, 'Cache-Control': cacheControl }
  return new Response(body, { status, headers })
}

/** RSS 2.0 of these posts, in the order given (newest first), each with its teaser. */
export function rssXml(siteUrl: string, newest: readonly RssPost[], channel = BLOG_FEED) {
  const date = (iso: string) => new Date(iso).toUTCString()
  const items = newest.map((post) => {
    const link = xmlText(absoluteUrl(siteUrl, postPath(post.slug)))
    const category = post.category ? `\n      <category>${xmlText(post.category)}</category>` : ''
    // Readers render a description as HTML: text that looks like markup is escaped for it first.
    return `    <item>
      <title>${xmlText(post.title)}</title>
      <link>${link}</link>
      <guid isPermaLink="true">${link}</guid>
      <pubDate>${date(post.publishedAt)}</pubDate>
      <dc:creator>${xmlText(post.author)}</dc:creator>${category}
      <description>${xmlText(escapeUTF8(post.teaser))}</description>
    </item>`
  })
  return [
    XML_DECLARATION,
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${xmlText(channel.title)}</title>`,
    `    <link>${xmlText(absoluteUrl(siteUrl, channel.path))}</link>`,
    `    <description>${xmlText(channel.description)}</description>`,
    '    <language>en-gb</language>',
    `    <copyright>© ${COMPANY.copyrightYear} ${xmlText(COMPANY.legalName)}</copyright>`,
    `    <atom:link href="${xmlText(absoluteUrl(siteUrl, channel.feedPath))}" rel="self" type="application/rss+xml"/>`,
    ...(newest[0] ? [`    <lastBuildDate>${date(newest[0].publishedAt)}</lastBuildDate>`] : []),
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n')
}

import type { MetaDescriptor } from '@remix-run/node'

import { BLOG_COPY } from '~/content/blog'
import { COMPANY } from '~/content/company'

import type { Post } from './posts.server'

export const BLOG_PATH = '/blog'
export const RSS_PATH = '/blog/rss.xml'

/** '/blog/{slug}', safe whatever characters the slug holds. */
export function postPath(slug: string) {
  return `${BLOG_PATH}/${encodeURIComponent(slug)}`
}

/** An absolute URL on SITE_URL for a site path; absolute URLs (images elsewhere) stay as they are. */
export function absoluteUrl(siteUrl: string, pathOrUrl: string) {
  return new URL(pathOrUrl, `${siteUrl}/`).href
}

type PageMeta = {
  /** From the root loader; missing only when the root itself failed. */
  siteUrl: string | undefined
  path: string
  title: string
  description: string
  image?: string | null
  type?: 'website' | 'article'
  noIndex?: boolean
}

/** Title, description, canonical link and Open Graph / Twitter tags for one page. */
export function pageMeta({
  siteUrl,
  path,
  title,
  description,
  image,
  type = 'website',
  noIndex = false,
}: PageMeta): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { property: 'og:site_name', content: COMPANY.name },
    { property: 'og:type', content: type },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:locale', content: 'en_GB' },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
  ]
  if (noIndex) tags.push({ name: 'robots', content: 'noindex' })
  if (siteUrl) {
    const url = absoluteUrl(siteUrl, path)
    tags.push(
      { tagName: 'link', rel: 'canonical', href: url },
      { property: 'og:url', content: url },
    )
    if (image) tags.push({ property: 'og:image', content: absoluteUrl(siteUrl, image) })
  }
  return tags
}

/** Lets feed readers find the blog's RSS from any blog page. */
export const rssAlternateLink = {
  rel: 'alternate',
  type: 'application/rss+xml',
  title: BLOG_COPY.feedTitle,
  href: RSS_PATH,
}

/** schema.org BlogPosting for one post, as the text of a JSON-LD script. */
export function blogPostingJsonLd(post: Post, siteUrl: string) {
  const url = absoluteUrl(siteUrl, postPath(post.slug))
  const data = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.teaser,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    datePublished: post.publishedAt,
    author: { '@type': 'Person', name: post.author },
    publisher: { '@type': 'Organization', name: COMPANY.name, url: absoluteUrl(siteUrl, '/') },
    articleSection: post.category,
    keywords: post.tags,
    wordCount: post.postWords,
    inLanguage: 'en-GB',
    ...(post.image ? { image: [absoluteUrl(siteUrl, post.image)] } : {}),
  }
  return jsonForScript(data)
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

import { BLOG_COPY } from '~/blog/copy'

export const BLOG_PATH = '/blog'
export const RSS_PATH = '/blog/rss.xml'

/** '/blog/{slug}', safe whatever characters the slug holds. */
export function postPath(slug: string) {
  return `${BLOG_PATH}/${encodeURIComponent(slug)}`
}

/** Lets feed readers find the blog's RSS from any blog page. */
export const rssAlternateLink = {
  rel: 'alternate',
  type: 'application/rss+xml',
  title: BLOG_COPY.feedTitle,
  href: RSS_PATH,
}

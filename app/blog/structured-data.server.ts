import { BLOG_COPY } from '~/blog/copy'
import { COMPANY } from '~/content/company'
import { previewImage } from '~/images/image-set'
import { absoluteUrl, SOCIAL_CARD } from '~/lib/meta'
import { breadcrumbList, jsonLdGraph } from '~/lib/structured-data'

import { categoryPath, type Category } from './categories'
import type { Post } from './post'
import { BLOG_PATH, postPath } from './seo'

/** The blog's place under the home page, or a category's under the blog, for search results. */
export function blogBreadcrumbs(siteUrl: string, category?: Pick<Category, 'name' | 'slug'>) {
  const crumbs: { name: string; path: string }[] = [{ name: BLOG_COPY.heading, path: BLOG_PATH }]
  if (category) crumbs.push({ name: category.name, path: categoryPath(category.slug) })
  return jsonLdGraph(breadcrumbList(siteUrl, crumbs))
}

/**
 * schema.org BlogPosting for one post with its breadcrumb trail, as the text of a JSON-LD script.
 * Google's article guidelines ask for headline, image, datePublished, dateModified (sent when the
 * backend has it) and an author with a name; a post without an author is credited to the company.
 */
export function blogPostingJsonLd(post: Post, siteUrl: string) {
  const url = absoluteUrl(siteUrl, postPath(post.slug))
  const company = {
    '@type': 'Organization',
    '@id': `${absoluteUrl(siteUrl, '/')}#organization`,
    name: COMPANY.name,
    url: absoluteUrl(siteUrl, '/'),
    logo: absoluteUrl(siteUrl, '/favicon.svg'),
  }
  const posting = {
    '@type': 'BlogPosting',
    '@id': `${url}#article`,
    headline: post.title,
    description: post.teaser,
    url,
    mainEntityOfPage: url,
    image: [absoluteUrl(siteUrl, post.image ? previewImage(post.image).url : SOCIAL_CARD.url)],
    datePublished: post.publishedAt,
    ...(post.updatedAt ? { dateModified: post.updatedAt } : {}),
    author: post.author ? [{ '@type': 'Person', name: post.author }] : [company],
    publisher: company,
    ...(post.category ? { articleSection: post.category } : {}),
    ...(post.tags ? { keywords: post.tags } : {}),
    wordCount: post.postWords,
    inLanguage: 'en-GB',
  }
  const trail = breadcrumbList(siteUrl, [
    { name: BLOG_COPY.heading, path: BLOG_PATH },
    { name: post.title, path: postPath(post.slug) },
  ])
  return jsonLdGraph(posting, trail)
}

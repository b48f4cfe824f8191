import type { LoaderFunctionArgs } from '@remix-run/node'

import { categoryPath, categoryRssPath, categoryWithPosts } from '~/blog/categories'
import { BLOG_COPY } from '~/blog/copy'
import { feedErrorResponse, rssResponse } from '~/blog/feeds.server'
import { getPosts } from '~/blog/posts.server'
import { getConfig } from '~/lib/config.server'

/** One category's feed, by the same rules as the whole blog's. */
export async function loader({ params }: LoaderFunctionArgs) {
  const result = await getPosts()
  if (result.status === 'error') return feedErrorResponse(502, `Error: ${result.message}`)
  const found = categoryWithPosts(result.posts, params.slug ?? '')
  if (!found) return feedErrorResponse(404, 'Not Found')
  const { category, posts } = found
  return rssResponse(getConfig().siteUrl, posts, {
    title: `${BLOG_COPY.feedTitle}: ${category.name}`,
    description: `${category.name}: ${BLOG_COPY.metaDescription}`,
    path: categoryPath(category.slug),
    feedPath: categoryRssPath(category.slug),
  })
}

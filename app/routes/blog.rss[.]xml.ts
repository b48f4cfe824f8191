import { BLOG_FEED, feedErrorResponse, rssResponse } from '~/blog/feeds.server'
import { getPosts } from '~/blog/posts.server'
import { getConfig } from '~/lib/config.server'

export async function loader() {
  const result = await getPosts()
  if (result.status === 'error') return feedErrorResponse(502, `Error: ${result.message}`)
  return rssResponse(getConfig().siteUrl, result.posts, BLOG_FEED)
}

import { RSS_MAX_ITEMS, rssXml } from '~/blog/feeds.server'
import { getPosts, toFeedPosts } from '~/blog/posts.server'
import { getConfig } from '~/lib/config.server'
import { CACHE_CONTROL } from '~/lib/http-cache.server'

export async function loader() {
  const result = await getPosts()
  if (result.status === 'error') {
    return new Response(`Error: ${result.message}`, {
      status: 502,
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': CACHE_CONTROL.failure,
      },
    })
  }
  // The list is newest first: only the items the feed carries need their teasers.
  const newest = await toFeedPosts(result.posts.slice(0, RSS_MAX_ITEMS))
  return new Response(rssXml(getConfig().siteUrl, newest), {
    headers: {
      'Content-Type': 'application/rss+xml; charset=utf-8',
      'Cache-Control': CACHE_CONTROL.blog(),
    },
  })
}

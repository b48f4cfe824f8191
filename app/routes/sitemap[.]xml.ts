import { getConfig } from '~/lib/config.server'
import { sitemapXml } from '~/lib/feeds.server'
import { getPosts } from '~/lib/posts.server'

/** Lists the static pages even when the backend is down and no post list is cached. */
export async function loader() {
  const result = await getPosts()
  const posts = result.status === 'success' ? result.posts : []
  return new Response(sitemapXml(getConfig().siteUrl, posts), {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': result.status === 'success' ? 'public, max-age=300' : 'no-cache',
    },
  })
}

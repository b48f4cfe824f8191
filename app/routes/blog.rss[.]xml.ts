import { getConfig } from '~/lib/config.server'
import { rssXml } from '~/lib/feeds.server'
import { getPosts } from '~/lib/posts.server'

export async function loader() {
  const result = await getPosts()
  if (result.status === 'error') {
    return new Response(`Error: ${result.message}`, {
      status: 502,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    })
  }
  return new Response(rssXml(getConfig().siteUrl, result.posts), {
    headers: {
      'Content-Type': 'application/rss+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=300',
    },
  })
}

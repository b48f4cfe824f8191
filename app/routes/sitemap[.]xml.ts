import { categoriesOf, categoryPath } from '~/blog/categories'
import { sitemapXml } from '~/blog/feeds.server'
import { getPosts, postsFreshForS } from '~/blog/posts.server'
import { getConfig } from '~/lib/config.server'
import { CACHE_CONTROL } from '~/lib/http-cache.server'

/** Lists the static pages even when the backend is down and no post list is cached. */
export async function loader() {
  const result = await getPosts()
  const posts = result.status === 'success' ? result.posts : []
  const categoryPaths = categoriesOf(posts).map((category) => categoryPath(category.slug))
  return new Response(sitemapXml(getConfig().siteUrl, posts, categoryPaths), {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control':
        result.status === 'success' ? CACHE_CONTROL.blog(postsFreshForS()) : CACHE_CONTROL.failure,
    },
  })
}

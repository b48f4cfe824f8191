import { SITEMAP_PATH } from '~/blog/feeds.server'
import { getConfig } from '~/lib/config.server'
import { CACHE_CONTROL } from '~/lib/http-cache.server'
import { absoluteUrl } from '~/lib/meta'

export function loader() {
  const sitemap = absoluteUrl(getConfig().siteUrl, SITEMAP_PATH)
  return new Response(`User-agent: *\nAllow: /\n\nSitemap: ${sitemap}\n`, {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': CACHE_CONTROL.release,
    },
  })
}

import { robotsTxt } from '~/blog/feeds.server'
import { getConfig } from '~/lib/config.server'
import { CACHE_CONTROL } from '~/lib/http-cache.server'

export function loader() {
  return new Response(robotsTxt(getConfig().siteUrl), {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': CACHE_CONTROL.release,
    },
  })
}

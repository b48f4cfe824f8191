import { robotsTxt } from '~/blog/feeds.server'
import { getConfig } from '~/lib/config.server'

export function loader() {
  return new Response(robotsTxt(getConfig().siteUrl), {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  })
}

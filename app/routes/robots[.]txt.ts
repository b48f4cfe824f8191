import { getConfig } from '~/lib/config.server'
import { robotsTxt } from '~/lib/feeds.server'

export function loader() {
  return new Response(robotsTxt(getConfig().siteUrl), {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  })
}

import { useEffect } from 'react'

import { sendPageView, startAnalytics, stopAnalytics } from '~/consent/analytics-runtime'
import type { AnalyticsSettings } from '~/lib/config.server'

/**
 * Rendered only while the visitor consents: mounting starts the provider's script, every route
 * change is a page view, and unmounting (consent withdrawn, here or in another tab) stops it.
 */
export default function Analytics({
  settings,
  page,
}: {
  settings: AnalyticsSettings
  /** the route's path and query (not its #hash): a new one is a page view */
  page: string
}) {
  const { provider, id, scriptUrl, transportUrl } = settings

  // The settings object is new after every revalidation of the root loader: start only once.
  useEffect(() => {
    const current = { provider, id, scriptUrl, transportUrl }
    startAnalytics(current)
    return () => stopAnalytics(current)
  }, [provider, id, scriptUrl, transportUrl])

  useEffect(() => {
    sendPageView({ provider, id, scriptUrl, transportUrl })
  }, [page, provider, id, scriptUrl, transportUrl])

  return null
}

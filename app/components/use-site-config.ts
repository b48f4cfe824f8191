import { useRouteLoaderData } from '@remix-run/react'

import type { loader as rootLoader } from '~/root'

/** Public settings (contact details, scheduler link) that the root loader sends to every page. */
export function useSiteConfig() {
  const data = useRouteLoaderData<typeof rootLoader>('root')
  return data?.site
}

/** The analytics visitors may consent to (ANALYTICS settings), or null when there are none. */
export function useAnalyticsSettings() {
  const data = useRouteLoaderData<typeof rootLoader>('root')
  return data?.analytics ?? null
}

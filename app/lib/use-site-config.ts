import { useRouteLoaderData } from '@remix-run/react'

import type { loader as rootLoader } from '~/root'

/** Public settings (contact details, scheduler link) that the root loader sends to every page. */
export function useSiteConfig() {
  const data = useRouteLoaderData<typeof rootLoader>('root')
  return data?.site
}

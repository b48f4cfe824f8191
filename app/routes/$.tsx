import type { HeadersFunction, MetaFunction } from '@remix-run/node'

import { GeneralErrorBoundary } from '~/components/error-boundary'
import { COMPANY } from '~/content/company'
import { CACHE_CONTROL } from '~/lib/http-cache.server'
import { pageMeta, siteUrlFrom, type RootLoaders } from '~/lib/meta'

// No canonical address: the page that was asked for does not exist.
export const meta: MetaFunction<typeof loader, RootLoaders> = ({ matches }) =>
  pageMeta({
    siteUrl: siteUrlFrom(matches),
    title: `Page not found | ${COMPANY.name}`,
    description: COMPANY.tagline,
    noIndex: true,
  })

export function loader() {
  throw new Response('Not Found', {
    status: 404,
    headers: { 'Cache-Control': CACHE_CONTROL.release },
  })
}

export const headers: HeadersFunction = ({ errorHeaders }) => errorHeaders ?? new Headers()

export default function NotFoundRoute() {
  return null
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

import type { MetaFunction } from '@remix-run/node'

import { GeneralErrorBoundary } from '~/components/error-boundary'

export const meta: MetaFunction = () => [
  { title: 'Page not found | Brightwell AI' },
  { name: 'robots', content: 'noindex' },
]

export function loader() {
  throw new Response('Not Found', { status: 404 })
}

export default function NotFoundRoute() {
  return null
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

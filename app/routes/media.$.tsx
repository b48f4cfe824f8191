import type { LoaderFunctionArgs } from '@remix-run/node'

import { proxyMedia } from '~/blog/media.server'

/** The backend's images, served through this site (the backend itself may not be public). */
export function loader({ params }: LoaderFunctionArgs) {
  return proxyMedia(params['*'] ?? '')
}

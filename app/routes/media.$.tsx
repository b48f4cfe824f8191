import type { LoaderFunctionArgs } from '@remix-run/node'

import { proxyMedia } from '~/images/media.server'

/** The backend's SVG images and audio, served through this site (the backend itself may not be public). */
export function loader({ params, request }: LoaderFunctionArgs) {
  return proxyMedia(params['*'] ?? '', request)
}

import type { LoaderFunctionArgs } from '@remix-run/node'

import { serveImageVariant } from '~/images/variants.server'

/** A post image resized and re-encoded: `/images/{token}/{fit}-{width}.{format}`. */
export function loader({ params, request }: LoaderFunctionArgs) {
  return serveImageVariant(params.token ?? '', params.variant ?? '', request)
}

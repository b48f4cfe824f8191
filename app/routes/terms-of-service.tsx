import type { HeadersFunction, MetaFunction } from '@remix-run/node'

import { legalPageMeta } from '~/components/legal/legal-meta'
import { LegalPage } from '~/components/legal/legal-page'
import { termsOfService } from '~/content/legal/terms-of-service'
import { pageCacheHandle } from '~/lib/constants'
import { CACHE_CONTROL } from '~/lib/http-cache.server'
import type { RootLoaders } from '~/lib/meta'

export const meta: MetaFunction<unknown, RootLoaders> = (args) =>
  legalPageMeta(termsOfService, args)

export const headers: HeadersFunction = () => ({ 'Cache-Control': CACHE_CONTROL.release })

export const handle = pageCacheHandle()

export default function TermsOfServiceRoute() {
  return <LegalPage doc={termsOfService} />
}

import type { HeadersFunction, MetaFunction } from '@remix-run/node'

import { legalPageMeta } from '~/components/legal/legal-meta'
import { LegalPage } from '~/components/legal/legal-page'
import { useAnalyticsSettings } from '~/components/use-site-config'
import { privacyPolicy, privacyPolicyFor } from '~/content/legal/privacy-policy'
import { pageCacheHandle } from '~/lib/constants'
import { CACHE_CONTROL } from '~/lib/http-cache.server'
import type { RootLoaders } from '~/lib/meta'

export const meta: MetaFunction<unknown, RootLoaders> = (args) => legalPageMeta(privacyPolicy, args)

export const headers: HeadersFunction = () => ({ 'Cache-Control': CACHE_CONTROL.release })

export const handle = pageCacheHandle()

export default function PrivacyPolicyRoute() {
  return <LegalPage doc={privacyPolicyFor(useAnalyticsSettings())} />
}

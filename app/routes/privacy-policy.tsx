import type { MetaFunction } from '@remix-run/node'

import { legalPageMeta } from '~/components/legal/legal-meta'
import { LegalPage } from '~/components/legal/legal-page'
import { privacyPolicy, privacyPolicyFor } from '~/content/legal/privacy-policy'
import type { RootLoaders } from '~/lib/meta'
import { useAnalyticsSettings } from '~/lib/use-site-config'

export const meta: MetaFunction<unknown, RootLoaders> = (args) => legalPageMeta(privacyPolicy, args)

export default function PrivacyPolicyRoute() {
  return <LegalPage doc={privacyPolicyFor(useAnalyticsSettings())} />
}

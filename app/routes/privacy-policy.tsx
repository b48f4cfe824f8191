import type { MetaFunction } from '@remix-run/node'

import { legalPageMeta } from '~/components/legal/legal-meta'
import { LegalPage } from '~/components/legal/legal-page'
import { privacyPolicy, privacyPolicyFor } from '~/content/legal/privacy-policy'
import { useAnalyticsSettings } from '~/lib/use-site-config'
import type { loader as rootLoader } from '~/root'

export const meta: MetaFunction<unknown, { root: typeof rootLoader }> = (args) =>
  legalPageMeta(privacyPolicy, args)

export default function PrivacyPolicyRoute() {
  return <LegalPage doc={privacyPolicyFor(useAnalyticsSettings())} />
}

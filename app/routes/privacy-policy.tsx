import type { MetaFunction } from '@remix-run/node'

import { legalPageMeta } from '~/components/legal/legal-meta'
import { LegalPage } from '~/components/legal/legal-page'
import { privacyPolicy } from '~/content/legal/privacy-policy'
import type { loader as rootLoader } from '~/root'

export const meta: MetaFunction<unknown, { root: typeof rootLoader }> = (args) =>
  legalPageMeta(privacyPolicy, args)

export default function PrivacyPolicyRoute() {
  return <LegalPage doc={privacyPolicy} />
}

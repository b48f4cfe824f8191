import type { MetaFunction } from '@remix-run/node'

import { legalPageMeta } from '~/components/legal/legal-meta'
import { LegalPage } from '~/components/legal/legal-page'
import { termsOfService } from '~/content/legal/terms-of-service'
import type { RootLoaders } from '~/lib/meta'

export const meta: MetaFunction<unknown, RootLoaders> = (args) =>
  legalPageMeta(termsOfService, args)

export default function TermsOfServiceRoute() {
  return <LegalPage doc={termsOfService} />
}

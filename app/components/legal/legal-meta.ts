import type { MetaArgs } from '@remix-run/node'

import { COMPANY } from '~/content/company'
import type { LegalDocument } from '~/content/legal/types'
import { pageMeta, siteUrlFrom, type RootLoaders } from '~/lib/meta'

/** The meta tags of a legal page, from its document. */
export function legalPageMeta(doc: LegalDocument, { matches }: MetaArgs<unknown, RootLoaders>) {
  return pageMeta({
    siteUrl: siteUrlFrom(matches),
    path: doc.path,
    title: `${doc.title} | ${COMPANY.name}`,
    description: doc.description,
  })
}

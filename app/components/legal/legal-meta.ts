import type { MetaArgs, MetaDescriptor } from '@remix-run/node'

import { COMPANY } from '~/content/company'
import type { LegalDocument } from '~/content/legal/types'
import type { loader as rootLoader } from '~/root'

type LegalMetaArgs = MetaArgs<unknown, { root: typeof rootLoader }>

/** Title, description and the canonical address (from SITE_URL) of a legal page. */
export function legalPageMeta(doc: LegalDocument, { matches }: LegalMetaArgs): MetaDescriptor[] {
  const siteUrl = matches.find((match) => match.id === 'root')?.data?.site.siteUrl
  return [
    { title: `${doc.title} | ${COMPANY.name}` },
    { name: 'description', content: doc.description },
    ...(siteUrl ? [{ tagName: 'link', rel: 'canonical', href: `${siteUrl}${doc.path}` }] : []),
  ]
}

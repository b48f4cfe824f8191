import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

import { HomePage } from '~/components/home/home-page'
import { renderStaticHomeSections } from '~/components/home/static-sections.server'
import { COMPANY } from '~/content/company'
import { HOME_META } from '~/content/home-contact'
import { skipRevalidationAfterEnquiry } from '~/enquiry/revalidation'
import { getPublicSiteConfig } from '~/lib/config.server'
import type { loader as rootLoader } from '~/root'

export const meta: MetaFunction<null, { root: typeof rootLoader }> = ({ matches }) => {
  const siteUrl = matches.find((match) => match.id === 'root')?.data?.site.siteUrl
  const tags = [
    { title: HOME_META.title },
    { name: 'description', content: HOME_META.description },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: COMPANY.name },
    { property: 'og:locale', content: 'en_GB' },
    { property: 'og:title', content: HOME_META.title },
    { property: 'og:description', content: HOME_META.description },
    { name: 'twitter:card', content: 'summary' },
    { name: 'twitter:title', content: HOME_META.title },
    { name: 'twitter:description', content: HOME_META.description },
  ]
  if (!siteUrl) return tags
  const homeUrl = `${siteUrl}/`
  return [
    ...tags,
    { tagName: 'link', rel: 'canonical', href: homeUrl },
    { property: 'og:url', content: homeUrl },
  ]
}

export function loader({ context }: LoaderFunctionArgs) {
  const { html, jsonLd } = renderStaticHomeSections(getPublicSiteConfig())
  return json({ staticSectionsHtml: html, jsonLd, servedAt: context.enquiryServedAt })
}

// The home page holds the enquiry form: a lost connection must not reload it away.
export const shouldRevalidate = skipRevalidationAfterEnquiry

export default function HomeRoute() {
  const { staticSectionsHtml, jsonLd, servedAt } = useLoaderData<typeof loader>()
  return <HomePage staticSectionsHtml={staticSectionsHtml} jsonLd={jsonLd} servedAt={servedAt} />
}

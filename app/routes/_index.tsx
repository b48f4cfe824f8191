import { data, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

import { HomePage } from '~/components/home/home-page'
import { homeJsonLd } from '~/components/home/structured-data'
import { HOME_META } from '~/content/home-contact'
import { skipRevalidationAfterEnquiry } from '~/enquiry/revalidation'
import { getPublicSiteConfig } from '~/lib/config.server'
import { pageCacheHandle } from '~/lib/constants'
import { CACHE_CONTROL, loaderOrErrorHeaders } from '~/lib/http-cache.server'
import { pageMeta, siteUrlFrom, type RootLoaders } from '~/lib/meta'

export const meta: MetaFunction<typeof loader, RootLoaders> = ({ matches }) =>
  pageMeta({
    siteUrl: siteUrlFrom(matches),
    path: '/',
    title: HOME_META.title,
    description: HOME_META.description,
  })

/** The page's JSON-LD for search engines; the sections are the same for every visitor. */
export function loader() {
  return data(
    { jsonLd: homeJsonLd(getPublicSiteConfig()) },
    { headers: { 'Cache-Control': CACHE_CONTROL.formPage } },
  )
}

export const headers = loaderOrErrorHeaders

export const handle = pageCacheHandle()

// The home page holds the enquiry form: a lost connection must not reload it away.
export const shouldRevalidate = skipRevalidationAfterEnquiry

export default function HomeRoute() {
  const { jsonLd } = useLoaderData<typeof loader>()
  return <HomePage jsonLd={jsonLd} />
}

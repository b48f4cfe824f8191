import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useState } from 'react'

import { HomePage } from '~/components/home/home-page'
import { renderStaticHomeSections } from '~/components/home/static-sections.server'
import { HOME_META } from '~/content/home-contact'
import { skipRevalidationAfterEnquiry } from '~/enquiry/revalidation'
import { getPublicSiteConfig } from '~/lib/config.server'
import { CACHE_CONTROL, loaderOrErrorHeaders, PAGE_CACHE_HANDLE } from '~/lib/http-cache.server'
import { pageMeta, siteUrlFrom, type RootLoaders } from '~/lib/meta'

export const meta: MetaFunction<typeof loader, RootLoaders> = ({ matches }) =>
  pageMeta({
    siteUrl: siteUrlFrom(matches),
    path: '/',
    title: HOME_META.title,
    description: HOME_META.description,
  })

/**
 * A page load renders the static sections into the document itself (below), so its loader data
 * stays small: the browser parses no second copy of them before hydrating. Only a navigation
 * inside the app, which has no server-rendered document, gets them as data.
 */
export function loader({ context }: LoaderFunctionArgs) {
  const staticSectionsHtml = context.isDataRequest
    ? renderStaticHomeSections(getPublicSiteConfig()).html
    : null
  return json({ staticSectionsHtml }, { headers: { 'Cache-Control': CACHE_CONTROL.formPage } })
}

export const headers = loaderOrErrorHeaders

export const handle = PAGE_CACHE_HANDLE

/**
 * The sections of a page load, with the page's JSON-LD for search engines. The browser's build
 * has no `.server` code and passes '' instead; a navigation inside the app needs no JSON-LD.
 */
function renderedOnServer() {
  if (typeof document !== 'undefined') return ''
  const { html, jsonLd } = renderStaticHomeSections(getPublicSiteConfig())
  return `${html}<script type="application/ld+json">${jsonLd}</script>`
}

// The home page holds the enquiry form: a lost connection must not reload it away.
export const shouldRevalidate = skipRevalidationAfterEnquiry

export default function HomeRoute() {
  const { staticSectionsHtml } = useLoaderData<typeof loader>()
  // Fixed at the first render, so a later revalidation never rewrites the sections' markup.
  const [sectionsHtml] = useState(() => staticSectionsHtml ?? renderedOnServer())
  return <HomePage staticSectionsHtml={sectionsHtml} />
}

import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

import { HomePage } from '~/components/home/home-page'
import { renderStaticHomeSections } from '~/components/home/static-sections.server'
import { HOME_META } from '~/content/home-contact'
import { skipRevalidationAfterEnquiry } from '~/enquiry/revalidation'
import { getPublicSiteConfig } from '~/lib/config.server'
import { pageMeta, siteUrlFrom, type RootLoaders } from '~/lib/meta'

export const meta: MetaFunction<typeof loader, RootLoaders> = ({ matches }) =>
  pageMeta({
    siteUrl: siteUrlFrom(matches),
    path: '/',
    title: HOME_META.title,
    description: HOME_META.description,
  })

/**
 * A page load renders the static sections into the document itself (HomePage), so its loader data
 * stays small: the browser then parses no second copy of them before hydrating. Only a navigation
 * inside the app, which has no server-rendered document, gets them as data.
 */
export function loader({ context }: LoaderFunctionArgs) {
  const staticSectionsHtml = context.isDataRequest
    ? renderStaticHomeSections(getPublicSiteConfig()).html
    : null
  return json({ staticSectionsHtml })
}

// The home page holds the enquiry form: a lost connection must not reload it away.
export const shouldRevalidate = skipRevalidationAfterEnquiry

export default function HomeRoute() {
  const { staticSectionsHtml } = useLoaderData<typeof loader>()
  return <HomePage staticSectionsHtml={staticSectionsHtml} />
}

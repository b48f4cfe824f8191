import { data, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, ScrollRestoration, useRouteLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'

import { BlogNavigationPending } from './blog/blog-navigation-pending'
import { GeneralErrorBoundary } from './components/error-boundary'
import { InstantRouteScroll } from './components/layout/instant-route-scroll'
import { SiteDocument } from './components/layout/site-document'
import { SiteFooter } from './components/layout/site-footer'
import { SiteHeader } from './components/layout/site-header'
import { WhatsAppButton } from './components/layout/whatsapp-button'
import { Toaster } from './components/ui/toaster'
import { CookieConsent } from './consent/cookie-consent'
import { skipRevalidationAfterEnquiry } from './enquiry/revalidation'
import { getConfig, getPublicSiteConfig } from './lib/config.server'
import { readToast } from './lib/toast.server'
import styles from './tailwind.css'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: styles },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, headers } = await readToast(request)
  // The analytics a visitor may consent to: the browser loads its script only after consent.
  return data({ site: getPublicSiteConfig(), analytics: getConfig().analytics, toast }, { headers })
}

export const shouldRevalidate = skipRevalidationAfterEnquiry

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  return (
    <SiteDocument>
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 text-slate-900 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <CookieConsent />
      <SiteHeader />
      <main id="main" className="flex-1 pt-16">
        {children}
        <BlogNavigationPending />
      </main>
      <SiteFooter />
      <WhatsAppButton />
      <Toaster flash={data?.toast} />
      <InstantRouteScroll />
      <ScrollRestoration />
    </SiteDocument>
  )
}

export default function App() {
  return <Outlet />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

import { data, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node'
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from '@remix-run/react'
import { useEffect, type ReactNode } from 'react'

import { BlogNavigationPending } from './blog/blog-navigation-pending'
import { GeneralErrorBoundary } from './components/error-boundary'
import { InstantRouteScroll } from './components/layout/instant-route-scroll'
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
  useMarkHydrated()
  return (
    <html lang="en-GB" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4f46e5" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-full flex-col bg-white font-sans text-slate-900 antialiased">
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
        <Scripts />
      </body>
    </html>
  )
}

/**
 * Marks `<html data-hydrated>` once React has hydrated the page: an effect runs only after the
 * first commit, and the root's effect after every other one of that commit. The server's HTML
 * never has it, so the bytes sent and hydration are unchanged. The browser tests wait for it.
 */
function useMarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = ''
  }, [])
}

export default function App() {
  return <Outlet />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

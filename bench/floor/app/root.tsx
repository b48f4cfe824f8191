import type { LinksFunction } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts } from '@remix-run/react'
import { useEffect, type ReactNode } from 'react'

import { SITE_STYLESHEET_HREF } from './site-page'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: SITE_STYLESHEET_HREF },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

/** The site's document, its classes and head, with nothing of its own between the head and the scripts. */
export function Layout({ children }: { children: ReactNode }) {
  // As the site's root: the test waits for the mark that React hydrated the page.
  useEffect(() => {
    document.documentElement.dataset.hydrated = ''
  }, [])
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
        {children}
        <Scripts />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

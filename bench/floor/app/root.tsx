import type { LinksFunction } from '@remix-run/node'
import { Outlet } from '@remix-run/react'
import type { ReactNode } from 'react'

import { SiteDocument } from '../../../app/components/layout/site-document'

import { SITE_STYLESHEET_HREF } from './site-page'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: SITE_STYLESHEET_HREF },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

/**
 * The site's own document (its classes, head and hydration mark), with nothing of the site's
 * between the head and the scripts.
 */
export function Layout({ children }: { children: ReactNode }) {
  return <SiteDocument>{children}</SiteDocument>
}

export default function App() {
  return <Outlet />
}

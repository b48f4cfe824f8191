import { Link } from '@remix-run/react'

import { HOME_SECTIONS } from '~/lib/constants'
import { useSiteConfig } from '~/lib/use-site-config'

import { Logo } from './logo'

const NAV_ITEMS = [
  ...HOME_SECTIONS.map((section) => ({ label: section.label, href: `/#${section.id}` })),
  { label: 'Blog', href: '/blog' },
]

/** The fixed top navigation. Every item is a plain link, so it works before and without JavaScript. */
export function SiteHeader() {
  const site = useSiteConfig()
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200/80 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/#home" className="text-slate-900" aria-label="Brightwell AI home">
          <Logo />
        </Link>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {NAV_ITEMS.map((item) => (
              <li key={item.href}>
                <Link
                  to={item.href}
                  className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          {site ? (
            <a
              href={site.schedulerUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="hidden rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 sm:inline-block"
            >
              Book a Discovery Call
            </a>
          ) : null}
          <details className="group relative lg:hidden">
            <summary
              className="flex cursor-pointer list-none items-center rounded-md p-2 text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
              aria-label="Menu"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="h-6 w-6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path
                  d="M4 7h16M4 12h16M4 17h16"
                  strokeLinecap="round"
                  className="group-open:hidden"
                />
                <path
                  d="M6 6l12 12M18 6L6 18"
                  strokeLinecap="round"
                  className="hidden group-open:block"
                />
              </svg>
            </summary>
            <nav
              aria-label="Mobile"
              className="absolute right-0 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-xl"
            >
              <ul>
                {NAV_ITEMS.map((item) => (
                  <li key={item.href}>
                    <Link
                      to={item.href}
                      className="block rounded-md px-3 py-2 text-base font-medium text-slate-700 hover:bg-slate-100"
                    >
                      {item.label}
                    </Link>
                  </li>
                ))}
                {site ? (
                  <li>
                    <a
                      href={site.schedulerUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="mt-1 block rounded-md bg-indigo-600 px-3 py-2 text-center text-base font-semibold text-white"
                    >
                      Book a Discovery Call
                    </a>
                  </li>
                ) : null}
              </ul>
            </nav>
          </details>
        </div>
      </div>
    </header>
  )
}

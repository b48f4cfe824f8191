import { Links, Meta, Scripts } from '@remix-run/react'
import { useEffect, type ReactNode } from 'react'

/**
 * The site's document: its `<html>`, head and `<body>` classes, with the page's scripts last.
 * The root renders every page in it, and the floor the pages are measured against renders its
 * own page in it too (bench/floor), so both stay the same document.
 */
export function SiteDocument({ children }: { children: ReactNode }) {
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
        {children}
        <Scripts />
      </body>
    </html>
  )
}

/**
 * Marks `<html data-hydrated>` once React has hydrated the page: an effect runs only after the
 * first commit, and the document's effect after those of everything inside it. The server's HTML
 * never has it, so the bytes sent and hydration are unchanged. The browser tests wait for it, and
 * kept markup reads it (app/components/kept-markup.tsx).
 */
function useMarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = ''
  }, [])
}

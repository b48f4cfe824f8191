import { renderToStaticMarkup } from 'react-dom/server'

import type { PublicSiteConfig } from '~/lib/config.server'

import { About } from './about'
import { Hero } from './hero'
import { HowItWorks } from './how-it-works'
import { Solutions } from './solutions'
import { homeJsonLd } from './structured-data'

let cached: { key: string; html: string; jsonLd: string } | undefined

/**
 * The home page's sections that never change in the browser, rendered once on the server, and the
 * page's JSON-LD. They reach the page as HTML, so their markup and copy are not shipped again as
 * JavaScript.
 */
export function renderStaticHomeSections(site: PublicSiteConfig) {
  const key = JSON.stringify(site)
  if (cached?.key !== key) {
    const html = renderToStaticMarkup(
      <>
        <Hero schedulerUrl={site.schedulerUrl} />
        <Solutions />
        <HowItWorks />
        <About />
      </>,
    )
    cached = { key, html, jsonLd: homeJsonLd(site) }
  }
  return { html: cached.html, jsonLd: cached.jsonLd }
}

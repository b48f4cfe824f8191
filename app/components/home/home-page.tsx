import { useEffect, useRef, useState } from 'react'

import { JsonLd } from '~/components/json-ld'
import type { PublicSiteConfig } from '~/lib/config.server'
import { isPlainLeftClick, scrollToSection } from '~/lib/scroll-to-section'
import { useSiteConfig } from '~/lib/use-site-config'

import { ContactSection } from './contact-section'
import { renderStaticHomeSections } from './static-sections.server'

type HomePageProps = {
  /** hero, solutions, how it works and about as HTML; null when this is the page's own document */
  staticSectionsHtml: string | null
}

/**
 * The server-rendered sections and JSON-LD of a page load. The browser's build has no `.server`
 * code and passes '' instead: hydration leaves an element's server-rendered inner HTML as it is.
 */
function renderedOnServer(site: PublicSiteConfig) {
  return typeof document === 'undefined' ? renderStaticHomeSections(site) : { html: '', jsonLd: '' }
}

/** The one scrolling home page: its five anchored sections in the order of the navigation. */
export function HomePage({ staticSectionsHtml }: HomePageProps) {
  const site = useSiteConfig()
  if (!site) throw new Error('The root loader sends the site settings with every page')
  // Fixed at the first render, so a later revalidation never rewrites the sections' markup.
  const [sections] = useState(() =>
    staticSectionsHtml === null ? renderedOnServer(site) : { html: staticSectionsHtml, jsonLd: '' },
  )
  const staticRef = useRef<HTMLDivElement>(null)

  // In-page links inside the server-rendered sections ('Explore Solutions') scroll like the navigation.
  useEffect(() => {
    const container = staticRef.current
    if (!container) return
    const handleClick = (event: MouseEvent) => {
      const link = (event.target as Element).closest<HTMLAnchorElement>('a[href^="#"]')
      if (link && isPlainLeftClick(event) && scrollToSection(link.hash.slice(1))) {
        event.preventDefault()
      }
    }
    container.addEventListener('click', handleClick)
    return () => container.removeEventListener('click', handleClick)
  }, [])

  return (
    <>
      <div
        ref={staticRef}
        className="contents"
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: sections.html }}
      />
      <ContactSection site={site} />
      {/* Search engines read it from the page load; a navigation inside the app needs none. */}
      {staticSectionsHtml === null ? <JsonLd json={sections.jsonLd} /> : null}
    </>
  )
}

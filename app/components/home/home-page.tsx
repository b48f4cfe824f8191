import { useEffect, useRef } from 'react'

import { useNonce } from '~/components/nonce'
import { isPlainLeftClick, scrollToSection } from '~/lib/scroll-to-section'
import { useSiteConfig } from '~/lib/use-site-config'

import { ContactSection } from './contact-section'

type HomePageProps = {
  /** hero, solutions, how it works and about, rendered on the server */
  staticSectionsHtml: string
  jsonLd: string
  /** the signed time the enquiry form was served */
  servedAt: string
}

/** The one scrolling home page: its five anchored sections in the order of the navigation. */
export function HomePage({ staticSectionsHtml, jsonLd, servedAt }: HomePageProps) {
  const site = useSiteConfig()
  const nonce = useNonce()
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

  if (!site) throw new Error('The root loader sends the site settings with every page')
  return (
    <>
      <div
        ref={staticRef}
        className="contents"
        dangerouslySetInnerHTML={{ __html: staticSectionsHtml }}
      />
      <ContactSection site={site} servedAt={servedAt} />
      <script
        type="application/ld+json"
        // A data block is not executed; the nonce keeps it valid under any stricter CSP. The
        // browser hides the nonce value after parsing, hence the hydration warning suppression.
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: jsonLd }}
      />
    </>
  )
}

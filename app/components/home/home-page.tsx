import { useEffect, useRef } from 'react'

import { isPlainLeftClick, scrollToSection } from '~/components/layout/scroll-to-section'
import { useSiteConfig } from '~/components/use-site-config'

import { ContactSection } from './contact-section'

type HomePageProps = {
  /**
   * hero, solutions, how it works and about, rendered on the server; '' while hydrating a page
   * load, where hydration keeps the element's server-rendered inner HTML as it is
   */
  staticSectionsHtml: string
  /** the signed time the enquiry form was served */
}

/** The one scrolling home page: its five anchored sections in the order of the navigation. */
export function HomePage({ staticSectionsHtml }: HomePageProps) {
  const site = useSiteConfig()
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
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: staticSectionsHtml }}
      />
      <ContactSection site={site} />
    </>
  )
}

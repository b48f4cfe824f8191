import { useNonce } from '~/components/nonce'
import { useSiteConfig } from '~/lib/use-site-config'

import { About } from './about'
import { ContactSection } from './contact-section'
import { Hero } from './hero'
import { HowItWorks } from './how-it-works'
import { Solutions } from './solutions'
import { buildOrganizationJsonLd, serializeJsonLd } from './structured-data'

/** The one scrolling home page: its five anchored sections in the order of the navigation. */
export function HomePage() {
  const site = useSiteConfig()
  const nonce = useNonce()
  if (!site) throw new Error('The root loader sends the site settings with every page')
  return (
    <>
      <Hero schedulerUrl={site.schedulerUrl} />
      <Solutions />
      <HowItWorks />
      <About />
      <ContactSection site={site} />
      <script
        type="application/ld+json"
        // A data block is not executed; the nonce keeps it valid under any stricter CSP. The
        // browser hides the nonce value after parsing, hence the hydration warning suppression.
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: serializeJsonLd(buildOrganizationJsonLd(site)) }}
      />
    </>
  )
}

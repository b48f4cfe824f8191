import { JsonLd } from '~/components/json-ld'
import { useSiteConfig } from '~/components/use-site-config'

import { About } from './about'
import { ContactSection } from './contact-section'
import { Hero } from './hero'
import { HowItWorks } from './how-it-works'
import { Solutions } from './solutions'

/** The one scrolling home page: its five anchored sections in the order of the navigation. */
export function HomePage({ jsonLd }: { jsonLd: string }) {
  const site = useSiteConfig()
  if (!site) throw new Error('The root loader sends the site settings with every page')
  return (
    <>
      <Hero schedulerUrl={site.schedulerUrl} />
      <Solutions />
      <HowItWorks />
      <About />
      <ContactSection site={site} />
      <JsonLd json={jsonLd} />
    </>
  )
}

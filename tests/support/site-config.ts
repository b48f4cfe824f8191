import type { PublicSiteConfig } from '~/lib/config.server'

/**
 * The public settings tests render with, and give the production servers they start: the
 * placeholders development falls back to.
 */
export const TEST_SITE_CONFIG: PublicSiteConfig = {
  siteUrl: 'https://www.brightwell.example',
  schedulerUrl: 'https://calendly.com/brightwell-ai/discovery-call',
  phone: '+44 20 7946 0958',
  phoneHref: 'tel:+442079460958',
  whatsappUrl: 'https://wa.me/442079460958',
  email: 'hello@brightwell.example',
}

import { COMPANY } from '~/content/company'
import { SOLUTIONS } from '~/content/home'
import { HOME_META } from '~/content/home-contact'
import type { PublicSiteConfig } from '~/lib/config.server'

/** schema.org description of the company for search engines: who we are and how to reach us. */
export function buildOrganizationJsonLd(site: PublicSiteConfig) {
  const homeUrl = `${site.siteUrl}/`
  const telephone = site.phoneHref.replace(/^tel:/, '')
  return {
    '@context': 'https://schema.org',
    '@type': ['Organization', 'ProfessionalService'],
    '@id': `${homeUrl}#organization`,
    name: COMPANY.name,
    legalName: COMPANY.legalName,
    url: homeUrl,
    logo: `${site.siteUrl}/favicon.svg`,
    description: HOME_META.description,
    foundingDate: String(COMPANY.founded),
    email: site.email,
    telephone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: COMPANY.registeredOffice,
      addressCountry: 'GB',
    },
    areaServed: { '@type': 'Country', name: 'United Kingdom' },
    currenciesAccepted: 'GBP',
    sameAs: COMPANY.social.map((network) => network.href),
    contactPoint: [
      {
        '@type': 'ContactPoint',
        contactType: 'sales',
        telephone,
        email: site.email,
        areaServed: 'GB',
        availableLanguage: 'en-GB',
      },
      {
        '@type': 'ContactPoint',
        contactType: 'customer support',
        url: site.whatsappUrl,
        areaServed: 'GB',
        availableLanguage: 'en-GB',
      },
    ],
    makesOffer: SOLUTIONS.map((solution) => ({
      '@type': 'Offer',
      itemOffered: { '@type': 'Service', name: solution.title, description: solution.summary },
    })),
  }
}

/**
 * JSON for a <script type="application/ld+json"> block. '<' is escaped so that no value
 * (a setting, a future copy change) can close the script element early.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c')
}

import { COMPANY } from '~/content/company'
import { SOLUTIONS } from '~/content/home'
import { HOME_META } from '~/content/home-contact'
import type { PublicSiteConfig } from '~/lib/config.server'
import { jsonLdGraph } from '~/lib/structured-data'

/** The home page's JSON-LD: the company, and the site itself (the name search results show for it). */
export function homeJsonLd(site: PublicSiteConfig) {
  return jsonLdGraph(buildOrganizationJsonLd(site), buildWebSiteJsonLd(site))
}

/** schema.org description of the company for search engines: who we are and how to reach us. */
export function buildOrganizationJsonLd(site: PublicSiteConfig) {
  const homeUrl = `${site.siteUrl}/`
  const telephone = site.phoneHref.replace(/^tel:/, '')
  return {
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

/** schema.org WebSite: the site's name and address, published by the company above. */
export function buildWebSiteJsonLd(site: PublicSiteConfig) {
  const homeUrl = `${site.siteUrl}/`
  return {
    '@type': 'WebSite',
    '@id': `${homeUrl}#website`,
    name: COMPANY.name,
    alternateName: COMPANY.legalName,
    url: homeUrl,
    description: HOME_META.description,
    inLanguage: 'en-GB',
    publisher: { '@id': `${homeUrl}#organization` },
  }
}

import { describe, expect, it } from 'vitest'

import { TEST_SITE_CONFIG as site } from '../../../tests/support/site-config'

import { buildOrganizationJsonLd, homeJsonLd } from './structured-data'

describe('buildOrganizationJsonLd', () => {
  it('describes the company as an organisation and professional service with its contact points', () => {
    const data = buildOrganizationJsonLd(site)
    expect(data['@type']).toEqual(['Organization', 'ProfessionalService'])
    expect(data.url).toBe('https://www.brightwell.example/')
    expect(data.telephone).toBe('+442079460958')
    expect(data.email).toBe('hello@brightwell.example')
    expect(data.contactPoint).toContainEqual(
      expect.objectContaining({ contactType: 'sales', telephone: '+442079460958' }),
    )
    expect(data.contactPoint).toContainEqual(
      expect.objectContaining({ url: 'https://wa.me/442079460958' }),
    )
    expect(data.makesOffer.map((offer) => offer.itemOffered.name)).toEqual([
      'AI Chatbots',
      'Voice Agents',
      'Workflow Automation',
    ])
  })
})

describe('homeJsonLd', () => {
  it('names the site, published by the company, next to the company itself', () => {
    const { '@graph': graph } = JSON.parse(homeJsonLd(site)) as {
      '@graph': Array<Record<string, unknown>>
    }
    expect(graph.map((node) => node['@type'])).toEqual([
      ['Organization', 'ProfessionalService'],
      'WebSite',
    ])
    expect(graph[1]).toMatchObject({
      name: 'Brightwell AI',
      url: 'https://www.brightwell.example/',
      publisher: { '@id': graph[0]!['@id'] },
    })
  })
})

import { describe, expect, it } from 'vitest'

import { TEST_SITE_CONFIG as site } from '../../../tests/support/site-config'

import { buildOrganizationJsonLd, serializeJsonLd } from './structured-data'

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

describe('serializeJsonLd', () => {
  it('cannot close the script element it is written into', () => {
    const json = serializeJsonLd({ name: '</script><script>alert(1)</script>' })
    expect(json).not.toContain('<')
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>' })
  })
})

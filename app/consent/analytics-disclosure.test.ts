import { describe, expect, it } from 'vitest'

import { privacyPolicyFor } from '~/content/legal/privacy-policy'
import type { LegalDocument } from '~/content/legal/types'
import type { AnalyticsSettings } from '~/lib/config.server'

import { COOKIE_CONSENT_COPY, cookieConsentText } from './copy'

const plausible: AnalyticsSettings = {
  provider: 'plausible',
  id: 'brightwell.example',
  scriptUrl: 'https://plausible.io/js/script.js',
}
const ga4: AnalyticsSettings = {
  provider: 'ga4',
  id: 'G-AB12CD34EF',
  scriptUrl: 'https://www.googletagmanager.com/gtag/js?id=G-AB12CD34EF',
}

function sectionText(doc: LegalDocument, id: string) {
  return JSON.stringify(doc.sections.find((section) => section.id === id))
}

function cookieNames(doc: LegalDocument) {
  const table = doc.sections
    .find((section) => section.id === 'cookies-and-local-storage')!
    .blocks.find((block) => block.kind === 'table')
  return table?.kind === 'table' ? table.rows.map((row) => row[0]) : []
}

describe('what the site says about analytics', () => {
  it('says none is used when none is set, as before', () => {
    const policy = privacyPolicyFor(null)
    expect(sectionText(policy, 'analytics-and-advertising')).toContain(
      'does not currently use any analytics',
    )
    expect(sectionText(policy, 'cookies-and-local-storage')).toContain(
      'There are no advertising or analytics cookies',
    )
    expect(cookieNames(policy)).toEqual([
      'cookieConsent, cookieConsentDate, cookieConsentAnalytics',
      'toast',
      'form_served_at',
    ])
    expect(cookieConsentText(null)).toBe(COOKIE_CONSENT_COPY.text)
  })

  it('names Plausible, which sets no cookies, and the flag a withdrawal leaves', () => {
    const policy = privacyPolicyFor(plausible)
    expect(sectionText(policy, 'analytics-and-advertising')).toContain('Plausible Analytics')
    expect(sectionText(policy, 'cookies-and-local-storage')).toContain('sets no cookies')
    expect(cookieNames(policy)).toContain('plausible_ignore')
    expect(cookieConsentText(plausible)).toContain('Plausible Analytics, which sets no cookies')
  })

  it('names Google Analytics and its cookies, with the measurement id', () => {
    const policy = privacyPolicyFor(ga4)
    expect(sectionText(policy, 'analytics-and-advertising')).toContain('Google Analytics 4')
    expect(cookieNames(policy)).toEqual(expect.arrayContaining(['_ga', '_ga_AB12CD34EF']))
    expect(cookieConsentText(ga4)).toContain('Google Analytics, which sets the cookies _ga')
  })
})

import { describe, expect, it } from 'vitest'

import { analyticsOrigins, contentSecurityPolicy } from './security-headers'

describe('analyticsOrigins', () => {
  it('adds nothing without analytics', () => {
    expect(analyticsOrigins(null)).toEqual({ script: [], connect: [] })
  })

  it("admits Plausible's script and its event endpoint, on the script's origin", () => {
    const plausible = { provider: 'plausible', id: 'a.example' } as const
    expect(
      analyticsOrigins({ ...plausible, scriptUrl: 'https://plausible.io/js/script.js' }),
    ).toEqual({ script: ['https://plausible.io'], connect: ['https://plausible.io'] })
    expect(
      analyticsOrigins({ ...plausible, scriptUrl: 'https://stats.a.example/js/script.js' }),
    ).toEqual({ script: ['https://stats.a.example'], connect: ['https://stats.a.example'] })
  })

  it("admits gtag.js and Google's collection origins, or only the proxy it goes through", () => {
    const ga4 = { provider: 'ga4', id: 'G-AB12' } as const
    expect(
      analyticsOrigins({ ...ga4, scriptUrl: 'https://www.googletagmanager.com/gtag/js?id=G-AB12' }),
    ).toEqual({
      script: ['https://www.googletagmanager.com'],
      connect: [
        'https://*.google-analytics.com',
        'https://*.analytics.google.com',
        'https://*.googletagmanager.com',
      ],
    })
    expect(
      analyticsOrigins({
        ...ga4,
        scriptUrl: 'https://m.a.example/gtag/js?id=G-AB12',
        transportUrl: 'https://m.a.example',
      }),
    ).toEqual({ script: ['https://m.a.example'], connect: ['https://m.a.example'] })
  })
})

describe('contentSecurityPolicy', () => {
  it("lets posts' players load the site's /media/ and https: only", () => {
    const policy = contentSecurityPolicy({
      siteUrl: 'https://www.brightwell.example',
      isProduction: true,
      analytics: null,
    })()
    expect(policy.split(';')).toContain("media-src 'self' https:")
  })
})

import { describe, expect, it } from 'vitest'

import { ConfigError, parseConfig, REQUIRED_IN_PRODUCTION } from './config.server'

const production: NodeJS.ProcessEnv = {
  NODE_ENV: 'production',
  BACKEND_URL: 'http://backend.internal',
  SESSION_SECRET: 'a-session-secret-of-enough-length',
  SITE_URL: 'https://www.brightwell.example',
  SCHEDULER_URL: 'https://booking.brightwell.example/discovery-call',
  COMPANY_PHONE: '+44 161 496 0000',
  COMPANY_EMAIL: 'enquiries@brightwell.example',
}

function configError(env: NodeJS.ProcessEnv): string {
  try {
    parseConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error.message
    throw error
  }
  throw new Error('expected a ConfigError')
}

describe('analytics settings', () => {
  it('are off unless ANALYTICS names a provider', () => {
    expect(parseConfig(production).analytics).toBeNull()
    expect(
      parseConfig({ ...production, ANALYTICS: 'none', ANALYTICS_ID: 'x' }).analytics,
    ).toBeNull()
    expect(parseConfig({ ...production, ANALYTICS: '' }).analytics).toBeNull()
  })

  it("load Plausible's own script for the site's domain by default", () => {
    const { analytics } = parseConfig({
      ...production,
      ANALYTICS: 'plausible',
      ANALYTICS_ID: 'brightwell.example',
    })
    expect(analytics).toEqual({
      provider: 'plausible',
      id: 'brightwell.example',
      scriptUrl: 'https://plausible.io/js/script.js',
    })
  })

  it('load gtag.js with the measurement id, or a proxy that also receives the hits', () => {
    const google = parseConfig({ ...production, ANALYTICS: 'ga4', ANALYTICS_ID: 'G-AB12CD34EF' })
    expect(google.analytics).toEqual({
      provider: 'ga4',
      id: 'G-AB12CD34EF',
      scriptUrl: 'https://www.googletagmanager.com/gtag/js?id=G-AB12CD34EF',
      transportUrl: undefined,
    })
    const proxied = parseConfig({
      ...production,
      ANALYTICS: 'ga4',
      ANALYTICS_ID: 'G-AB12CD34EF',
      ANALYTICS_SCRIPT_URL: 'https://metrics.brightwell.example/gtag/js',
    })
    expect(proxied.analytics).toMatchObject({
      scriptUrl: 'https://metrics.brightwell.example/gtag/js?id=G-AB12CD34EF',
      transportUrl: 'https://metrics.brightwell.example',
    })
  })

  it.each([
    [{ ANALYTICS: 'matomo' }, 'ANALYTICS: ANALYTICS must be none, plausible or ga4'],
    [{ ANALYTICS: 'ga4' }, 'ANALYTICS_ID: required when ANALYTICS=ga4'],
    [{ ANALYTICS: 'plausible' }, 'ANALYTICS_ID: required when ANALYTICS=plausible'],
    [{ ANALYTICS: 'ga4', ANALYTICS_ID: 'UA-1234-1' }, 'ANALYTICS_ID: must be a GA4 measurement id'],
    [
      { ANALYTICS: 'plausible', ANALYTICS_ID: 'https://brightwell.example/' },
      "ANALYTICS_ID: must be the site's domain",
    ],
    [
      { ANALYTICS: 'plausible', ANALYTICS_ID: 'a.example', ANALYTICS_SCRIPT_URL: 'ftp://x/s.js' },
      'ANALYTICS_SCRIPT_URL: ANALYTICS_SCRIPT_URL must be an absolute http(s) URL',
    ],
  ])('refuse %o with one line naming the variable', (env, message) => {
    const error = configError({ ...production, ...env })
    expect(error).toContain(message)
    expect(error).not.toContain('\n')
  })
})

describe('production', () => {
  it('starts with every setting that has a development placeholder given', () => {
    expect(parseConfig(production)).toMatchObject({
      siteUrl: 'https://www.brightwell.example',
      schedulerUrl: 'https://booking.brightwell.example/discovery-call',
      companyPhone: '+44 161 496 0000',
      companyEmail: 'enquiries@brightwell.example',
    })
  })

  it('requires the public origin and contact details, as well as the backend and secret', () => {
    const contactDetails = ['SITE_URL', 'SCHEDULER_URL', 'COMPANY_PHONE', 'COMPANY_EMAIL']
    expect(REQUIRED_IN_PRODUCTION).toEqual(
      expect.arrayContaining(['BACKEND_URL', 'SESSION_SECRET', ...contactDetails]),
    )
  })

  it.each(REQUIRED_IN_PRODUCTION)('refuses to start without %s, in one line naming it', (name) => {
    for (const missing of [undefined, '', '  ']) {
      const error = configError({ ...production, [name]: missing })
      expect(error).toBe(`Invalid configuration: ${name}: required when NODE_ENV=production`)
    }
  })
})

describe('development', () => {
  it('falls back to the placeholders, so `npm run dev` needs no settings', () => {
    expect(parseConfig({ NODE_ENV: 'development', PORT: '3100' })).toMatchObject({
      siteUrl: 'http://localhost:3100',
      schedulerUrl: 'https://calendly.com/brightwell-ai/discovery-call',
      companyPhone: '+44 20 7946 0958',
      companyEmail: 'hello@brightwell.example',
    })
  })
})

/** A development environment with the given variables set. */
const parseDevelopment = (env: Record<string, string>) =>
  parseConfig({ NODE_ENV: 'development', ...env })

describe('METRICS_PORT', () => {
  it('defaults to 9464, and 0 turns the metrics off', () => {
    expect(parseDevelopment({}).metricsPort).toBe(9464)
    expect(parseDevelopment({ METRICS_PORT: '0' }).metricsPort).toBe(0)
    expect(parseDevelopment({ METRICS_PORT: '9100' }).metricsPort).toBe(9100)
  })

  it.each([
    ['metrics', 'METRICS_PORT: METRICS_PORT must be a whole number'],
    ['70000', 'METRICS_PORT: METRICS_PORT must be between 0 and 65535'],
  ])('names the variable when it is %s', (value, message) => {
    expect(() => parseDevelopment({ METRICS_PORT: value })).toThrow(message)
  })

  it('may not be the public port', () => {
    expect(() => parseDevelopment({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(ConfigError)
    expect(() => parseDevelopment({ METRICS_PORT: '3000' })).toThrow(
      /METRICS_PORT: must differ from PORT/,
    )
  })
})

describe('TRUST_PROXY', () => {
  it('is one hop by default, a count, or the proxies by name, address and range', () => {
    expect(parseDevelopment({}).trustProxy).toBe(1)
    expect(parseDevelopment({ TRUST_PROXY: '0' }).trustProxy).toBe(0)
    expect(
      parseDevelopment({ TRUST_PROXY: 'loopback, uniquelocal,173.245.48.0/20, 2400:cb00::/32' })
        .trustProxy,
    ).toEqual(['loopback', 'uniquelocal', '173.245.48.0/20', '2400:cb00::/32'])
  })
})

describe("a client's share", () => {
  it('is 600 costly requests in 30 s and 2 at once by default', () => {
    expect(parseDevelopment({})).toMatchObject({
      clientCostlyRateLimit: { max: 600, windowS: 30 },
      clientMaxInFlight: 2,
    })
    expect(
      parseDevelopment({ CLIENT_COSTLY_RATE_LIMIT: '600/60', CLIENT_MAX_IN_FLIGHT: '4' }),
    ).toMatchObject({ clientCostlyRateLimit: { max: 600, windowS: 60 }, clientMaxInFlight: 4 })
  })
})

describe('malformed settings', () => {
  it.each([
    [{ NODE_ENV: 'staging' }, 'NODE_ENV: NODE_ENV must be development, production or test'],
    [{ PORT: 'abc' }, 'PORT: PORT must be a whole number'],
    [{ PORT: '70000' }, 'PORT: PORT must be between 1 and 65535'],
    [
      { BACKEND_URL: 'ftp://x.example' },
      'BACKEND_URL: BACKEND_URL must be an absolute http(s) URL',
    ],
    [{ COMPANY_EMAIL: 'a@b' }, 'COMPANY_EMAIL: COMPANY_EMAIL must be an email address'],
    [{ COMPANY_PHONE: '123456' }, 'COMPANY_PHONE: COMPANY_PHONE must have 7 to 15 digits'],
    [{ ANALYTICS: 'matomo' }, 'ANALYTICS: ANALYTICS must be none, plausible or ga4'],
    [
      { IMAGE_HOSTS: 'https://x.example' },
      'IMAGE_HOSTS: IMAGE_HOSTS must be host names separated by commas, such as images.example.com',
    ],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL: REDIS_URL must start with redis:// or rediss://'],
    ...['11', 'loopback, 10.0.0.0/33', 'cdn.example', '1, loopback'].map((value) => [
      { TRUST_PROXY: value },
      'TRUST_PROXY: TRUST_PROXY must be a number of hops from 0 to 10, or addresses, CIDR ranges ' +
        'and the names loopback, linklocal, uniquelocal separated by commas',
    ]),
    [
      { CLIENT_COSTLY_RATE_LIMIT: '120' },
      'CLIENT_COSTLY_RATE_LIMIT: CLIENT_COSTLY_RATE_LIMIT must look like MAX/SECONDS, e.g. 600/30',
    ],
    [
      { CLIENT_MAX_IN_FLIGHT: '0' },
      'CLIENT_MAX_IN_FLIGHT: CLIENT_MAX_IN_FLIGHT must be between 1 and 1000',
    ],
  ] as [Record<string, string>, string][])(
    'stop the start with one line naming them: %j',
    (env, message) => {
      expect(configError({ ...production, ...env } as NodeJS.ProcessEnv)).toBe(
        `Invalid configuration: ${message}`,
      )
    },
  )
})

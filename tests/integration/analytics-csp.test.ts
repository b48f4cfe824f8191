/**
 * The CSP admits an analytics provider's script and collection origins only when ANALYTICS names
 * one, beside the hashes of the page's own inline scripts; with ANALYTICS=none it is the policy the site had before analytics.
 * The page carries no provider script either way: it is added in the browser after consent.
 */
import { afterAll, describe, expect, it } from 'vitest'

import { startServer, UNREACHABLE_URL, type RunningServer } from '../support/stack'

const POLICY_WITHOUT_ANALYTICS =
  "default-src 'self';script-src 'self' HASHES;script-src-attr 'none';style-src 'self' 'unsafe-inline';img-src 'self' data: https:;media-src 'self' https:;font-src 'self';connect-src 'self';form-action 'self';frame-ancestors 'none';frame-src 'none';object-src 'none';base-uri 'self';manifest-src 'self'"

const servers: RunningServer[] = []
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()))
})

async function policyWith(env: Record<string, string>) {
  const server = await startServer({ BACKEND_URL: UNREACHABLE_URL, ...env })
  servers.push(server)
  const response = await fetch(`${server.url}/privacy-policy`)
  const html = await response.text()
  const policy = response.headers.get('content-security-policy') ?? ''
  return {
    policy: policy
      .replace(/ 'sha256-[^']+'/g, '')
      .replace("script-src 'self'", "script-src 'self' HASHES"),
    directive: (name: string) =>
      policy
        .split(';')
        .find((directive) => directive.startsWith(`${name} `))
        ?.split(' ')
        .slice(1),
    html,
  }
}

/** Every source of script-src but 'self' and the provider's: the page's own inline scripts. */
const pageHashes = expect.arrayContaining([expect.stringMatching(/^'sha256-[\w+/]+=*'$/)])

describe('the CSP and analytics', () => {
  it('is unchanged without analytics', async () => {
    const { policy, directive } = await policyWith({ ANALYTICS: 'none' })
    expect(directive('script-src')?.slice(1).length).toBeGreaterThan(2)
    expect(policy).toBe(POLICY_WITHOUT_ANALYTICS)
  })

  it("admits Plausible's script and event origin, and nothing else, beside the page's hashes", async () => {
    const { directive, html } = await policyWith({
      ANALYTICS: 'plausible',
      ANALYTICS_ID: 'brightwell.example',
    })
    expect(directive('script-src')?.at(-1)).toBe('https://plausible.io')
    expect(directive('script-src')?.slice(1, -1)).toEqual(pageHashes)
    expect(directive('connect-src')).toEqual(["'self'", 'https://plausible.io'])
    expect(directive('default-src')).toEqual(["'self'"])
    expect(html).not.toMatch(/<script[^>]+plausible\.io/)
    // The privacy policy names the provider.
    expect(html).toContain('Plausible Analytics')
  })

  it("admits gtag.js and Google's collection origins for GA4", async () => {
    const { directive, html } = await policyWith({ ANALYTICS: 'ga4', ANALYTICS_ID: 'G-AB12CD34EF' })
    expect(directive('script-src')?.at(-1)).toBe('https://www.googletagmanager.com')
    expect(directive('script-src')?.slice(1, -1)).toEqual(pageHashes)
    expect(directive('connect-src')).toEqual([
      "'self'",
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://*.googletagmanager.com',
    ])
    expect(html).not.toMatch(/<script[^>]+googletagmanager/)
    expect(html).toContain('_ga_AB12CD34EF')
  })

  it('admits only the origin of ANALYTICS_SCRIPT_URL when the script comes from elsewhere', async () => {
    const { directive } = await policyWith({
      ANALYTICS: 'ga4',
      ANALYTICS_ID: 'G-AB12CD34EF',
      ANALYTICS_SCRIPT_URL: 'https://metrics.brightwell.example/gtag/js',
    })
    expect(directive('script-src')?.at(-1)).toBe('https://metrics.brightwell.example')
    expect(directive('connect-src')).toEqual(["'self'", 'https://metrics.brightwell.example'])
  })

  it('refuses to start with a bad setting, naming it in one line', async () => {
    await expect(startServer({ BACKEND_URL: UNREACHABLE_URL, ANALYTICS: 'ga4' })).rejects.toThrow(
      /Invalid configuration: ANALYTICS_ID: required when ANALYTICS=ga4\n/,
    )
  })
})

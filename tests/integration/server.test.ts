import { spawnSync } from 'node:child_process'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { REQUIRED_IN_PRODUCTION } from '../../app/lib/config.server'
import {
  freePort,
  productionEnv,
  ROOT,
  startStack,
  startServer,
  UNREACHABLE_URL,
  type Stack,
} from '../support/stack'

let stack: Stack

beforeAll(async () => {
  stack = await startStack()
})
afterAll(async () => {
  await stack?.stop()
})

describe('the production server', () => {
  it('answers /healthz with ok without calling the backend', async () => {
    const before = await stack.mock.state()
    const response = await fetch(`${stack.baseUrl}/healthz`)
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('ok')
    const after = await stack.mock.state()
    expect(after.postsRequests).toBe(before.postsRequests)
  })

  it('sets strict security headers with a fresh CSP nonce on every page', async () => {
    const first = await fetch(`${stack.baseUrl}/`)
    const second = await fetch(`${stack.baseUrl}/`)
    const csp = first.headers.get('content-security-policy') ?? ''
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
    expect(nonce).toBeTruthy()
    expect(second.headers.get('content-security-policy')).not.toContain(nonce)
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'(;|$)/)
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
    expect(first.headers.get('strict-transport-security')).toMatch(/max-age=\d+/)
    expect(first.headers.get('x-content-type-options')).toBe('nosniff')
    expect(first.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(first.headers.get('permissions-policy')).toContain('camera=()')
    expect(first.headers.get('x-powered-by')).toBeNull()

    const html = await first.text()
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0])
    expect(scripts.length).toBeGreaterThan(0)
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
  })

  it('sends the page with its module preloads and scripts held in a template until the first paint', async () => {
    const html = await (await fetch(`${stack.baseUrl}/`)).text()
    const held = /<template id="held-scripts">([\s\S]*?)<\/template>/.exec(html)
    expect(held).not.toBeNull()
    const outside = html.replace(held![0], '')
    expect(outside).not.toContain('modulepreload')
    expect(outside).not.toMatch(/<script[^>]* type="module"/)
    expect(
      held![1]!.match(/<link rel="modulepreload" href="\/build\/[^"]+\.js"\/>/g)?.length,
    ).toBeGreaterThan(5)
    expect(held![1]!.match(/<script[^>]* type="module" async="">import /g)).toHaveLength(1)
    expect(held![1]).toContain('window.__remixContext = ')
    const release = html.slice(html.lastIndexOf('<script'))
    expect(release).toContain("getElementById('held-scripts')")
    expect(release).toContain('requestAnimationFrame')
  })

  it('serves compiled assets with a one-year immutable cache', async () => {
    const html = await (await fetch(`${stack.baseUrl}/`)).text()
    const asset = /(\/build\/[^"]+\.js)/.exec(html)?.[1]
    expect(asset).toBeTruthy()
    const response = await fetch(`${stack.baseUrl}${asset}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  it('serves other public files with a short cache', async () => {
    const response = await fetch(`${stack.baseUrl}/favicon.svg`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600')
  })

  it('compresses pages for clients that accept gzip', async () => {
    const response = await fetch(`${stack.baseUrl}/`, {
      headers: { 'accept-encoding': 'gzip' },
      // Node's fetch decompresses transparently; read the raw header instead.
    })
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i)
  })

  it('answers unknown addresses with a 404 page in the site layout', async () => {
    const response = await fetch(`${stack.baseUrl}/no-such-page`)
    expect(response.status).toBe(404)
    const html = await response.text()
    expect(html).toContain('Page not found')
    expect(html).toContain('Book a Discovery Call')
    expect(html).toContain('<footer')
  })

  it('rejects a request body over 64 KiB with 413', async () => {
    const response = await fetch(`${stack.baseUrl}/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `message=${'a'.repeat(70 * 1024)}`,
    })
    expect(response.status).toBe(413)
  })

  it('logs one structured line per request without the query string', async () => {
    await fetch(`${stack.baseUrl}/no-such-page?email=someone@example.com`)
    await new Promise((resolve) => setTimeout(resolve, 100))
    const line = stack.server
      .output()
      .split('\n')
      .find((entry) => entry.includes('"path":"/no-such-page"'))
    expect(line).toBeTruthy()
    const entry = JSON.parse(line!)
    expect(entry).toMatchObject({ msg: 'request', method: 'GET', status: 404 })
    expect(typeof entry.durationMs).toBe('number')
    expect(stack.server.output()).not.toContain('someone@example.com')
  })
})

describe('graceful shutdown', () => {
  it('lets a request in flight finish, then exits 0 on SIGTERM', async () => {
    const local = await startStack({ BACKEND_TIMEOUT_MS: '8000' })
    try {
      await local.mock.setState({ posts: 'slow', delayMs: 1500 })
      const inFlight = fetch(`${local.baseUrl}/blog`)
      await new Promise((resolve) => setTimeout(resolve, 300))
      const exitCode = local.server.stop('SIGTERM')
      const response = await inFlight
      expect(response.status).toBe(200)
      expect(await response.text()).toContain('</html>')
      expect(await exitCode).toBe(0)
      await expect(fetch(`${local.baseUrl}/healthz`)).rejects.toThrow()
    } finally {
      await local.stop()
    }
  })
})

describe('settings', () => {
  it.each(REQUIRED_IN_PRODUCTION)(
    'stops at start, with one line naming it, when %s is missing in production',
    async (name) => {
      const env = { ...productionEnv(await freePort()), BACKEND_URL: UNREACHABLE_URL, [name]: '' }
      const run = spawnSync(process.execPath, ['build/server/index.js'], {
        cwd: ROOT,
        env,
        encoding: 'utf8',
        timeout: 30_000,
      })
      expect(run.status, run.stdout + run.stderr).toBe(1)
      expect(run.stderr.trim()).toBe(
        `Invalid configuration: ${name}: required when NODE_ENV=production`,
      )
    },
  )

  it('names a malformed optional setting', async () => {
    const started = startServer({ BACKEND_URL: UNREACHABLE_URL, CONTACT_RATE_LIMIT: 'five' })
    await expect(started).rejects.toThrow(
      /CONTACT_RATE_LIMIT: CONTACT_RATE_LIMIT must look like MAX\/SECONDS/,
    )
  })
})

/** The nonce that the response's CSP header allows scripts with. */
function cspNonce(response: Response) {
  return /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1]
}

/** Every distinct nonce that script tags in the page carry. */
function pageNonces(html: string) {
  return [...new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]))]
}

describe('the render cache', () => {
  it('replays a rendered page with the fresh nonce of each response', async () => {
    await fetch(`${stack.baseUrl}/privacy-policy`)
    const response = await fetch(`${stack.baseUrl}/privacy-policy`)
    expect(response.headers.get('x-render-cache')).toBe('hit')
    expect(pageNonces(await response.text())).toEqual([cspNonce(response)])
  })

  it('replays a page gzipped for a browser, the same page as uncompressed but for its fresh values', async () => {
    await fetch(`${stack.baseUrl}/`)
    // Asked as a browser asks; without the cache's own gzip the compression middleware picks br.
    // Node's fetch inflates gzip itself, and checks the CRC and length as it does.
    const gzipped = await fetch(`${stack.baseUrl}/`, {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(gzipped.headers.get('x-render-cache')).toBe('hit')
    expect(gzipped.headers.get('content-encoding')).toBe('gzip')
    const html = await gzipped.text()
    expect(html).toContain('Book a Discovery Call')
    expect(pageNonces(html)).toEqual([cspNonce(gzipped)])

    const plain = await fetch(`${stack.baseUrl}/`, { headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers.get('x-render-cache')).toBe('hit')
    expect(plain.headers.get('content-encoding')).toBeNull()
    // Each response also carries its own signed time for the enquiry form.
    const withoutFreshValues = (page: string, response: Response) =>
      page.replaceAll(cspNonce(response)!, 'NONCE').replace(/\d{13}\.[\w-]{43}/g, 'SERVED_AT')
    expect(withoutFreshValues(html, gzipped)).toBe(withoutFreshValues(await plain.text(), plain))
  })

  it('never caches a page that carries a flash message or a query string', async () => {
    await fetch(`${stack.baseUrl}/terms-of-service`)
    const withCookie = await fetch(`${stack.baseUrl}/terms-of-service`, {
      headers: { cookie: 'toast=abc' },
    })
    expect(withCookie.headers.get('x-render-cache')).toBeNull()
    const withQuery = await fetch(`${stack.baseUrl}/terms-of-service?ref=x`)
    expect(withQuery.headers.get('x-render-cache')).toBeNull()
    const withDataRequest = await fetch(`${stack.baseUrl}/terms-of-service?utm_source=x&_data=root`)
    expect(withDataRequest.headers.get('x-render-cache')).toBeNull()
    expect(withDataRequest.headers.get('content-type')).toMatch(/json/)
  })

  it('serves a visitor from an ad or newsletter link the cached page', async () => {
    await fetch(`${stack.baseUrl}/privacy-policy`)
    const fromCampaign = await fetch(
      `${stack.baseUrl}/privacy-policy?utm_source=newsletter&utm_medium=email&gclid=abc123`,
    )
    expect(fromCampaign.status).toBe(200)
    expect(fromCampaign.headers.get('x-render-cache')).toBe('hit')
    expect(pageNonces(await fromCampaign.text())).toEqual([cspNonce(fromCampaign)])
  })

  it('does not cache error pages, except the one page for unknown addresses', async () => {
    await fetch(`${stack.baseUrl}/blog/no-such-post`)
    const again = await fetch(`${stack.baseUrl}/blog/no-such-post`)
    expect(again.status).toBe(404)
    expect(again.headers.get('x-render-cache')).toBe('miss')
    await fetch(`${stack.baseUrl}/missing-page`)
    const unknown = await fetch(`${stack.baseUrl}/another-missing-page`)
    expect(unknown.status).toBe(404)
    expect(unknown.headers.get('x-render-cache')).toBe('hit')
  })
})

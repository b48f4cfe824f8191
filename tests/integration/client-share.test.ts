/**
 * Each client address's share of the work the instance does for it (decision 024), here 5
 * costly requests a minute: past it a search is refused 429, at once and with no-store, while the
 * pages the instance keeps, static files and the probes are still answered, another client is
 * not held by it, an enquiry still reaches its action, and the refusal is counted by reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { uniqueEnquiry } from '../support/enquiry'
import { freePort, startStack, type Stack } from '../support/stack'

let stack: Stack
let metricsUrl: string
beforeAll(async () => {
  const metricsPort = await freePort()
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`
  stack = await startStack({
    CLIENT_COSTLY_RATE_LIMIT: '5/60',
    METRICS_PORT: String(metricsPort),
  })
})
afterAll(async () => {
  await stack?.stop()
})

/** A GET as `client` (the one balancer in front says so), its status and headers. */
async function get(path: string, client: string) {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    headers: { 'x-forwarded-for': client },
  })
  await response.arrayBuffer()
  return response
}

async function refusals(reason: string) {
  const scrape = await (await fetch(metricsUrl)).text()
  return Number(
    new RegExp(`^http_requests_refused_total\\{reason="${reason}"\\} (\\d+)$`, 'm').exec(
      scrape,
    )?.[1],
  )
}

describe('past its rate of costly requests, a client', () => {
  it('is refused a search with 429, Retry-After and no-store, and nothing else', async () => {
    const client = '203.0.113.50'
    // The page kept once another visitor has seen it: a hit is never counted.
    expect((await get('/privacy-policy', '198.51.100.1')).status).toBe(200)
    expect((await get('/privacy-policy', client)).status).toBe(200)
    expect(await refusals('client_rate')).toBe(0)
    for (let i = 1; i <= 5; i += 1) expect((await get(`/blog?q=word${i}`, client)).status).toBe(200)

    const started = performance.now()
    const refused = await get('/blog?q=word6', client)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60)
    expect(refused.headers.get('cache-control')).toBe('no-store')
    // Held a second, so that a flood gets few answers; never much more.
    expect(performance.now() - started).toBeGreaterThanOrEqual(900)
    expect(await refusals('client_rate')).toBe(1)
    expect((await get('/blog.data?q=word7', client)).status).toBe(429)

    for (const kept of ['/privacy-policy', '/favicon.svg', '/healthz', '/readyz']) {
      expect((await get(kept, client)).status, kept).toBe(200)
    }
    // Another address in front of the same balancer has its own share.
    expect((await get('/blog?q=word6', '203.0.113.51')).status).toBe(200)
  })

  it('still has its enquiry taken: the enquiry limit answers it, with the typed fields kept', async () => {
    const client = '203.0.113.60'
    for (let i = 1; i <= 6; i += 1) await get(`/blog?q=other${i}`, client)
    expect((await get('/blog?q=other7', client)).status).toBe(429)
    const response = await fetch(`${stack.baseUrl}/contact`, {
      method: 'POST',
      body: new URLSearchParams(uniqueEnquiry()),
      headers: { 'x-forwarded-for': client },
      redirect: 'manual',
    })
    expect(response.status).toBe(303)
  })
})

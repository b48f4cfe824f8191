/**
 * What an operator running instances behind a load balancer relies on: liveness and readiness,
 * metrics on their own port with bounded labels, request ids, a log line per request, the HTTPS
 * redirect, Server-Timing, a 404 page that costs no render, and a graceful shutdown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startMockBackend, type MockBackend } from '../../mocks/backend'
import { uniqueEnquiry } from '../support/enquiry'
import { logLines } from '../support/log-lines'
import { freePort, mockControl, startServer, type RunningServer } from '../support/stack'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const SITE_URL = 'https://www.brightwell.example'

let backend: MockBackend
let server: RunningServer
let metricsUrl: string

beforeAll(async () => {
  backend = await startMockBackend({ quiet: true })
  const metricsPort = await freePort()
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`
  server = await startServer({
    BACKEND_URL: backend.url,
    SITE_URL,
    METRICS_PORT: String(metricsPort),
  })
})
afterAll(async () => {
  await server?.stop()
  await backend?.close()
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A server of its own that starts while the backend fails, so that it has no post list, and a
 * backend that then answers after `delayMs`: its first /blog waits that long for the list.
 */
async function startWaitingOnSlowBackend(delayMs: number) {
  const mock = mockControl(backend.url)
  await mock.setState({ posts: 'fail' })
  const local = await startServer({ BACKEND_URL: backend.url, POSTS_CACHE_TTL_S: '0' })
  await mock.setState({ posts: 'slow', delayMs })
  return local
}

/** The series of one metric in a scrape: `name{labels} value` lines. */
function series(scrape: string, name: string) {
  return scrape
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
}

describe('probes', () => {
  it('answers /healthz with ok without calling the backend', async () => {
    const before = await mockControl(backend.url).state()
    const response = await fetch(`${server.url}/healthz`)
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('ok')
    const after = await mockControl(backend.url).state()
    expect(after.postsRequests).toBe(before.postsRequests)
  })

  it('answers /readyz with 200 while the instance takes traffic', async () => {
    const response = await fetch(`${server.url}/readyz`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
  })
})

describe('request ids', () => {
  it('answers with a new id, or with the one the trusted proxy sent', async () => {
    const fresh = await fetch(`${server.url}/privacy-policy`)
    expect(fresh.headers.get('x-request-id')).toMatch(UUID)
    const proxied = await fetch(`${server.url}/privacy-policy`, {
      headers: { 'x-request-id': 'lb-7f3a-0001' },
    })
    expect(proxied.headers.get('x-request-id')).toBe('lb-7f3a-0001')
    const unusable = await fetch(`${server.url}/privacy-policy`, {
      headers: { 'x-request-id': 'x'.repeat(500) },
    })
    expect(unusable.headers.get('x-request-id')).toMatch(UUID)
  })

  it('puts the id in every log line of the request and sends it with the backend call', async () => {
    const mock = mockControl(backend.url)
    await mock.reset()
    try {
      const id = `enquiry-${Date.now()}`
      const response = await fetch(`${server.url}/contact`, {
        method: 'POST',
        headers: { 'x-request-id': id },
        redirect: 'manual',
        body: new URLSearchParams(uniqueEnquiry()),
      })
      expect(response.status).toBe(303)
      expect(response.headers.get('x-request-id')).toBe(id)
      await sleep(100)
      const lines = logLines(server.output()).filter((line) => line.requestId === id)
      // The action's line (logged inside Remix) as well as the request line.
      expect(lines.map((line) => line.msg)).toEqual(['enquiry forwarded', 'request'])
      const [received] = await mock.enquiries()
      expect(received!.requestId).toBe(id)
    } finally {
      await mock.reset()
    }
  })
})

describe('behind a TLS proxy', () => {
  it('sends a visitor who came over plain HTTP to the same path and query on SITE_URL', async () => {
    const response = await fetch(`${server.url}/blog?page=2&utm_source=mail`, {
      headers: { 'x-forwarded-proto': 'http' },
      redirect: 'manual',
    })
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe(`${SITE_URL}/blog?page=2&utm_source=mail`)
    expect(response.headers.get('x-request-id')).toMatch(UUID)
  })

  it('serves HTTPS requests, requests without the header, and the probes over HTTP', async () => {
    const https = await fetch(`${server.url}/`, { headers: { 'x-forwarded-proto': 'https' } })
    expect(https.status).toBe(200)
    const direct = await fetch(`${server.url}/`, { redirect: 'manual' })
    expect(direct.status).toBe(200)
    for (const probe of ['/healthz', '/readyz']) {
      const response = await fetch(`${server.url}${probe}`, {
        headers: { 'x-forwarded-proto': 'http' },
        redirect: 'manual',
      })
      expect(response.status, probe).toBe(200)
    }
  })

  it('believes neither the id nor the protocol of a client when no proxy is trusted', async () => {
    const untrusting = await startServer({
      BACKEND_URL: backend.url,
      SITE_URL,
      TRUST_PROXY: '0',
    })
    try {
      const response = await fetch(`${untrusting.url}/privacy-policy`, {
        headers: { 'x-request-id': 'forged-id', 'x-forwarded-proto': 'http' },
        redirect: 'manual',
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('x-request-id')).toMatch(UUID)
    } finally {
      await untrusting.stop()
    }
  })
})

describe('the request log', () => {
  it('logs one structured line per request without the query string', async () => {
    await fetch(`${server.url}/no-such-logged-page?email=someone@example.com`)
    await sleep(100)
    const line = server
      .output()
      .split('\n')
      .find((entry) => entry.includes('"path":"/no-such-logged-page"'))
    expect(line).toBeTruthy()
    const entry = JSON.parse(line!)
    expect(entry).toMatchObject({ msg: 'request', method: 'GET', status: 404 })
    expect(typeof entry.durationMs).toBe('number')
    expect(server.output()).not.toContain('someone@example.com')
  })
})

describe('Server-Timing', () => {
  it('tells how long a page waited on the backend and took to render', async () => {
    const local = await startWaitingOnSlowBackend(300)
    try {
      const response = await fetch(`${local.url}/blog`)
      expect(response.status).toBe(200)
      const timing = response.headers.get('server-timing') ?? ''
      const durations = Object.fromEntries(
        [...timing.matchAll(/(\w+);dur=([\d.]+)/g)].map(([, name, value]) => [name, Number(value)]),
      )
      expect(Object.keys(durations)).toEqual(['backend', 'data', 'render'])
      expect(durations.backend).toBeGreaterThanOrEqual(300)
      expect(durations.data).toBeGreaterThanOrEqual(durations.backend!)
      expect(durations.render).toBeGreaterThan(0)
    } finally {
      await mockControl(backend.url).setState({ posts: 'ok' })
      await local.stop()
    }
  })

  it('says so when a page came from the page cache', async () => {
    await fetch(`${server.url}/terms-of-service`)
    const cached = await fetch(`${server.url}/terms-of-service`)
    expect(cached.headers.get('server-timing')).toBe('render;dur=0;desc="page cache"')
  })
})

describe('unknown addresses', () => {
  it('answers unknown addresses with a 404 page in the site layout', async () => {
    const response = await fetch(`${server.url}/no-such-page`)
    expect(response.status).toBe(404)
    const html = await response.text()
    expect(html).toContain('Page not found')
    expect(html).toContain('Book a Discovery Call')
    expect(html).toContain('<footer')
  })

  it('get one cached 404 page, the same bytes whatever the address', async () => {
    const first = await fetch(`${server.url}/wp-login.php`)
    const second = await fetch(`${server.url}/.env?probe=${Date.now()}`)
    const third = await fetch(`${server.url}/admin/config.php`)
    for (const response of [first, second, third]) {
      expect(response.status).toBe(404)
    }
    for (const cached of [second, third]) {
      expect(cached.headers.get('server-timing')).toContain('desc="page cache"')
      expect(cached.headers.get('etag')).toBe(first.headers.get('etag'))
    }
    const [firstHtml, thirdHtml] = [await first.text(), await third.text()]
    expect(firstHtml).toContain('Page not found')
    expect(thirdHtml).toBe(firstHtml)
  })

  it('leave a missing blog post its own page', async () => {
    await fetch(`${server.url}/no-such-page-${Date.now()}`)
    const missing = await fetch(`${server.url}/blog/no-such-post`)
    expect(missing.status).toBe(404)
    expect(missing.headers.get('server-timing')).not.toContain('page cache')
    expect(await missing.text()).toContain('Blog post not found')
  })
})

describe('metrics', () => {
  it('are served on METRICS_PORT, never on the public port', async () => {
    const scrape = await fetch(metricsUrl)
    expect(scrape.status).toBe(200)
    expect(scrape.headers.get('content-type')).toContain('text/plain')
    const onPublicPort = await fetch(`${server.url}/metrics`)
    expect(onPublicPort.status).toBe(404)
    expect(await onPublicPort.text()).not.toContain('http_request_duration_seconds')
  })

  it('keep a bounded set of series however many different URLs are requested', async () => {
    // Only the request series can grow with the URLs asked for; the collector's and the post
    // list's own series may appear at any moment (a first major GC, a refresh) and are not counted.
    const requestSeries = (scrape: string) => series(scrape, 'http_request_duration_seconds_count')
    for (const method of ['GET', 'HEAD']) await fetch(`${server.url}/warm-up`, { method })
    const before = requestSeries(await (await fetch(metricsUrl)).text())
    expect(before.length).toBeGreaterThan(0)
    for (let i = 0; i < 200; i++) {
      const path = `/${Math.random().toString(36).slice(2)}/${i}.php?id=${i}`
      await fetch(`${server.url}${path}`, { method: i % 2 === 0 ? 'GET' : 'HEAD' })
    }
    const scrape = await (await fetch(metricsUrl)).text()
    expect(requestSeries(scrape).length).toBe(before.length)
    expect(scrape).not.toMatch(/\.php/)
    expect(
      series(scrape, 'http_request_duration_seconds_count').find((line) =>
        line.includes('route="not-found"'),
      ),
    ).toMatch(/method="GET",route="not-found",status_class="4xx"/)
  })

  it('cover requests by route, the backend, the post list, the page cache, enquiries and Node', async () => {
    await fetch(`${server.url}/blog`)
    const mock = mockControl(backend.url)
    await mock.setState({ enquiries: 'fail' })
    const failed = await fetch(`${server.url}/contact`, {
      method: 'POST',
      body: new URLSearchParams(uniqueEnquiry()),
    })
    await mock.setState({ enquiries: 'ok' })
    expect(failed.status).toBe(502)
    await fetch(`${server.url}/contact`, {
      method: 'POST',
      body: new URLSearchParams({ firstName: '' }),
    })
    await fetch(`${server.url}/contact`, {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    })
    const scrape = await (await fetch(metricsUrl)).text()
    const routes = new Set(
      series(scrape, 'http_request_duration_seconds_count').map(
        (line) => /route="([^"]+)"/.exec(line)![1],
      ),
    )
    expect([...routes]).toEqual(
      expect.arrayContaining([
        'routes/_index',
        'routes/blog._index',
        'routes/contact',
        'not-found',
      ]),
    )
    expect(scrape).toMatch(
      /backend_request_duration_seconds_count\{endpoint="posts",outcome="success"\} [1-9]/,
    )
    expect(scrape).toMatch(
      /backend_request_duration_seconds_count\{endpoint="send-email",outcome="http_error"\} [1-9]/,
    )
    expect(scrape).toMatch(/^posts_list_size [1-9]/m)
    expect(scrape).toMatch(/^posts_list_age_seconds \d/m)
    expect(scrape).toMatch(/posts_list_refreshes_total\{outcome="success"\} [1-9]/)
    expect(scrape).toMatch(/page_cache_lookups_total\{result="hit"\} [1-9]/)
    expect(scrape).toMatch(/page_cache_lookups_total\{result="miss"\} [1-9]/)
    for (const outcome of ['forwarded', 'invalid', 'failed', 'refused_origin']) {
      expect(scrape).toMatch(new RegExp(`enquiries_total\\{outcome="${outcome}"\\} [1-9]`))
    }
    for (const outcome of ['rate_limited', 'too_large', 'spam', 'duplicate']) {
      expect(scrape).toContain(`enquiries_total{outcome="${outcome}"}`)
    }
    expect(scrape).toContain('rate_limit_store_errors_total 0')
    expect(scrape).toMatch(/^process_cpu_user_seconds_total /m)
    expect(scrape).toMatch(/^nodejs_heap_size_used_bytes /m)
  })
})

describe('readiness during shutdown', () => {
  it('turns 503 at SIGTERM while requests in flight finish, then the instance exits 0', async () => {
    const local = await startWaitingOnSlowBackend(1500)
    const mock = mockControl(backend.url)
    try {
      expect((await fetch(`${local.url}/readyz`)).status).toBe(200)
      const inFlight = fetch(`${local.url}/blog`)
      await sleep(300)
      const exited = local.stop('SIGTERM')
      await sleep(100)
      const readiness = await fetch(`${local.url}/readyz`)
      expect(readiness.status).toBe(503)
      // Still accepting: a load balancer that has not yet seen the 503 loses nothing.
      expect((await fetch(`${local.url}/healthz`)).status).toBe(200)
      const response = await inFlight
      expect(response.status).toBe(200)
      expect(await response.text()).toContain('</html>')
      expect(await exited).toBe(0)
    } finally {
      await mock.setState({ posts: 'ok' })
      await local.stop()
    }
  })
})

/**
 * Caching over HTTP (docs/contracts.md#caching): compiled assets kept a year and other public
 * files an hour, compression, public pages the same for everyone with an ETag and 304, the pages
 * with the form's cookie private, and the instance's own page cache.
 */
import { describe, expect, it } from 'vitest'

import { dataUrl, readData } from '../support/remix-data'
import { startStack } from '../support/stack'
import { startedForTests } from '../support/started-for-tests'

const stack = startedForTests(() => startStack())

describe('static files and compression', () => {
  it('serves compiled assets with a one-year immutable cache', async () => {
    const html = await (await fetch(`${stack().baseUrl}/`)).text()
    const asset = /(\/build\/[^"]+\.js)/.exec(html)?.[1]
    expect(asset).toBeTruthy()
    const response = await fetch(`${stack().baseUrl}${asset}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  it('serves other public files with a short cache', async () => {
    const response = await fetch(`${stack().baseUrl}/favicon.svg`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600')
  })

  it('compresses pages for clients that accept gzip', async () => {
    const response = await fetch(`${stack().baseUrl}/`, {
      headers: { 'accept-encoding': 'gzip' },
      // Node's fetch decompresses transparently; read the raw header instead.
    })
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i)
  })
})

/**
 * The headers of a browser revalidating a page it holds. Node's fetch adds `Cache-Control:
 * no-cache` to a conditional request unless told otherwise, and a server rightly answers that
 * (a reload) in full.
 */
function revalidating(etag: string) {
  return { 'if-none-match': etag, 'cache-control': 'max-age=0' }
}

const PUBLIC_PAGES = [
  '/blog',
  '/blog?page=2',
  '/blog/chatbot-vs-live-chat',
  '/blog/category/ai-chatbots',
  '/blog?q=voice',
  '/privacy-policy',
  '/terms-of-service',
  '/blog/rss.xml',
  '/blog/category/ai-chatbots/rss.xml',
  '/sitemap.xml',
  '/robots.txt',
]

describe('HTTP caching', () => {
  it.each(PUBLIC_PAGES)(
    '%s is public, the same for everyone, with an ETag, and 304 when it has not changed',
    async (path) => {
      const first = await fetch(`${stack().baseUrl}${path}`)
      const second = await fetch(`${stack().baseUrl}${path}`)
      expect(first.status).toBe(200)
      expect(await second.text()).toBe(await first.text())
      expect(second.headers.get('etag')).toBe(first.headers.get('etag'))
      const cacheControl = first.headers.get('cache-control') ?? ''
      expect(cacheControl).toMatch(
        /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+, stale-if-error=(\d+)$/,
      )
      expect(Number(/stale-if-error=(\d+)/.exec(cacheControl)![1])).toBeGreaterThanOrEqual(86_400)
      expect(first.headers.get('set-cookie')).toBeNull()
      const revalidated = await fetch(`${stack().baseUrl}${path}`, {
        headers: revalidating(first.headers.get('etag')!),
      })
      expect(revalidated.status).toBe(304)
      expect(await revalidated.text()).toBe('')
    },
  )

  it('the blog follows POSTS_CACHE_TTL_S and the 404 page keeps its caching headers', async () => {
    // s-maxage counts down while the instance keeps the page; the window stays the setting's.
    const blog = (await fetch(`${stack().baseUrl}/blog`)).headers.get('cache-control') ?? ''
    expect(blog).toContain('stale-while-revalidate=60,')
    expect(Number(/s-maxage=(\d+)/.exec(blog)![1])).toBeLessThanOrEqual(60)
    const missing = await fetch(`${stack().baseUrl}/no-such-page`)
    expect(missing.status).toBe(404)
    expect(missing.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=\d+/)
    expect(missing.headers.get('etag')).toBeTruthy()
    expect(missing.headers.get('set-cookie')).toBeNull()
  })

  it.each(['/', '/contact'])(
    '%s sets the form cookie, so it is private, yet answers 304 when unchanged',
    async (path) => {
      const first = await fetch(`${stack().baseUrl}${path}`)
      expect(first.headers.get('cache-control')).toBe('private, no-cache')
      expect(first.headers.get('set-cookie')).toMatch(/^form_served_at=/)
      const revalidated = await fetch(`${stack().baseUrl}${path}`, {
        headers: revalidating(first.headers.get('etag')!),
      })
      expect(revalidated.status).toBe(304)
    },
  )

  it('keeps the thank-you page, and every answer to a POST, out of every cache', async () => {
    const sent = await fetch(`${stack().baseUrl}/contact?sent=1`)
    expect(sent.headers.get('cache-control')).toBe('private, no-store')
    const invalid = await fetch(`${stack().baseUrl}/contact`, {
      method: 'POST',
      body: new URLSearchParams({ firstName: '' }),
    })
    expect(invalid.status).toBe(400)
    expect(invalid.headers.get('cache-control')).toBe('private, no-store')
  })
})

/** Whether the instance answered from its page cache, as its Server-Timing says. */
function isFromPageCache(response: Response) {
  return /desc="page cache"/.test(response.headers.get('server-timing') ?? '')
}

describe('the page cache', () => {
  it('answers a second visitor with the same page, headers and ETag, compressed as asked', async () => {
    const first = await fetch(`${stack().baseUrl}/privacy-policy`)
    const firstHtml = await first.text()
    const again = await fetch(`${stack().baseUrl}/privacy-policy`, {
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(isFromPageCache(again)).toBe(true)
    expect(again.headers.get('content-encoding')).toBe('gzip')
    expect(await again.text()).toBe(firstHtml)
    for (const name of ['etag', 'cache-control', 'content-security-policy', 'content-type']) {
      expect(again.headers.get(name), name).toBe(first.headers.get(name))
    }
    const brotli = await fetch(`${stack().baseUrl}/privacy-policy`, {
      headers: { 'accept-encoding': 'br' },
    })
    expect(brotli.headers.get('content-encoding')).toBe('br')
    expect(await brotli.text()).toBe(firstHtml)
    const plain = await fetch(`${stack().baseUrl}/privacy-policy`, {
      headers: { 'accept-encoding': 'identity' },
    })
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(firstHtml)
  })

  it('answers If-None-Match with 304 from the cache as from a render', async () => {
    const page = await fetch(`${stack().baseUrl}/terms-of-service`)
    const etag = page.headers.get('etag')!
    const revalidated = await fetch(`${stack().baseUrl}/terms-of-service`, {
      headers: revalidating(etag),
    })
    expect(revalidated.status).toBe(304)
    expect(isFromPageCache(revalidated)).toBe(true)
    expect(await revalidated.text()).toBe('')
  })

  it('never answers a visitor with a flash message from it, nor a data request', async () => {
    await fetch(`${stack().baseUrl}/terms-of-service`)
    const withCookie = await fetch(`${stack().baseUrl}/terms-of-service`, {
      headers: { cookie: 'toast=abc' },
    })
    expect(isFromPageCache(withCookie)).toBe(false)
    const withDataRequest = await fetch(dataUrl(stack().baseUrl, '/terms-of-service?utm_source=x'))
    expect(withDataRequest.status).toBe(200)
    expect(isFromPageCache(withDataRequest)).toBe(false)
    expect(withDataRequest.headers.get('content-type')).toMatch(/^text\/x-script/)
    expect(await readData(withDataRequest)).toHaveProperty('root.data.site')
  })

  it("answers Remix's requests for data itself, never with the kept 404 page", async () => {
    for (let i = 0; i < 2; i++) await fetch(`${stack().baseUrl}/no-such-page`)
    const missingData = await fetch(dataUrl(stack().baseUrl, '/no-such-page'))
    expect(missingData.status).toBe(404)
    expect(isFromPageCache(missingData)).toBe(false)
    expect(missingData.headers.get('content-type')).toMatch(/^text\/x-script/)

    const html = await (await fetch(`${stack().baseUrl}/`)).text()
    const version = /"version":\s*"([^"]+)"/.exec(html)![1]!
    for (let i = 0; i < 2; i++) {
      const discovery = await fetch(
        `${stack().baseUrl}/__manifest?p=%2Fblog&version=${encodeURIComponent(version)}`,
      )
      expect(discovery.status).toBe(200)
      expect(isFromPageCache(discovery)).toBe(false)
      expect(Object.keys(await discovery.json())).toContain('routes/blog._index')
    }
  })

  it('serves a visitor from an ad or newsletter link the cached page', async () => {
    await fetch(`${stack().baseUrl}/privacy-policy`)
    const fromCampaign = await fetch(
      `${stack().baseUrl}/privacy-policy?utm_source=newsletter&utm_medium=email&gclid=abc123`,
    )
    expect(fromCampaign.status).toBe(200)
    expect(isFromPageCache(fromCampaign)).toBe(true)
  })

  it('keeps no error page, except the one page for unknown addresses', async () => {
    await fetch(`${stack().baseUrl}/blog/no-such-post`)
    const again = await fetch(`${stack().baseUrl}/blog/no-such-post`)
    expect(again.status).toBe(404)
    expect(isFromPageCache(again)).toBe(false)
    await fetch(`${stack().baseUrl}/missing-page`)
    const unknown = await fetch(`${stack().baseUrl}/another-missing-page`)
    expect(unknown.status).toBe(404)
    expect(isFromPageCache(unknown)).toBe(true)
  })

  it('keeps the home page, whose form cookie is set for each visitor around it', async () => {
    await fetch(`${stack().baseUrl}/`)
    const [first, second] = await Promise.all([
      fetch(`${stack().baseUrl}/`),
      fetch(`${stack().baseUrl}/`),
    ])
    expect(isFromPageCache(second)).toBe(true)
    expect(first.headers.getSetCookie()).toEqual([
      expect.stringMatching(/^form_served_at=[^;]+; Path=\/contact; HttpOnly; SameSite=Lax$/),
      expect.stringMatching(/^form_served_at=[^;]+; Path=\/contact\.data; HttpOnly; SameSite=Lax$/),
    ])
    expect(second.headers.get('set-cookie')).toMatch(/^form_served_at=/)
    expect(second.headers.get('cache-control')).toBe('private, no-cache')
  })
})

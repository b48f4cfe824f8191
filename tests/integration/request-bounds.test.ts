/**
 * Every request's cost is bounded before Remix renders it, whatever the method and whether the
 * page cache is on. Remix 2 matches the routes once per ancestor of the path during every
 * document render, so a page rendered for a long, deep path costs the square of its length: such
 * an address gets the site's 404 page rendered once and kept. A method an address does not take,
 * a malformed address, headers and bodies past their limits are refused plainly, with no error
 * logged. The page cache keys a page on the query parameters its route reads, and no others.
 * (`npm run bench:bounds` gives what each costs.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { logLines } from '../support/log-lines'
import { rawRequest, type RawAnswer, type RawRequest } from '../support/raw-request'
import { startStack, type Stack } from '../support/stack'

let stack: Stack
let uncached: Stack
beforeAll(async () => {
  const started = await Promise.all([startStack(), startStack({ POSTS_CACHE_TTL_S: '0' })])
  stack = started[0]
  uncached = started[1]
})
afterAll(async () => {
  await Promise.all([stack?.stop(), uncached?.stop()])
})

const send = (request: RawRequest, on = stack) => rawRequest(on.baseUrl, request)

/**
 * A path no route takes, under /blog: a page rendered for it would list the blog's routes among
 * those its ancestors match; the kept page, rendered for a short path, lists none of them.
 */
const DEEP = '/blog/category/a/b/c/d/e'
const LONG = `/blog-${'x'.repeat(300)}`
const HUGE = `/blog${'/a'.repeat(3500)}`
const FLASH_COOKIE = { cookie: 'toast=eyJ0eXBlIjoic3VjY2VzcyJ9' }

/** The lines a server wrote that are errors, or not its JSON lines at all (a stack trace). */
const noise = (output: string) =>
  output
    .split('\n')
    .filter(Boolean)
    .filter((line) => !line.startsWith('{') || line.includes('"level":"error"'))

describe('an address no route takes, deeper or longer than any route', () => {
  it('gets the site 404 page rendered once and kept, in its layout, whatever asks', async () => {
    // A short unknown path is rendered as before: the kept page is that page, byte for byte.
    const ordinaryOn = new Map<Stack, RawAnswer>()
    for (const on of [stack, uncached]) {
      const ordinary = await send({ path: '/no-such-page' }, on)
      expect(ordinary.status).toBe(404)
      expect(ordinary.body).toContain('Page not found')
      expect(ordinary.body).toMatch(/<nav[\s\S]*<footer[\s\S]*<\/html>$/)
      ordinaryOn.set(on, ordinary)
    }
    for (const [on, request] of [
      [stack, { path: DEEP }],
      [stack, { path: LONG }],
      [stack, { path: HUGE }],
      [stack, { path: HUGE, headers: FLASH_COOKIE }],
      [uncached, { path: DEEP }],
      [uncached, { path: HUGE }],
      [uncached, { path: HUGE, headers: FLASH_COOKIE }],
    ] as const) {
      const kept = await send(request, on)
      const ordinary = ordinaryOn.get(on)!
      const name = `${request.path.slice(0, 30)}… ${JSON.stringify(request.headers ?? {})}`
      expect(kept.status, name).toBe(404)
      expect(kept.headers['server-timing'], name).toBe('render;dur=0;desc="page cache"')
      // Compared as booleans: a failure would print two pages of HTML.
      expect(kept.body === ordinary.body, name).toBe(true)
      expect(kept.headers['cache-control'], name).toBe(ordinary.headers['cache-control'])
      expect(kept.headers['content-security-policy'], name).toBe(
        ordinary.headers['content-security-policy'],
      )
      expect(kept.headers.etag, name).toMatch(/^W\/"/)
      expect(kept.body, name).not.toContain('routes/blog')
    }
    const head = await send({ method: 'HEAD', path: HUGE }, uncached)
    expect(head.status).toBe(404)
    expect(head.headers['server-timing']).toBe('render;dur=0;desc="page cache"')
    expect(head.body).toBe('')
  })

  it('leaves every real address as it was: a long slug, a deep media file', async () => {
    const longSlug = await send({ path: `/blog/${'a-long-slug-'.repeat(30)}` })
    expect(longSlug.status).toBe(404)
    expect(longSlug.body).toContain('Blog post not found')
    const media = await send({ path: '/media/2025/03/a/b/c/d/e/f/chatbot-vs-live-chat.svg' })
    expect(media.status).toBe(200)
    expect(media.headers['content-type']).toBe('image/svg+xml')
  })
})

describe('a method an address does not take', () => {
  it('is answered 405 with Allow and the site 405 page kept, before any route sees it', async () => {
    const cases: Array<[string, string, string]> = [
      ['TRACE', '/', 'GET, HEAD'],
      ['PROPFIND', '/', 'GET, HEAD'],
      ['OPTIONS', '/blog', 'GET, HEAD'],
      ['PUT', '/contact', 'GET, HEAD, POST'],
      ['DELETE', '/contact.data', 'GET, HEAD, POST'],
      ['PATCH', '/privacy-policy', 'GET, HEAD'],
      ['POST', '/', 'GET, HEAD'],
      ['POST', '/blog.data', 'GET, HEAD'],
      ['POST', '/__manifest?p=/blog', 'GET, HEAD'],
      ['POST', '/healthz', 'GET, HEAD'],
      ['POST', '/favicon.svg', 'GET, HEAD'],
      ['POST', DEEP, 'GET, HEAD'],
      ['POST', HUGE, 'GET, HEAD'],
    ]
    for (const [method, path, allowed] of cases) {
      for (const on of [stack, uncached]) {
        const answer = await send({ method, path, body: 'a=1' }, on)
        const name = `${method} ${path.slice(0, 30)}`
        expect(answer.status, name).toBe(405)
        expect(answer.headers.allow, name).toBe(allowed)
        expect(answer.headers['cache-control'], name).toBe('private, no-store')
        expect(answer.headers['server-timing'], name).toBe('render;dur=0;desc="page cache"')
        // The site's own page, as Remix renders it for a method a page does not take.
        expect(answer.body, name).toMatch(/<h1[^>]*>Unexpected Application Error!<\/h1>/)
        expect(answer.body, name).toContain('Error 405')
      }
    }
  })

  it('leaves the enquiry action as it was', async () => {
    const invalid = await send({
      method: 'POST',
      path: '/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'firstName=',
    })
    expect(invalid.status).toBe(400)
    expect(invalid.body).toContain('First name is required')
  })
})

describe('a malformed address, headers or a body past their limits', () => {
  it('is a plain 400 when the path does not decode or holds a NUL', async () => {
    for (const path of ['/%E0%A4%A', '/blog/%', '/%00', '/blog/a%00b', '/%zz']) {
      const answer = await send({ path })
      expect(answer.status, path).toBe(400)
      expect(answer.headers['cache-control'], path).toBe('no-store')
      expect(answer.body, path).toBe('The address is malformed.')
    }
  })

  it('is a plain 414 past 8,192 characters, never below what route discovery sends', async () => {
    expect((await send({ path: `/${'a'.repeat(8192)}` })).status).toBe(414)
    const paths = Array.from({ length: 60 }, (_, i) => `p=/blog/a-post-of-a-long-name-${i}`)
    const manifest = `/__manifest?${paths.join('&')}&version=x`.padEnd(7600, 'x')
    expect((await send({ path: manifest })).status).not.toBe(414)
  })

  it('is 431 past 16 KiB of headers after the longest address, and a 16,000-byte cookie jar is not', async () => {
    const jar = { cookie: `jar=${'a'.repeat(16_000)}` }
    expect((await send({ path: '/privacy-policy', headers: jar })).status).toBe(200)
    // Node counts the request line into its header limit: the longest address still leaves 16 KiB.
    const paths = Array.from({ length: 60 }, (_, i) => `p=/blog/a-post-of-a-long-name-${i}`)
    const manifest = `/__manifest?${paths.join('&')}&version=x`.padEnd(7600, 'x')
    expect((await send({ path: manifest, headers: jar })).status).not.toBe(431)
    const tooMany = { cookie: `jar=${'a'.repeat(25_000)}` }
    expect((await send({ path: '/privacy-policy', headers: tooMany })).status).toBe(431)
  })

  it('is 413 for a body where none is taken, and past 64 KiB where one is', async () => {
    const onGet = await send({ path: '/blog', body: 'a'.repeat(100) })
    expect(onGet.status).toBe(413)
    expect(onGet.headers.connection).toBe('close')
    const chunkedOnHead = await send({ method: 'HEAD', path: '/', body: 'a', chunked: true })
    expect(chunkedOnHead.status).toBe(413)
    const declared = await send({ method: 'POST', path: '/contact', body: 'a'.repeat(70_000) })
    expect(declared.status).toBe(413)
    const chunked = await send({
      method: 'POST',
      path: '/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `message=${'a'.repeat(70_000)}`,
      chunked: true,
    })
    expect(chunked.status).toBe(413)
  })
})

describe('the page cache', () => {
  it('keys a page on the query parameters its route reads, and no others', async () => {
    const first = await fetch(`${stack.baseUrl}/privacy-policy?x=${Math.random()}`)
    expect(first.status).toBe(200)
    const other = await fetch(`${stack.baseUrl}/privacy-policy?y=${Math.random()}&utm_source=a`)
    expect(other.headers.get('server-timing')).toBe('render;dur=0;desc="page cache"')

    const pageTwo = await fetch(`${stack.baseUrl}/blog?page=2`)
    expect(pageTwo.status).toBe(200)
    const withNoise = await fetch(`${stack.baseUrl}/blog?x=1&page=2`)
    expect(withNoise.headers.get('server-timing')).toBe('render;dur=0;desc="page cache"')
    expect(await withNoise.text()).toBe(await pageTwo.text())
    const search = await fetch(`${stack.baseUrl}/blog?page=2&q=voice`)
    expect(search.headers.get('server-timing')).not.toContain('page cache')
  })
})

describe('the log', () => {
  it('holds no error and no stack for anything above', () => {
    expect(noise(stack.server.output())).toEqual([])
    expect(noise(uncached.server.output())).toEqual([])
    expect(logLines(stack.server.output(), 'request').length).toBeGreaterThan(20)
  })
})

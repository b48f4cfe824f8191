import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'

import compression from 'compression'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  createRenderCache,
  deflateSegment,
  deflateWithHistory,
  hasOnlyTrackingParams,
} from './render-cache'

/**
 * What the test app renders: nonces at the very start and end, non-ASCII text, and multi-byte
 * characters right next to a nonce; long enough for the compression middleware to act on it. A
 * second per-response value (a signed time, of varying length) stands in a field and in data.
 */
function page(nonce: string, servedAt: string) {
  return (
    `${nonce}<!DOCTYPE html><html><head><script nonce="${nonce}">start()</script></head>` +
    `<body><p>We’re here → from £5</p><input type="hidden" value="${servedAt}">` +
    `${'<p>Same for every visitor.</p>'.repeat(100)}` +
    `<p>→${nonce}£</p><script nonce="${nonce}">end({"servedAt":"${servedAt}"})</script></body></html>${nonce}`
  )
}

let responses = 0
/** The version of the data that pages under /blog/ show; other pages show none of it. */
let postsVersion = 'a'

let server: http.Server
let baseUrl: string

beforeAll(async () => {
  // The same order as server.ts: nonce, compression, then the cache in front of the renderer.
  const app = express()
  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString('base64')
    // Stands in for the CSP header, which tells a client the nonce of its response.
    res.setHeader('X-Nonce', res.locals.cspNonce as string)
    responses += 1
    res.locals.servedAt = `${Date.now()}.${'s'.repeat(responses % 7)}`
    res.setHeader('X-Served-At', res.locals.servedAt as string)
    next()
  })
  app.use(compression())
  app.use(
    createRenderCache({
      ttlMs: 60_000,
      version: (req) => (req.path.startsWith('/blog/') ? postsVersion : ''),
      freshValues: (res) => [res.locals.cspNonce as string, res.locals.servedAt as string],
      isUnknownAddress: (req) => req.path.startsWith('/missing/'),
    }),
  )
  app.get('/missing/*', (_req, res) => {
    res
      .status(404)
      .type('html')
      .send(page(res.locals.cspNonce as string, res.locals.servedAt as string))
  })
  app.get('*', (_req, res) => {
    res.type('html').send(page(res.locals.cspNonce as string, res.locals.servedAt as string))
  })
  server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

type Reply = { headers: http.IncomingHttpHeaders; body: Buffer; nonce: string; servedAt: string }

/** The raw bytes of a response, not decoded (unlike fetch). */
function get(path: string, acceptEncoding?: string): Promise<Reply> {
  const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }
  return new Promise((resolve, reject) => {
    http
      .get(`${baseUrl}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            headers: response.headers,
            body: Buffer.concat(chunks),
            nonce: String(response.headers['x-nonce']),
            servedAt: String(response.headers['x-served-at']),
          }),
        )
      })
      .on('error', reject)
  })
}

/** A cache hit: the first request renders and stores the page. */
async function hit(path: string, acceptEncoding?: string): Promise<Reply> {
  await get(path)
  const reply = await get(path, acceptEncoding)
  expect(reply.headers['x-render-cache']).toBe('hit')
  return reply
}

describe('the render cache, for a client that accepts gzip', () => {
  it('replays one gzip member that inflates to the page as rendered with its own nonce', async () => {
    const reply = await hit('/gzip', 'gzip, deflate, br')
    expect(reply.headers['content-encoding']).toBe('gzip')
    expect(reply.headers['vary']).toMatch(/accept-encoding/i)
    expect(reply.headers['etag']).toBeUndefined()
    expect(Number(reply.headers['content-length'])).toBe(reply.body.length)
    // One gunzip gives the HTML: the compression middleware did not compress it again.
    expect(zlib.gunzipSync(reply.body).toString('utf8')).toBe(page(reply.nonce, reply.servedAt))
  })

  it('gives each hit its own nonce', async () => {
    await get('/twice')
    const first = await get('/twice', 'gzip')
    const second = await get('/twice', 'gzip')
    expect(first.nonce).not.toBe(second.nonce)
    expect(first.servedAt).not.toBe(second.servedAt)
    expect(zlib.gunzipSync(first.body).toString('utf8')).toBe(page(first.nonce, first.servedAt))
    expect(zlib.gunzipSync(second.body).toString('utf8')).toBe(page(second.nonce, second.servedAt))
  })

  it('keeps a multi-byte character next to a nonce whole', async () => {
    const reply = await hit('/multi-byte', 'gzip')
    expect(zlib.gunzipSync(reply.body).toString('utf8')).toContain(`<p>→${reply.nonce}£</p>`)
  })

  it('ends with the CRC-32 and the byte length of the page, which gunzip checks', async () => {
    const reply = await hit('/trailer', 'gzip')
    const html = Buffer.from(page(reply.nonce, reply.servedAt))
    expect(reply.body.readUInt32LE(reply.body.length - 8)).toBe(zlib.crc32(html))
    expect(reply.body.readUInt32LE(reply.body.length - 4)).toBe(html.length)
    const wrongCrc = Buffer.from(reply.body)
    wrongCrc[wrongCrc.length - 8]! ^= 1
    expect(() => zlib.gunzipSync(wrongCrc)).toThrow(/incorrect data check/)
    const wrongSize = Buffer.from(reply.body)
    wrongSize[wrongSize.length - 4]! ^= 1
    expect(() => zlib.gunzipSync(wrongSize)).toThrow(/incorrect length check/)
  })
})

describe('a cached segment, deflated', () => {
  it('holds its own bytes, not the 16 KB output chunk zlib wrote it into', () => {
    const segment = Buffer.from('<p nonce="')
    const deflated = deflateSegment(segment)
    expect(deflated.buffer.byteLength).toBeLessThan(16 * 1024)
    expect(
      zlib.inflateRawSync(deflated, { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString(),
    ).toBe('<p nonce="')
  })
})

describe('a cached page, deflated as one stream', () => {
  const text =
    '<section><h2>Same for every visitor</h2><p>Our automations save hours.</p></section>'
  const segments = [
    `<html>${text.repeat(40)}<script nonce="`,
    `">go()</script>${text.repeat(40)}</html>`,
  ]
  const nonceLength = 24

  /** What a replay sends, without the gzip frame: the segments with a value as a stored block between. */
  function stream(deflated: Buffer[], value: string) {
    const stored = Buffer.alloc(5)
    stored.writeUInt16LE(value.length, 1)
    stored.writeUInt16LE(~value.length & 0xffff, 3)
    const final = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff])
    return Buffer.concat([deflated[0]!, stored, Buffer.from(value), deflated[1]!, final])
  }

  it('inflates to the page with any value of the length it was deflated with', () => {
    const deflated = deflateWithHistory(
      segments.map((segment) => Buffer.from(segment)),
      [nonceLength],
    )!
    for (const nonce of ['A'.repeat(nonceLength), crypto.randomBytes(16).toString('base64')]) {
      expect(zlib.inflateRawSync(stream(deflated, nonce)).toString()).toBe(segments.join(nonce))
    }
  })

  it('refers back across the value, so it is smaller than its segments deflated alone', () => {
    const buffers = segments.map((segment) => Buffer.from(segment))
    const withHistory = deflateWithHistory(buffers, [nonceLength])!
    const alone = buffers.map(deflateSegment)
    expect(withHistory[0]).toEqual(alone[0])
    // The second half repeats the first: with the history it is a few back-references.
    expect(withHistory[1]!.length).toBeLessThan(alone[1]!.length / 2)
  })

  it('is not made for a page that holds NUL, which the stand-ins for values are made of', () => {
    expect(deflateWithHistory([Buffer.from('a\0b'), Buffer.from('c')], [nonceLength])).toBeNull()
  })
})

describe('the render cache, for a client that does not accept gzip', () => {
  it.each([
    ['no Accept-Encoding', undefined],
    ['gzip;q=0', 'gzip;q=0'],
  ])('replays the page uncompressed with %s', async (_name, acceptEncoding) => {
    const reply = await hit(`/identity/${String(acceptEncoding)}`, acceptEncoding)
    expect(reply.headers['content-encoding']).toBeUndefined()
    expect(reply.headers['etag']).toBeUndefined()
    const html = page(reply.nonce, reply.servedAt)
    expect(reply.body.toString('utf8')).toBe(html)
    // Bytes, not characters: the page has ’, → and £.
    expect(Number(reply.headers['content-length'])).toBe(Buffer.byteLength(html))
  })
})

describe('which addresses share a cached page', () => {
  it.each([
    ['/', true],
    ['/?', true],
    ['/blog?utm_source=newsletter&utm_medium=email&utm_campaign=spring', true],
    ['/?gclid=abc&fbclid=def&msclkid=ghi', true],
    ['/blog?page=2', false],
    ['/blog?utm_source=newsletter&page=2', false],
    ['/contact?sent=1', false],
    ['/?_data=root', false],
    ['/?utm_source=x&_data=root', false],
  ])('%s: %s', (url, isShared) => {
    const names = new URL(url, 'http://localhost').searchParams.keys()
    expect(hasOnlyTrackingParams(names)).toBe(isShared)
  })

  it('replays the page of a path to a visitor who came from a campaign link', async () => {
    await get('/campaign-landing')
    const reply = await get('/campaign-landing?utm_source=ads&gclid=xyz', 'gzip')
    expect(reply.headers['x-render-cache']).toBe('hit')
    expect(zlib.gunzipSync(reply.body).toString()).toBe(page(reply.nonce, reply.servedAt))
  })
})

describe('the page for unknown addresses', () => {
  it('is rendered once and replayed, with its 404 status, for every unknown path', async () => {
    const first = await fetch(`${baseUrl}/missing/wp-login.php`)
    expect(first.status).toBe(404)
    await first.text()
    for (const path of ['/missing/.env', '/missing/admin.php?id=1']) {
      const response = await fetch(`${baseUrl}${path}`)
      expect(response.status).toBe(404)
      expect(response.headers.get('x-render-cache')).toBe('hit')
      expect(await response.text()).toBe(
        page(response.headers.get('x-nonce')!, response.headers.get('x-served-at')!),
      )
    }
  })

  it('is not given for a Remix data request', async () => {
    await (await fetch(`${baseUrl}/missing/one`)).text()
    const response = await fetch(`${baseUrl}/missing/two?_data=root`)
    expect(response.headers.get('x-render-cache')).toBeNull()
  })
})

describe('a change of the data pages show', () => {
  it('renders again only the pages that show that data', async () => {
    for (const path of ['/blog/list', '/about']) await fetch(`${baseUrl}${path}`)
    postsVersion = 'b'
    const blog = await fetch(`${baseUrl}/blog/list`)
    const about = await fetch(`${baseUrl}/about`)
    expect(blog.headers.get('x-render-cache')).toBe('miss')
    expect(about.headers.get('x-render-cache')).toBe('hit')
    const again = await fetch(`${baseUrl}/blog/list`)
    expect(again.headers.get('x-render-cache')).toBe('hit')
  })
})

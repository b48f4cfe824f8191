/**
 * Post images as the production server makes them: `/images/{token}/{fit}-{width}.{format}` from
 * the backend's media and from an allowed host (a local stand-in, see support/image-host.ts),
 * what it refuses and how, and `/media/` beside them.
 */
import { createHmac } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { siteImage, type ImageRules } from '../../app/images/sources.server'
import { fixturePosts } from '../../mocks/fixtures/posts'
import {
  BLUE,
  blackPng,
  noisyJpeg,
  RED,
  sidewaysJpeg,
  startImageHost,
  type HostedAnswer,
  type ImageHost,
} from '../support/image-host'
import { getPage } from '../support/page-text'
import {
  ROOT,
  startStack,
  TEST_SESSION_SECRET,
  type RunningServer,
  type Stack,
} from '../support/stack'

const SITE_URL = 'https://www.brightwell.example'
const HOST = 'images.test.example'
const BACKEND_TIMEOUT_MS = 1500
const VARIANT_CACHE_CONTROL =
  'public, max-age=86400, stale-while-revalidate=604800, stale-if-error=604800'
const WIDTHS = [400, 720, 960, 1200, 1680]
const MEDIA_DIR = path.join(ROOT, 'mocks/fixtures/images')

const CAMERA_SOURCE = '/media/camera-photo.jpg'
const cameraPost = fixturePosts.find((post) => post.image_url === CAMERA_SOURCE)

/** The key the server signs image sources with, derived from a session secret as it does. */
function imageKey(secret: string) {
  return createHmac('sha256', secret).update('post image addresses').digest('base64url')
}

function rules(secret = TEST_SESSION_SECRET): ImageRules {
  // The backend's origin only matters for absolute addresses; these sources are all relative or https.
  return { backendUrl: 'http://backend.invalid', imageHosts: [HOST], keys: [imageKey(secret)] }
}

/** The token a page shows for `source`, from the site's own code. */
function tokenOf(source: string, secret = TEST_SESSION_SECRET) {
  const image = siteImage(source, rules(secret))
  if (!image || !('token' in image)) throw new Error(`no token for ${source}`)
  return image.token
}

/** A token signed by hand, for sources no page would ever sign (the server must still refuse). */
function signedByHand(source: string, secret = TEST_SESSION_SECRET) {
  const signature = createHmac('sha256', imageKey(secret)).update(source).digest('base64url')
  return `${Buffer.from(source).toString('base64url')}.${signature.slice(0, 22)}`
}

const cameraToken = tokenOf(CAMERA_SOURCE)
const hosted = (file: string) => `https://${HOST}/${file}`

/**
 * The production server, with IMAGE_HOSTS but no way to reach them; and another whose requests to
 * IMAGE_HOSTS reach the local stand-in instead (tests/support/image-host-preload.mjs).
 */
let stack: Stack
let hostile: Stack
let host: ImageHost
let bigPhoto: Buffer

/** What the image host serves, keyed by the path it is asked for. */
async function hostedFiles(): Promise<Record<string, HostedAnswer>> {
  const [png, photo, sideways] = await Promise.all([
    blackPng(16_000),
    noisyJpeg(8000, 6000),
    sidewaysJpeg(),
  ])
  bigPhoto = photo
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><rect width="1200" height="630" fill="red"/></svg>',
  )
  // JPEG's first bytes, then no JPEG: past the sniffing, the decoder must give up.
  const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4096, 0x5a)])
  const tooLarge = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(26 << 20)])
  const files: Record<string, HostedAnswer> = {
    'huge.png': { kind: 'file', body: png, type: 'image/png' },
    'phone-48mp.jpg': { kind: 'file', body: photo, type: 'image/jpeg' },
    'sideways.jpg': { kind: 'file', body: sideways, type: 'image/jpeg' },
    'drawing.svg': { kind: 'file', body: svg, type: 'image/svg+xml' },
    'svg-as.jpg': { kind: 'file', body: svg, type: 'image/jpeg' },
    'page-as.jpg': {
      kind: 'file',
      body: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
      type: 'image/jpeg',
    },
    'text-as.jpg': {
      kind: 'file',
      body: Buffer.from('just some text\n'.repeat(100)),
      type: 'image/jpeg',
    },
    'garbage.jpg': { kind: 'file', body: garbage, type: 'image/jpeg' },
    'too-large.jpg': { kind: 'file', body: tooLarge, type: 'image/jpeg' },
    'too-large-chunked.jpg': { kind: 'file', body: tooLarge, type: 'image/jpeg', chunked: true },
    'hangs.jpg': { kind: 'hang' },
    'stalls.jpg': { kind: 'stall', body: photo, type: 'image/jpeg' },
    'fails.jpg': { kind: 'status', status: 500 },
    'redirects.jpg': { kind: 'redirect', location: `/${HOST}/redirect-target.jpg` },
    'redirect-target.jpg': { kind: 'file', body: sideways, type: 'image/jpeg' },
  }
  return Object.fromEntries(
    Object.entries(files).map(([file, answer]) => [`/${HOST}/${file}`, answer]),
  )
}

beforeAll(async () => {
  const files: Record<string, HostedAnswer> = {}
  host = await startImageHost(files)
  // The images are made while the servers start.
  const [made, production, withTestOrigin] = await Promise.all([
    hostedFiles(),
    startStack({ SITE_URL, IMAGE_HOSTS: HOST }),
    startStack({
      NODE_OPTIONS: `--import=${pathToFileURL(path.join(import.meta.dirname, '../support/image-host-preload.mjs')).href}`,
      IMAGE_HOSTS_VIA: host.url,
      SITE_URL,
      IMAGE_HOSTS: HOST,
      BACKEND_TIMEOUT_MS: String(BACKEND_TIMEOUT_MS),
    }),
  ])
  Object.assign(files, made)
  stack = production
  hostile = withTestOrigin
})
afterAll(async () => {
  await Promise.all([stack?.stop(), hostile?.stop()])
  await host?.close()
})

/** One request, its body read whole, and how long the answer took. */
async function request(url: string, init: RequestInit = {}, base = stack.baseUrl) {
  const started = performance.now()
  const response = await fetch(`${base}${url}`, { redirect: 'manual', ...init })
  const body = Buffer.from(await response.arrayBuffer())
  const type = response.headers.get('content-type') ?? 'no type'
  // What a failed expectation shows of the answer: a refusal's reason, or what came instead.
  const said = type.startsWith('text/') ? body.toString() : `${body.byteLength} bytes of ${type}`
  return { response, body, said, ms: performance.now() - started }
}

const atHostile = (url: string, init: RequestInit = {}) => request(url, init, hostile.baseUrl)

/** The format the bytes say they are, whatever the Content-Type claims. */
function formatOfBytes(body: Buffer) {
  const ascii = (from: number, to: number) => body.toString('latin1', from, to)
  if (body[0] === 0xff && body[1] === 0xd8 && body[2] === 0xff) return 'jpg'
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp'
  if (ascii(4, 8) === 'ftyp' && /^avi[fs]$/.test(ascii(8, 12))) return 'avif'
  return 'something else'
}

const TYPES: Record<string, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' }

/** Fetches a variant and checks it is one: 200, its type by header and bytes, no metadata. */
async function variant(url: string, base = stack.baseUrl) {
  const { response, body, said } = await request(url, {}, base)
  expect(response.status, `${url}: ${said}`).toBe(200)
  const format = /\.(\w+)$/.exec(url)![1]!
  expect(response.headers.get('content-type')).toBe(TYPES[format])
  expect(formatOfBytes(body)).toBe(format)
  const metadata = await sharp(body).metadata()
  expect(metadata.exif, 'EXIF (camera, GPS) is never sent').toBeUndefined()
  expect(metadata.xmp).toBeUndefined()
  expect(metadata.orientation ?? 1, 'pixels are turned, not tagged').toBe(1)
  return { response, body, metadata }
}

/** The peak memory of the server process so far, in MB. */
function peakMemoryMb(server: RunningServer) {
  const status = fs.readFileSync(`/proc/${server.process.pid}/status`, 'utf8')
  return Number(/^VmHWM:\s+(\d+) kB$/m.exec(status)![1]) / 1024
}

/** The attributes of an HTML tag, by name (React writes them as `srcSet`, `fetchpriority`…). */
function attributes(tag: string) {
  return Object.fromEntries(
    [...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name, value]) => [
      name!.toLowerCase(),
      value!,
    ]),
  )
}

/** The tags of an EXIF block's first IFD (sharp gives it with its `Exif\0\0` header). */
function exifTags(exif: Buffer) {
  const header = exif.indexOf('Exif\0\0')
  const tiff = header === -1 ? exif : exif.subarray(header + 6)
  const little = tiff.toString('latin1', 0, 2) === 'II'
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at))
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at))
  const ifd = u32(4)
  return Array.from({ length: u16(ifd) }, (_, entry) => u16(ifd + 2 + entry * 12))
}

describe('images from an allowed host', () => {
  // First in the file: the server's peak memory is still what starting it took.
  it('refuses a 256-megapixel PNG before decoding it, without its memory jumping', async () => {
    const before = peakMemoryMb(hostile.server)
    const { response, said, ms } = await atHostile(
      `/images/${tokenOf(hosted('huge.png'))}/cover-720.avif`,
    )
    const after = peakMemoryMb(hostile.server)
    expect(ms).toBeLessThan(3000)
    expect(
      after - before,
      `peak memory ${before.toFixed(0)} → ${after.toFixed(0)} MB`,
    ).toBeLessThan(100)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.status, said).toBe(413)
  })

  it('accepts a 48-megapixel, 15 MB phone photo', async () => {
    expect(bigPhoto.byteLength).toBeGreaterThan(12e6)
    expect(bigPhoto.byteLength).toBeLessThan(20e6)
    const { metadata } = await variant(
      `/images/${tokenOf(hosted('phone-48mp.jpg'))}/cover-720.avif`,
      hostile.baseUrl,
    )
    expect([metadata.width, metadata.height]).toEqual([720, 378])
  })

  it('turns a photo whose EXIF says it is sideways, and sends it upright', async () => {
    const token = tokenOf(hosted('sideways.jpg'))
    const full = await variant(`/images/${token}/full-400.jpg`, hostile.baseUrl)
    // Stored 400×200, shown 200×400 (never enlarged): the stored left half (red) on top.
    expect([full.metadata.width, full.metadata.height]).toEqual([200, 400])
    const { data, info } = await sharp(full.body).raw().toBuffer({ resolveWithObject: true })
    const pixel = (x: number, y: number) => {
      const at = (y * info.width + x) * info.channels
      return [...data.subarray(at, at + 3)]
    }
    const near = (actual: number[], expected: readonly number[]) =>
      actual.every((value, channel) => Math.abs(value - expected[channel]!) < 40)
    expect(near(pixel(100, 50), RED), `top: ${pixel(100, 50).join(',')}`).toBe(true)
    expect(near(pixel(100, 350), BLUE), `bottom: ${pixel(100, 350).join(',')}`).toBe(true)
    const cover = await variant(`/images/${token}/cover-400.webp`, hostile.baseUrl)
    expect([cover.metadata.width, cover.metadata.height]).toEqual([400, 210])
  })

  it.each([
    ['an SVG', 415, signedByHand(hosted('drawing.svg'))],
    ['an SVG served as image/jpeg', 415, tokenOf(hosted('svg-as.jpg'))],
    ['an HTML page served as image/jpeg', 415, tokenOf(hosted('page-as.jpg'))],
    ['plain text served as image/jpeg', 415, tokenOf(hosted('text-as.jpg'))],
    ['a JPEG that cannot be decoded', 422, tokenOf(hosted('garbage.jpg'))],
    ['a file over 25 MiB that says its length', 413, tokenOf(hosted('too-large.jpg'))],
    ['a file over 25 MiB that does not', 413, tokenOf(hosted('too-large-chunked.jpg'))],
    ['an image the host does not have', 404, tokenOf(hosted('missing.jpg'))],
    ['an answer of 500', 502, tokenOf(hosted('fails.jpg'))],
  ])('answers %s with %i, never kept', async (_name, status, token) => {
    const { response, body, said, ms } = await atHostile(`/images/${token}/cover-720.avif`)
    expect(response.status, said).toBe(status)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(formatOfBytes(body)).toBe('something else')
    expect(ms).toBeLessThan(3000)
  })

  it('answers a redirect with 502 and never follows it, not even to its own host', async () => {
    const { response, said } = await atHostile(
      `/images/${tokenOf(hosted('redirects.jpg'))}/cover-720.avif`,
    )
    expect(response.status, said).toBe(502)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(host.requests).toContain(`/${HOST}/redirects.jpg`)
    expect(host.requests).not.toContain(`/${HOST}/redirect-target.jpg`)
  })

  it.each([
    ['a host that never answers', 'hangs.jpg'],
    ['a host that stops halfway through the file', 'stalls.jpg'],
  ])('answers %s with 504 once BACKEND_TIMEOUT_MS has passed', async (_name, file) => {
    const { response, ms } = await atHostile(`/images/${tokenOf(hosted(file))}/cover-720.avif`)
    expect(response.status).toBe(504)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(ms).toBeGreaterThan(BACKEND_TIMEOUT_MS - 100)
    expect(ms).toBeLessThan(BACKEND_TIMEOUT_MS + 2000)
  })
})

describe('the variants of a post’s photo', () => {
  it('has a camera photo post whose photo carries EXIF with GPS', async () => {
    expect(cameraPost, `a fixture post with image_url ${CAMERA_SOURCE}`).toBeDefined()
    const metadata = await sharp(path.join(MEDIA_DIR, 'camera-photo.jpg')).metadata()
    expect([metadata.width, metadata.height]).toEqual([4032, 3024])
    expect(metadata.exif).toBeDefined()
    expect(metadata.exif!.toString('latin1')).toContain('TestPhone')
    expect(exifTags(metadata.exif!), 'the GPS IFD (tag 0x8825)').toContain(0x8825)
  })

  it('offers the post’s image as AVIF and WebP sources and a JPEG img, in every width', async () => {
    const { status, html } = await getPage(`${stack.baseUrl}/blog/${cameraPost!.slug}`)
    expect(status).toBe(200)
    const picture = [...html.matchAll(/<picture>([\s\S]*?)<\/picture>/g)]
      .map(([, inside]) => inside!)
      .find((inside) => inside.includes('/cover-'))
    expect(picture, 'a <picture> of cover variants').toBeDefined()
    const sources = [...picture!.matchAll(/<source [^>]*>/g)].map(([tag]) => attributes(tag))
    const img = attributes(/<img [^>]*>/.exec(picture!)![0])
    const srcSet = (format: string) =>
      WIDTHS.map((width) => `/images/${cameraToken}/cover-${width}.${format} ${width}w`).join(', ')
    expect(sources.map((source) => [source.type, source.srcset])).toEqual([
      ['image/avif', srcSet('avif')],
      ['image/webp', srcSet('webp')],
    ])
    for (const source of sources) expect(source.sizes).toBeTruthy()
    expect(img.srcset).toBe(srcSet('jpg'))
    expect(img.src).toBe(`/images/${cameraToken}/cover-1680.jpg`)
    expect(img.sizes).toBeTruthy()
    expect([img.width, img.height]).toEqual(['1200', '630'])
    // What the refusals below sign by hand is signed as the site signs.
    expect(signedByHand(CAMERA_SOURCE)).toBe(cameraToken)
  })

  it('answers every width and type the page offers, cut to 1200:630', async () => {
    const made = await Promise.all(
      ['avif', 'webp', 'jpg'].flatMap((format) =>
        WIDTHS.map(async (width) => {
          const { metadata } = await variant(`/images/${cameraToken}/cover-${width}.${format}`)
          return `${format} ${metadata.width}×${metadata.height}`
        }),
      ),
    )
    expect(made).toEqual(
      ['avif', 'webp', 'jpg'].flatMap((format) =>
        WIDTHS.map((width) => `${format} ${width}×${Math.round((width * 630) / 1200)}`),
      ),
    )
  })

  it.each([
    ['full-1680.jpg', 1680, 1260],
    ['full-960.webp', 960, 720],
    ['full-400.avif', 400, 300],
  ])('answers %s with the whole 4:3 photo, %i×%i', async (name, width, height) => {
    const { metadata } = await variant(`/images/${cameraToken}/${name}`)
    expect([metadata.width, metadata.height]).toEqual([width, height])
  })

  it('answers the same bytes each time, cacheable for a day and revalidated by ETag', async () => {
    const url = `/images/${cameraToken}/cover-720.avif`
    const first = await request(url)
    const second = await request(url)
    expect(first.response.status).toBe(200)
    expect(second.body.equals(first.body)).toBe(true)
    const etag = first.response.headers.get('etag')
    expect(etag).toMatch(/^"[\w-]+"$/)
    expect(second.response.headers.get('etag')).toBe(etag)
    for (const { response, body } of [first, second]) {
      expect(response.headers.get('cache-control')).toBe(VARIANT_CACHE_CONTROL)
      expect(response.headers.get('content-length')).toBe(String(body.byteLength))
      expect(response.headers.get('vary')).toBeNull()
      expect(response.headers.get('set-cookie')).toBeNull()
    }
  })

  it.each([
    ['the ETag', (etag: string) => etag],
    ['the ETag as a weak one', (etag: string) => `W/${etag}`],
    ['a list holding the ETag', (etag: string) => `"something-else", ${etag}`],
  ])('answers 304 when If-None-Match is %s', async (_name, ifNoneMatch) => {
    const url = `/images/${cameraToken}/cover-720.webp`
    const etag = (await request(url)).response.headers.get('etag')!
    const { response, body } = await request(url, {
      headers: { 'if-none-match': ifNoneMatch(etag) },
    })
    expect(response.status).toBe(304)
    expect(body.byteLength).toBe(0)
    expect(response.headers.get('etag')).toBe(etag)
    expect(response.headers.get('cache-control')).toBe(VARIANT_CACHE_CONTROL)
  })

  it('answers 200 when If-None-Match names another version', async () => {
    const { response } = await request(`/images/${cameraToken}/cover-720.webp`, {
      headers: { 'if-none-match': '"an-older-version"' },
    })
    expect(response.status).toBe(200)
  })

  it('makes the same bytes on another instance', async () => {
    // The other server of this file: another process, with a mock backend of its own.
    for (const name of ['cover-720.avif', 'full-1680.jpg']) {
      const url = `/images/${cameraToken}/${name}`
      const here = await request(url)
      const there = await atHostile(url)
      expect(there.response.status).toBe(200)
      expect(there.body.equals(here.body), name).toBe(true)
      expect(there.response.headers.get('etag')).toBe(here.response.headers.get('etag'))
    }
  })

  it('shows link previews a 1200×630 JPEG of the photo', async () => {
    const { html } = await getPage(`${stack.baseUrl}/blog/${cameraPost!.slug}`)
    expect(html).toContain(
      `<meta property="og:image" content="${SITE_URL}/images/${cameraToken}/cover-1200.jpg"/>`,
    )
    expect(html).toContain('<meta property="og:image:width" content="1200"/>')
    expect(html).toContain('<meta property="og:image:height" content="630"/>')
    const { metadata } = await variant(`/images/${cameraToken}/cover-1200.jpg`)
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 1200, 630])
  })
})

describe('the images a page shows first', () => {
  /** The backend media file a variant URL of the page was signed for. */
  const mediaNameOf = (token: string) =>
    Buffer.from(token.split('.')[0]!, 'base64url').toString().replace('/media/', '')

  it('are fetched and made as the page is rendered, before the browser asks for them', async () => {
    // Every post its own photo, so that each card's image is fetched on its own.
    const fresh = await startStack({ SITE_URL }, { mock: { images: 'camera' } })
    try {
      const { html } = await getPage(`${fresh.baseUrl}/blog`)
      const cards = [
        ...new Set([...html.matchAll(/\/images\/([\w.-]+)\/cover-/g)].map((m) => m[1]!)),
      ]
      expect(cards.length).toBeGreaterThan(4)
      const firstRow = cards.slice(0, 3).map(mediaNameOf)
      await expect
        .poll(async () => [...(await fresh.mock.state()).mediaRequested].sort(), { timeout: 5000 })
        .toEqual([...firstRow].sort())
      // The phone's variant of the first card is kept already: a repeat answers from memory.
      const first = await variant(`/images/${cards[0]}/cover-720.avif`, fresh.baseUrl)
      expect(first.response.status).toBe(200)
      expect((await fresh.mock.state()).mediaRequested, 'no second fetch').toHaveLength(3)

      // A post further down: its page starts its own image.
      const posts = (await (await fetch(`${fresh.mock.url}/app/posts/`)).json()) as Array<{
        slug: string
        image_url: string
      }>
      const further = mediaNameOf(cards[3]!)
      const { slug } = posts.find((entry) => entry.image_url === `/media/${further}`)!
      await getPage(`${fresh.baseUrl}/blog/${slug}`)
      await expect
        .poll(async () => (await fresh.mock.state()).mediaRequested, { timeout: 5000 })
        .toContain(further)
    } finally {
      await fresh.stop()
    }
  })
})

describe.each([
  ['the production server', () => stack.baseUrl],
  ['the server with a test origin', () => hostile.baseUrl],
])('what %s refuses before fetching anything', (_server, base) => {
  const [payload, signature] = cameraToken.split('.') as [string, string]
  const otherCharacter = (char: string) => (char === 'A' ? 'B' : 'A')
  it.each([
    ['a width outside the set', 400, `${cameraToken}/cover-500.avif`],
    ['a width of the set written with a leading zero', 400, `${cameraToken}/cover-0720.avif`],
    ['an unknown format', 400, `${cameraToken}/cover-720.gif`],
    ['a format in capitals', 400, `${cameraToken}/cover-720.JPG`],
    ['an unknown fit', 400, `${cameraToken}/contain-720.avif`],
    [
      'a tampered signature',
      403,
      `${payload}.${signature.slice(0, -1)}${otherCharacter(signature.slice(-1))}/cover-720.avif`,
    ],
    [
      'another source under a valid signature',
      403,
      `${Buffer.from('/media/other-photo.jpg').toString('base64url')}.${signature}/cover-720.avif`,
    ],
    ['a source without a signature', 403, `${payload}/cover-720.avif`],
    [
      'a token signed with another key',
      403,
      `${tokenOf(CAMERA_SOURCE, 'another-secret-0123456789')}/cover-720.avif`,
    ],
    [
      'a signed source on a host not in IMAGE_HOSTS',
      403,
      `${signedByHand('https://evil.example/x.jpg')}/cover-720.avif`,
    ],
    [
      'a signed http: source on an allowed host',
      403,
      `${signedByHand(`http://${HOST}/sideways.jpg`)}/cover-720.avif`,
    ],
    [
      'a signed source on an allowed host with a port',
      403,
      `${signedByHand(`https://${HOST}:8443/sideways.jpg`)}/cover-720.avif`,
    ],
    ['a signed backend path outside /media', 403, `${signedByHand('/app/posts/')}/cover-720.avif`],
    [
      'a signed path that climbs out of /media',
      403,
      `${signedByHand('/media/../app/posts/')}/cover-720.avif`,
    ],
  ])('answers %s with %i, quickly and never kept', async (_name, status, path) => {
    const requestsBefore = host.requests.length
    const { response, body, said, ms } = await request(`/images/${path}`, {}, base())
    expect(response.status, said).toBe(status)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(formatOfBytes(body)).toBe('something else')
    expect(ms).toBeLessThan(1000)
    expect(host.requests.slice(requestsBefore), 'requests to the image host').toEqual([])
  })

  it('never asks a host outside IMAGE_HOSTS for anything', () => {
    expect(host.requests.filter((url) => !url.startsWith(`/${HOST}/`))).toEqual([])
  })
})

describe('/media/', () => {
  it('sends a raster upload’s largest re-encoded JPEG instead of the file', async () => {
    const { response } = await request(CAMERA_SOURCE)
    expect(response.status).toBe(301)
    const location = response.headers.get('location')
    expect(location).toBe(`/images/${cameraToken}/full-1680.jpg`)
    const { metadata } = await variant(location!)
    expect([metadata.width, metadata.height]).toEqual([1680, 1260])
  })

  it('still passes an SVG through as it is, sandboxed', async () => {
    const { response, body } = await request('/media/chatbot-vs-live-chat.svg')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/svg+xml')
    expect(response.headers.get('content-security-policy')).toMatch(/(^|;)\s*sandbox(;|$)/)
    expect(body.equals(fs.readFileSync(path.join(MEDIA_DIR, 'chatbot-vs-live-chat.svg')))).toBe(
      true,
    )
  })

  it('serves a byte range of a recording with 206', async () => {
    const file = fs.readFileSync(path.join(MEDIA_DIR, 'sample-call.wav'))
    const { response, body } = await request('/media/sample-call.wav', {
      headers: { range: 'bytes=0-99' },
    })
    expect(response.status).toBe(206)
    expect(response.headers.get('content-type')).toMatch(/^audio\//)
    expect(response.headers.get('content-range')).toBe(`bytes 0-99/${file.byteLength}`)
    expect(body.equals(file.subarray(0, 100))).toBe(true)
  })

  it('serves the whole recording with 200, saying it takes ranges', async () => {
    const file = fs.readFileSync(path.join(MEDIA_DIR, 'sample-call.wav'))
    const { response, body } = await request('/media/sample-call.wav')
    expect(response.status).toBe(200)
    expect(response.headers.get('accept-ranges')).toBe('bytes')
    expect(body.equals(file)).toBe(true)
  })
})

describe('after every refusal', () => {
  it.each([
    ['the production server', () => stack.server],
    ['the server with a test origin', () => hostile.server],
  ])('%s still answers /healthz and a page', async (_name, server) => {
    expect(server().process.exitCode).toBeNull()
    expect((await request('/healthz', {}, server().url)).response.status).toBe(200)
    const { status, html } = await getPage(`${server().url}/blog/${cameraPost!.slug}`)
    expect(status).toBe(200)
    expect(html).toContain(`/images/${cameraToken}/cover-720.avif`)
    expect(server().output()).not.toMatch(/uncaught|unhandled/i)
  })
})

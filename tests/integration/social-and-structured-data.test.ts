/**
 * What a link preview (Open Graph, X) and a search engine read from every kind of page, over HTTP
 * from the production server: the card image and its description, and the structured data, checked
 * by a validator of Google's rich-result rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startStack, type Stack } from '../support/stack'
import { validateStructuredData } from '../support/structured-data'

const SITE_URL = 'https://www.brightwell.example'
const WITH_IMAGE = 'restaurant-ai-phone-bookings'
const WITHOUT_IMAGE = 'estate-agent-lead-qualification-chatbot'

/** Every kind of page, and the image its preview shows. */
const PAGES = [
  { path: '/', image: '/social-card.png' },
  { path: '/blog', image: '/social-card.png' },
  { path: `/blog/${WITH_IMAGE}`, image: `/media/${WITH_IMAGE}.svg` },
  { path: `/blog/${WITHOUT_IMAGE}`, image: '/social-card.png' },
  { path: '/blog/no-such-post', image: '/social-card.png', status: 404 },
  { path: '/contact', image: '/social-card.png' },
  { path: '/privacy-policy', image: '/social-card.png' },
  { path: '/terms-of-service', image: '/social-card.png' },
  { path: '/no-such-page', image: '/social-card.png', status: 404 },
]

let stack: Stack
beforeAll(async () => {
  stack = await startStack({ SITE_URL })
})
afterAll(async () => {
  await stack?.stop()
})

async function page(path: string) {
  const response = await fetch(`${stack.baseUrl}${path}`)
  return { status: response.status, html: await response.text() }
}

/** The `content` of each `<meta property|name=...>` in the page, by key (entities decoded). */
function metaTags(html: string) {
  const tags = new Map<string, string>()
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/g)) {
    const key = /\b(?:property|name)="([^"]+)"/.exec(tag)?.[1]
    const content = /\bcontent="([^"]*)"/.exec(tag)?.[1]
    if (key && content !== undefined) tags.set(key, decodeEntities(content))
  }
  return tags
}

function decodeEntities(text: string) {
  return text
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

/** Width and height from a PNG's header. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

describe('link previews', () => {
  it.each(PAGES)(
    '$path has a large card with an absolute image and its description',
    async ({ path, image, status = 200 }) => {
      const result = await page(path)
      expect(result.status).toBe(status)
      const tags = metaTags(result.html)
      expect(tags.get('twitter:card')).toBe('summary_large_image')
      expect(tags.get('og:title')).toBeTruthy()
      expect(tags.get('og:description')).toBeTruthy()
      expect(tags.get('og:image')).toBe(`${SITE_URL}${image}`)
      expect(tags.get('og:image:alt')?.length).toBeGreaterThan(10)
      if (image === '/social-card.png') {
        expect(tags.get('og:image:width')).toBe('1200')
        expect(tags.get('og:image:height')).toBe('630')
      } else {
        // The backend's image: its size is not known, so none is claimed.
        expect(tags.has('og:image:width')).toBe(false)
      }
      // One set of tags: a route's meta replaces the root's instead of adding to it.
      expect(result.html.match(/<title>/g)).toHaveLength(1)
      expect(result.html.match(/property="og:image"/g)).toHaveLength(1)
    },
  )

  it('gives each page its own address, and a missing page none', async () => {
    for (const { path, status } of PAGES) {
      const tags = metaTags((await page(path)).html)
      if (path === '/no-such-page') expect(tags.has('og:url')).toBe(false)
      else expect(tags.get('og:url'), path).toBe(`${SITE_URL}${path}`)
      expect(tags.get('robots') === 'noindex', path).toBe(status === 404)
    }
  })

  it('serves the card, 1200x630, and the post image from this site', async () => {
    const card = await fetch(`${stack.baseUrl}/social-card.png`)
    expect(card.status).toBe(200)
    expect(card.headers.get('content-type')).toBe('image/png')
    expect(pngSize(Buffer.from(await card.arrayBuffer()))).toEqual({ width: 1200, height: 630 })

    const postImage = await fetch(`${stack.baseUrl}/media/${WITH_IMAGE}.svg`)
    expect(postImage.status).toBe(200)
    expect(postImage.headers.get('content-type')).toMatch(/^image\//)
  })
})

describe('structured data', () => {
  it.each(PAGES.filter((p) => !p.status))('$path passes the validator', async ({ path }) => {
    const { issues } = await validateStructuredData((await page(path)).html)
    expect(issues).toEqual([])
  })

  it('is a validator that finds what a post lacks', async () => {
    const lacking = JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      author: { '@type': 'Person' },
    })
    const { issues } = await validateStructuredData(
      `<script type="application/ld+json">${lacking}</script>`,
    )
    expect(issues.flatMap((issue) => issue.fieldNames).sort()).toEqual([
      'datePublished',
      'headline',
      'image',
      'name',
    ])
  })

  it('names the company and the site on the home page', async () => {
    const { data } = await validateStructuredData((await page('/')).html)
    expect(data.jsonld.Organization?.[0]).toMatchObject({ name: 'Brightwell AI' })
    expect(data.jsonld.WebSite?.[0]).toMatchObject({ name: 'Brightwell AI', url: `${SITE_URL}/` })
  })

  it('places /blog under Home', async () => {
    const { data } = await validateStructuredData((await page('/blog')).html)
    const [trail] = data.jsonld.BreadcrumbList ?? []
    expect(trail?.itemListElement).toEqual([
      expect.objectContaining({ position: 1, name: 'Home', item: `${SITE_URL}/` }),
      expect.objectContaining({ position: 2, name: 'Our Blog', item: `${SITE_URL}/blog` }),
    ])
  })

  it('describes a post completely, with its trail, and when it changed once the backend says so', async () => {
    const edited = await validateStructuredData((await page(`/blog/${WITH_IMAGE}`)).html)
    expect(edited.data.jsonld.BlogPosting?.[0]).toMatchObject({
      headline: 'Taking Restaurant Bookings by Phone with an AI Voice Agent',
      image: [`${SITE_URL}/media/${WITH_IMAGE}.svg`],
      datePublished: '2025-03-10T09:30:00.000Z',
      dateModified: '2025-03-12T08:00:00.000Z',
      author: [{ '@type': 'Person', name: 'Tom Davies' }],
    })
    expect(edited.data.jsonld.BreadcrumbList?.[0]?.itemListElement).toHaveLength(3)

    const plain = await validateStructuredData((await page(`/blog/${WITHOUT_IMAGE}`)).html)
    const posting = plain.data.jsonld.BlogPosting?.[0]
    expect(posting).toMatchObject({ image: [`${SITE_URL}/social-card.png`] })
    expect(posting).not.toHaveProperty('dateModified')
  })
})

import { describe, expect, it, vi } from 'vitest'

import { rssXml, SITEMAP_MAX_URLS, sitemapXml, xmlText } from './feeds.server'

const SITE = 'https://www.brightwell.example'
const posts = [
  {
    slug: 'older',
    title: 'Older <b>&</b> "quoted"',
    teaser: 'Teaser with <tags> & ampersands...',
    author: 'Tom Davies',
    category: 'Automation',
    publishedAt: '2024-01-05T10:00:00.000Z',
  },
  {
    slug: 'newer',
    title: 'Newer',
    teaser: 'Newer teaser',
    author: 'Eleanor Hughes',
    category: '',
    publishedAt: '2025-07-01T23:30:00.000Z',
  },
]

describe('xmlText', () => {
  it('escapes markup characters and drops characters XML cannot carry', () => {
    expect(xmlText(`<a href="x">Tom & Jerry's</a>\u0001`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;',
    )
  })
})

describe('sitemapXml', () => {
  it('lists the static pages and every post with its date', () => {
    const xml = sitemapXml(SITE, posts)
    expect(xml).toContain(`<url><loc>${SITE}/</loc></url>`)
    expect(xml).toContain(`<url><loc>${SITE}/terms-of-service</loc></url>`)
    expect(xml).toContain(
      `<url><loc>${SITE}/blog/older</loc><lastmod>2024-01-05T10:00:00.000Z</lastmod></url>`,
    )
  })

  it('lists each category page, within the protocol’s limit', () => {
    const xml = sitemapXml(SITE, posts, [
      '/blog/category/ai-chatbots',
      '/blog/category/voice-agents',
    ])
    expect(xml).toContain(`<url><loc>${SITE}/blog/category/ai-chatbots</loc></url>`)
    expect(xml).toContain(`<url><loc>${SITE}/blog/category/voice-agents</loc></url>`)
    const many = Array.from({ length: SITEMAP_MAX_URLS }, (_, i) => ({
      slug: `post-${i}`,
      publishedAt: '2025-01-01T00:00:00.000Z',
    }))
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    expect(sitemapXml(SITE, many, ['/blog/category/a']).match(/<url>/g)).toHaveLength(
      SITEMAP_MAX_URLS,
    )
    vi.restoreAllMocks()
  })

  it('lists the newest posts up to the protocol’s limit, and says so', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const many = Array.from({ length: SITEMAP_MAX_URLS }, (_, i) => ({
      slug: `post-${i}`,
      publishedAt: '2025-01-01T00:00:00.000Z',
    }))
    const xml = sitemapXml(SITE, many)
    expect(xml.match(/<url>/g)).toHaveLength(SITEMAP_MAX_URLS)
    expect(xml).toContain(`${SITE}/blog/post-0<`)
    expect(xml).not.toContain(`${SITE}/blog/post-${SITEMAP_MAX_URLS - 1}<`)
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('sitemap lists only the newest posts'),
    )
    warn.mockRestore()
  })
})

describe('rssXml', () => {
  it('describes a category’s feed as its own channel', () => {
    const xml = rssXml(SITE, posts, {
      title: 'Brightwell AI Blog: Voice Agents',
      description: 'Voice Agents posts',
      path: '/blog/category/voice-agents',
      feedPath: '/blog/category/voice-agents/rss.xml',
    })
    expect(xml).toContain('<title>Brightwell AI Blog: Voice Agents</title>')
    expect(xml).toContain(`<link>${SITE}/blog/category/voice-agents</link>`)
    expect(xml).toContain(
      `<atom:link href="${SITE}/blog/category/voice-agents/rss.xml" rel="self" type="application/rss+xml"/>`,
    )
  })

  it('lists the posts in the order given, with RFC 822 dates and escaped text', () => {
    const xml = rssXml(SITE, [...posts].reverse())
    expect(xml.indexOf('<title>Newer</title>')).toBeLessThan(xml.indexOf('<title>Older'))
    expect(xml).toContain('<title>Older &lt;b&gt;&amp;&lt;/b&gt; &quot;quoted&quot;</title>')
    expect(xml).toContain(
      '<description>Teaser with &amp;lt;tags&amp;gt; &amp;amp; ampersands...</description>',
    )
    expect(xml).toContain('<pubDate>Tue, 01 Jul 2025 23:30:00 GMT</pubDate>')
    expect(xml).toContain('<lastBuildDate>Tue, 01 Jul 2025 23:30:00 GMT</lastBuildDate>')
    expect(xml).toContain(`<guid isPermaLink="true">${SITE}/blog/newer</guid>`)
    expect(xml.match(/<category>/g)).toHaveLength(1)
  })

  it('gives readers text that looks like markup as text, not as live markup', () => {
    const attack = '<img src=x onerror=alert(1)> & <script>alert(2)</script>'
    const xml = rssXml(SITE, [{ ...posts[0]!, teaser: attack }])
    const description = /<description>(.*)<\/description>/.exec(xml.split('<item>')[1]!)![1]!
    // What a reader gets once the XML is parsed: HTML that shows the characters.
    const entities: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }
    const html = description.replace(
      /&(lt|gt|amp|quot|apos);/g,
      (_, name: string) => entities[name]!,
    )
    expect(html).toBe(
      '&lt;img src=x onerror=alert(1)&gt; &amp; &lt;script&gt;alert(2)&lt;/script&gt;',
    )
    expect(html).not.toMatch(/[<>]/)
  })

  it('names itself with atom:link', () => {
    expect(rssXml(SITE, posts)).toContain(
      `<atom:link href="${SITE}/blog/rss.xml" rel="self" type="application/rss+xml"/>`,
    )
  })

  it('is still a valid channel with no posts', () => {
    const xml = rssXml(SITE, [])
    expect(xml).not.toContain('<item>')
    expect(xml).not.toContain('lastBuildDate')
    expect(xml).toContain('</channel>\n</rss>')
  })
})

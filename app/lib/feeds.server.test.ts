import { describe, expect, it } from 'vitest'

import { robotsTxt, rssXml, sitemapXml, xmlText } from './feeds.server'

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

describe('robotsTxt', () => {
  it('allows everything and names the sitemap', () => {
    expect(robotsTxt(SITE)).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${SITE}/sitemap.xml\n`)
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
})

describe('rssXml', () => {
  it('lists the newest post first with RFC 822 dates and escaped text', () => {
    const xml = rssXml(SITE, posts)
    expect(xml.indexOf('<title>Newer</title>')).toBeLessThan(xml.indexOf('<title>Older'))
    expect(xml).toContain('<title>Older &lt;b&gt;&amp;&lt;/b&gt; &quot;quoted&quot;</title>')
    expect(xml).toContain('<description>Teaser with &lt;tags&gt; &amp; ampersands...</description>')
    expect(xml).toContain('<pubDate>Tue, 01 Jul 2025 23:30:00 GMT</pubDate>')
    expect(xml).toContain('<lastBuildDate>Tue, 01 Jul 2025 23:30:00 GMT</lastBuildDate>')
    expect(xml).toContain(`<guid isPermaLink="true">${SITE}/blog/newer</guid>`)
    expect(xml.match(/<category>/g)).toHaveLength(1)
  })

  it('is still a valid channel with no posts', () => {
    const xml = rssXml(SITE, [])
    expect(xml).not.toContain('<item>')
    expect(xml).not.toContain('lastBuildDate')
    expect(xml).toContain('</channel>\n</rss>')
  })
})

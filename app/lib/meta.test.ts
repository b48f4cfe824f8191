import { describe, expect, it } from 'vitest'

import { absoluteUrl, pageMeta, SOCIAL_CARD } from './meta'

const SITE = 'https://www.brightwell.example'

describe('absoluteUrl', () => {
  it('makes site paths absolute and leaves absolute URLs alone', () => {
    expect(absoluteUrl(SITE, '/blog')).toBe(`${SITE}/blog`)
    expect(absoluteUrl(SITE, 'https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png')
  })
})

describe('pageMeta', () => {
  it('gives title, description, canonical and Open Graph tags with absolute URLs', () => {
    const tags = pageMeta({
      siteUrl: SITE,
      path: '/blog/a-post',
      title: 'T',
      description: 'D',
      image: { url: '/media/a.svg', alt: 'A' },
      type: 'article',
    })
    expect(tags).toEqual(
      expect.arrayContaining([
        { title: 'T' },
        { name: 'description', content: 'D' },
        { tagName: 'link', rel: 'canonical', href: `${SITE}/blog/a-post` },
        { property: 'og:url', content: `${SITE}/blog/a-post` },
        { property: 'og:image', content: `${SITE}/media/a.svg` },
        { property: 'og:image:alt', content: 'A' },
        { property: 'og:type', content: 'article' },
        { name: 'twitter:card', content: 'summary_large_image' },
      ]),
    )
    // An image of unknown size gets no made-up one.
    expect(tags.some((tag) => 'property' in tag && tag.property === 'og:image:width')).toBe(false)
  })

  it("shows the site's card, with its size, on a page without an image", () => {
    expect(pageMeta({ siteUrl: SITE, path: '/', title: 'T', description: 'D' })).toEqual(
      expect.arrayContaining([
        { property: 'og:image', content: `${SITE}/social-card.png` },
        { property: 'og:image:alt', content: SOCIAL_CARD.alt },
        { property: 'og:image:width', content: '1200' },
        { property: 'og:image:height', content: '630' },
      ]),
    )
  })

  it('leaves out every address when SITE_URL is unknown (the root failed)', () => {
    const tags = pageMeta({ siteUrl: undefined, path: '/', title: 'T', description: 'D' })
    expect(JSON.stringify(tags)).not.toMatch(/canonical|og:url|og:image/)
  })
})

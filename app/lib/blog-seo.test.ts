import { describe, expect, it } from 'vitest'

import { absoluteUrl, blogPostingJsonLd, jsonForScript, pageMeta, postPath } from './blog-seo'
import type { Post } from './posts.server'

const SITE = 'https://www.brightwell.example'

const post: Post = {
  id: 1,
  slug: 'a-post',
  title: 'A </script><script>alert(1)</script> title',
  category: 'AI Chatbots',
  author: 'Sarah Whitfield',
  status: 'published',
  tags: 'AI, Chatbots',
  html: '<p>Hello</p>',
  teaser: 'Hello & welcome',
  publishedAt: '2025-03-10T09:30:00.000Z',
  cardDate: 'Mar 10, 2025',
  postDate: 'March 10, 2025',
  postWords: 1,
  wordCountLabel: '1 word',
  image: '/media/a-post.svg',
}

describe('URLs', () => {
  it('encodes slugs in post paths', () => {
    expect(postPath('a-post')).toBe('/blog/a-post')
    expect(postPath('café?x')).toBe('/blog/caf%C3%A9%3Fx')
  })

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
      image: '/media/a.svg',
      type: 'article',
    })
    expect(tags).toEqual(
      expect.arrayContaining([
        { title: 'T' },
        { name: 'description', content: 'D' },
        { tagName: 'link', rel: 'canonical', href: `${SITE}/blog/a-post` },
        { property: 'og:url', content: `${SITE}/blog/a-post` },
        { property: 'og:image', content: `${SITE}/media/a.svg` },
        { property: 'og:type', content: 'article' },
        { name: 'twitter:card', content: 'summary_large_image' },
      ]),
    )
  })
})

describe('blogPostingJsonLd', () => {
  it('cannot end its script element, whatever the post says', () => {
    const json = blogPostingJsonLd(post, SITE)
    expect(json).not.toMatch(/[<>&]/)
    expect(JSON.parse(json)).toMatchObject({
      '@type': 'BlogPosting',
      headline: post.title,
      description: 'Hello & welcome',
      image: [`${SITE}/media/a-post.svg`],
      mainEntityOfPage: { '@id': `${SITE}/blog/a-post` },
    })
  })

  it('escapes line separators that old parsers treat as line ends', () => {
    expect(jsonForScript({ a: '\u2028\u2029' })).toBe('{"a":"\\u2028\\u2029"}')
  })
})

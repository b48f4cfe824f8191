import { describe, expect, it } from 'vitest'

import type { Post } from './post'
import { postPath } from './seo'
import { blogBreadcrumbs, blogPostingJsonLd } from './structured-data.server'

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
  updatedAt: null,
  cardDate: 'Mar 10, 2025',
  postDate: 'March 10, 2025',
  postWords: 1,
  wordCountLabel: '1 word',
  image: { url: '/media/a-post.svg' },
}

type Graph = { '@graph': Array<Record<string, unknown> & { '@type': string }> }
const nodeOf = (json: string, type: string) =>
  (JSON.parse(json) as Graph)['@graph'].find((node) => node['@type'] === type)

describe('postPath', () => {
  it('encodes slugs', () => {
    expect(postPath('a-post')).toBe('/blog/a-post')
    expect(postPath('café?x')).toBe('/blog/caf%C3%A9%3Fx')
  })
})

describe('blogPostingJsonLd', () => {
  it('cannot end its script element, whatever the post says', () => {
    const json = blogPostingJsonLd(post, SITE)
    expect(json).not.toMatch(/[<>&]/)
    expect(nodeOf(json, 'BlogPosting')).toMatchObject({
      headline: post.title,
      description: 'Hello & welcome',
      image: [`${SITE}/media/a-post.svg`],
      mainEntityOfPage: `${SITE}/blog/a-post`,
      datePublished: post.publishedAt,
      author: [{ '@type': 'Person', name: 'Sarah Whitfield' }],
    })
  })

  it('says when the post changed only when the backend said so', () => {
    expect(nodeOf(blogPostingJsonLd(post, SITE), 'BlogPosting')).not.toHaveProperty('dateModified')
    const edited = { ...post, updatedAt: '2025-04-01T08:00:00.000Z' }
    expect(nodeOf(blogPostingJsonLd(edited, SITE), 'BlogPosting')).toHaveProperty(
      'dateModified',
      '2025-04-01T08:00:00.000Z',
    )
  })

  it("credits the company and shows the site's card when the post names no author and has no image", () => {
    const bare = { ...post, author: '', image: null }
    expect(nodeOf(blogPostingJsonLd(bare, SITE), 'BlogPosting')).toMatchObject({
      author: [{ '@type': 'Organization', name: 'Brightwell AI' }],
      image: [`${SITE}/social-card.png`],
    })
  })

  it('places the post under Home › Our Blog', () => {
    const trail = nodeOf(blogPostingJsonLd(post, SITE), 'BreadcrumbList')
    expect(trail?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${SITE}/` },
      { '@type': 'ListItem', position: 2, name: 'Our Blog', item: `${SITE}/blog` },
      { '@type': 'ListItem', position: 3, name: post.title, item: `${SITE}/blog/a-post` },
    ])
  })
})

describe('blogBreadcrumbs', () => {
  it('places /blog under Home', () => {
    expect(nodeOf(blogBreadcrumbs(SITE), 'BreadcrumbList')?.itemListElement).toHaveLength(2)
  })
})

describe('blogBreadcrumbs for a category', () => {
  it('places a category under the blog: Home, Blog, the category', () => {
    const trail = nodeOf(
      blogBreadcrumbs(SITE, { name: 'AI Chatbots', slug: 'ai-chatbots' }),
      'BreadcrumbList',
    )
    expect(trail?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${SITE}/` },
      { '@type': 'ListItem', position: 2, name: 'Our Blog', item: `${SITE}/blog` },
      {
        '@type': 'ListItem',
        position: 3,
        name: 'AI Chatbots',
        item: `${SITE}/blog/category/ai-chatbots`,
      },
    ])
  })
})

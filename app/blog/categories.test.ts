import { describe, expect, it } from 'vitest'

import { fixturePosts } from '../../mocks/fixtures/posts'

import { categoriesOf, categorySlug, categoryWithPosts, tagsOf } from './categories'
import type { PostSummary } from './post'

const listed = (category: string, slug = category) =>
  ({ slug, category, tags: '', publishedAt: '' }) as PostSummary

describe('categorySlug', () => {
  it.each([
    ['AI Chatbots', 'ai-chatbots'],
    ['Workflow Automation', 'workflow-automation'],
    ['  Café & Bar — Tips!  ', 'cafe-bar-tips'],
    ['Über/Ströme__2025', 'uber-strome-2025'],
    ['---', ''],
    ['日本語', ''],
  ])('%j is %j', (name, slug) => {
    expect(categorySlug(name)).toBe(slug)
  })
})

describe('tagsOf', () => {
  it('splits on commas and trims', () => {
    expect(tagsOf(' Voice Agents,Trades , , Missed Calls ')).toEqual([
      'Voice Agents',
      'Trades',
      'Missed Calls',
    ])
    expect(tagsOf('')).toEqual([])
  })
})

describe('categoriesOf', () => {
  it('lists every category of the fixture posts once, by name, with its count', () => {
    const posts = fixturePosts as unknown as PostSummary[]
    expect(categoriesOf(posts)).toEqual([
      { name: 'AI Chatbots', slug: 'ai-chatbots', count: 3 },
      { name: 'Automation', slug: 'automation', count: 3 },
      { name: 'Business Strategy', slug: 'business-strategy', count: 3 },
      { name: 'Voice Agents', slug: 'voice-agents', count: 3 },
    ])
  })

  it('gives names that differ in case or accents one page, named as the first post has it', () => {
    const posts = [listed('Café Tips', 'a'), listed('cafe tips', 'b'), listed('', 'c')]
    expect(categoriesOf(posts)).toEqual([{ name: 'Café Tips', slug: 'cafe-tips', count: 2 }])
    expect(categoryWithPosts(posts, 'cafe-tips')?.posts.map((post) => post.slug)).toEqual([
      'a',
      'b',
    ])
    expect(categoryWithPosts(posts, 'unknown')).toBeNull()
    expect(categoryWithPosts(posts, '')).toBeNull()
  })
})

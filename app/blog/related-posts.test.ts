import { describe, expect, it } from 'vitest'

import { adjacentPosts, relatedPosts } from './related-posts'

const post = (slug: string, category: string, tags: string, day: number) => ({
  slug,
  category,
  tags,
  publishedAt: `2025-01-${String(day).padStart(2, '0')}T00:00:00.000Z`,
})

// Newest first, as the store lists them.
const posts = [
  post('newest-other', 'Automation', 'Invoices', 9),
  post('same-category-new', 'Voice Agents', 'Dental', 8),
  post('two-tags', 'Automation', 'Trades, bookings', 7),
  post('one-tag', 'AI Chatbots', 'Trades', 6),
  post('the-post', 'Voice Agents', 'Trades, Bookings, Missed Calls', 5),
  post('same-category-old', 'Voice Agents', '', 4),
  post('same-category-oldest', 'voice agents', '', 3),
  post('nothing-shared', 'GDPR', 'Law', 2),
]
const thePost = posts[4]!

describe('relatedPosts', () => {
  it('takes the same category first, newest first, never the post itself', () => {
    expect(relatedPosts(thePost, posts).map((related) => related.slug)).toEqual([
      'same-category-new',
      'same-category-old',
      'same-category-oldest',
    ])
  })

  it('then the posts sharing the most tags (case aside), then fewer', () => {
    expect(relatedPosts(thePost, posts, 6).map((related) => related.slug)).toEqual([
      'same-category-new',
      'same-category-old',
      'same-category-oldest',
      'two-tags',
      'one-tag',
    ])
  })

  it('picks from a long list what ranking the whole list would', () => {
    const categories = ['Voice Agents', 'Automation', 'GDPR', '']
    const tagPool = ['Dental', 'Trades', 'Bookings', 'Invoices', 'Law', 'Salons']
    // Same-day posts too, so that the list's order settles ties.
    const many = Array.from({ length: 300 }, (_, i) =>
      post(
        `post-${i}`,
        categories[(i * 7) % 4]!,
        tagPool.filter((_, tag) => (i * (tag + 3)) % 5 === 0).join(', '),
        28 - Math.floor(i / 12),
      ),
    )
    const keyOf = (text: string) => text.toLowerCase().replace(/ /g, '-')
    for (const target of [many[0]!, many[41]!, many[299]!]) {
      const tags = new Set(target.tags.split(', ').filter(Boolean).map(keyOf))
      const ranked = many
        .map((candidate, index) => ({
          slug: candidate.slug,
          index,
          publishedAt: candidate.publishedAt,
          same: target.category !== '' && candidate.category === target.category,
          shared: candidate.tags.split(', ').filter((tag) => tags.has(keyOf(tag))).length,
        }))
        .filter((entry) => entry.slug !== target.slug && (entry.same || entry.shared > 0))
        .sort(
          (a, b) =>
            Number(b.same) - Number(a.same) ||
            b.shared - a.shared ||
            b.publishedAt.localeCompare(a.publishedAt) ||
            a.index - b.index,
        )
      for (const max of [3, 10]) {
        expect(relatedPosts(target, many, max).map((related) => related.slug)).toEqual(
          ranked.slice(0, max).map((entry) => entry.slug),
        )
      }
    }
  })

  it('finds nothing for a post that shares nothing', () => {
    expect(relatedPosts(posts[7]!, posts)).toEqual([])
    expect(relatedPosts(thePost, [thePost])).toEqual([])
  })
})

describe('adjacentPosts', () => {
  it('gives the next older as previous and the next newer as next', () => {
    const { previous, next } = adjacentPosts(thePost, posts)
    expect(previous?.slug).toBe('same-category-old')
    expect(next?.slug).toBe('one-tag')
  })

  it('has no next for the newest, no previous for the oldest, neither for a stranger', () => {
    expect(adjacentPosts(posts[0]!, posts).next).toBeNull()
    expect(adjacentPosts(posts[7]!, posts).previous).toBeNull()
    expect(adjacentPosts(post('stranger', '', '', 1), posts)).toEqual({
      previous: null,
      next: null,
    })
  })
})

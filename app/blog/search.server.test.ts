import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import type { PostSummary } from './post'
import { matchingPosts, searchablePost, searchQueryOf, searchWords } from './search.server'

type Fields = Partial<PostSummary> & { slug: string; text?: string }

function summary({ text: _text, ...fields }: Fields): PostSummary {
  return {
    id: fields.slug,
    title: fields.slug,
    category: '',
    author: '',
    status: 'published',
    tags: '',
    publishedAt: '2025-01-01T00:00:00.000Z',
    updatedAt: null,
    cardDate: '',
    postDate: '',
    postWords: 0,
    wordCountLabel: '',
    image: null,
    ...fields,
  }
}

/** A search over these posts (newest first, as the list holds them), each with its text. */
function indexOf(...posts: Fields[]) {
  const listed = [...posts].sort((a, b) => (b.publishedAt ?? '').localeCompare(a.publishedAt ?? ''))
  const searchable = listed.map((post) => searchablePost(summary(post), post.text ?? ''))
  const slugs = async (query: string) =>
    matchingPosts(searchable, searchQueryOf(query)).map((post) => post.slug)
  return { slugs }
}

beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => undefined)
})
afterEach(() => {
  vi.restoreAllMocks()
})

describe('searchQueryOf', () => {
  it('trims, and reads nothing from a missing or blank q', () => {
    expect(searchQueryOf('  voice agents  ')).toBe('voice agents')
    expect(searchQueryOf(null)).toBe('')
    expect(searchQueryOf(' \t\n ')).toBe('')
  })

  it('cuts q to 200 characters, never inside a character', () => {
    expect(searchQueryOf('a'.repeat(5_000))).toHaveLength(200)
    const emoji = searchQueryOf('😀'.repeat(300))
    expect(Array.from(emoji)).toHaveLength(200)
    expect(emoji).toBe('😀'.repeat(200))
  })

  it('reads control characters such as %00 as spaces', () => {
    expect(searchQueryOf('voice\u0000agents\u0007')).toBe('voice agents')
  })
})

describe('searchWords', () => {
  it('folds case and accents and drops punctuation', () => {
    expect(searchWords('Café, RÉSUMÉ! "naïve"')).toEqual(['cafe', 'resume', 'naive'])
    expect(searchWords('!!! ??? ...')).toEqual([])
    expect(searchWords('<script>alert(1)</script>')).toEqual(['script', 'alert', '1', 'script'])
    expect(searchWords('voice-agent £500 c++')).toEqual(['voice', 'agent', '500', 'c'])
  })
})

describe('the search index', () => {
  const posts: Fields[] = [
    {
      slug: 'voice-title',
      title: 'Voice agents for plumbers',
      text: 'Missed calls cost trades money.',
      publishedAt: '2024-01-01T00:00:00.000Z',
    },
    {
      slug: 'voice-text',
      title: 'Answering the phone',
      text: 'A voice agent answers every call, day and night.',
      publishedAt: '2025-01-01T00:00:00.000Z',
    },
    {
      slug: 'cafe',
      title: 'Bookings at the Café',
      category: 'Hospitality',
      tags: 'Restaurants, Bookings',
      author: 'Zoë Brontë',
      text: '<not markup> Tables fill on Friday.',
    },
  ]

  it('finds a post when every word is in its title, category, tags, author or text', async () => {
    const { slugs } = indexOf(...posts)
    expect(await slugs('hospitality')).toEqual(['cafe'])
    expect(await slugs('restaurants friday')).toEqual(['cafe'])
    expect(await slugs('zoe')).toEqual(['cafe'])
    expect(await slugs('plumbers missed calls')).toEqual(['voice-title'])
    expect(await slugs('plumbers friday')).toEqual([])
  })

  it('ignores case and accents on both sides', async () => {
    const { slugs } = indexOf(...posts)
    expect(await slugs('CAFE')).toEqual(['cafe'])
    expect(await slugs('brontë')).toEqual(['cafe'])
    expect(await slugs('BRONTE café')).toEqual(['cafe'])
  })

  it('reads typographic punctuation in the text as any other, between words', async () => {
    const { slugs } = indexOf(
      { slug: 'quoted', text: '“Voice agents” don’t sleep—ever… Ask Zoë' },
      { slug: 'plain', text: 'Voice notes' },
    )
    expect(await slugs('voice agents')).toEqual(['quoted'])
    expect(await slugs('don t')).toEqual(['quoted'])
    expect(await slugs('sleep ever')).toEqual(['quoted'])
    expect(await slugs('zoe')).toEqual(['quoted'])
    expect(await slugs('dont')).toEqual([])
  })

  it('reads the last word also as the start of a word, and only the last one', async () => {
    const { slugs } = indexOf(...posts)
    expect(await slugs('plumb')).toEqual(['voice-title'])
    expect(await slugs('trad')).toEqual(['voice-title'])
    expect(await slugs('plumb missed')).toEqual([])
    // A short last word is the start of a title, category, tag or author word...
    expect(await slugs('hospitality bo')).toEqual(['cafe'])
    expect(await slugs('z')).toEqual(['cafe'])
    // ...and a whole word of the text.
    expect(await slugs('fr')).toEqual([])
    expect(await slugs('mi')).toEqual([])
    expect(await slugs('voice a')).toEqual(['voice-title', 'voice-text'])
  })

  it('puts title matches first, then the newest', async () => {
    const { slugs } = indexOf(...posts)
    expect(await slugs('voice')).toEqual(['voice-title', 'voice-text'])
    const same = { title: 'Same words', text: 'Same words' }
    const { slugs: tied } = indexOf(
      { slug: 'older', ...same, publishedAt: '2024-01-01T00:00:00.000Z' },
      { slug: 'newer', ...same, publishedAt: '2025-01-01T00:00:00.000Z' },
    )
    expect(await tied('same words')).toEqual(['newer', 'older'])
  })

  it('finds nothing, without failing, for markup, quotes, punctuation or nothing', async () => {
    const { slugs } = indexOf(...posts)
    for (const query of ['<script>alert(1)</script>', '"\'"\'', '!!!', '   ', '%00', '\u0000']) {
      expect(await slugs(query), query).toEqual([])
    }
    expect(await slugs('<not markup>')).toEqual(['cafe'])
    expect(await slugs('not')).toEqual(['cafe'])
  })
})

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { fixturePosts, hostilePosts, malformedEntry } from '../../mocks/fixtures/posts'

import type { BackendResult } from './backend.server'
import { createPostStore, toPostCard, validEntries, type Post } from './posts.server'

const BACKEND_URL = 'http://backend.internal:8000'
const SITE_URL = 'https://www.brightwell.example'
const TTL_MS = 60_000

function storeAnswering(...answers: Array<BackendResult<unknown>>) {
  return storeWith({}, ...answers)
}

function storeWith(options: { maxPosts?: number }, ...answers: Array<BackendResult<unknown>>) {
  let clock = 0
  const fetchPostList = vi.fn(async () => (answers.length > 1 ? answers.shift()! : answers[0]!))
  const store = createPostStore({
    fetchPostList,
    ttlMs: TTL_MS,
    siteUrl: SITE_URL,
    backendUrl: BACKEND_URL,
    now: () => clock,
    ...options,
  })
  return { store, fetchPostList, advance: (ms: number) => (clock += ms) }
}

const list = (data: unknown) => ({ status: 'success', data }) as const
const failure = (error: Extract<BackendResult<unknown>, { status: 'error' }>['error']) =>
  ({ status: 'error', error }) as const

async function postsOf(store: ReturnType<typeof createPostStore>): Promise<Post[]> {
  const result = await store.getPosts()
  if (result.status !== 'success') throw new Error(`expected posts, got ${result.message}`)
  return result.posts
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

let warn: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
})
afterEach(() => {
  vi.restoreAllMocks()
})

describe('the post list', () => {
  it('prepares every fixture post, newest first, with what pages show', async () => {
    const { store } = storeAnswering(list(fixturePosts))
    const posts = await postsOf(store)
    expect(posts).toHaveLength(12)
    expect(posts.map((post) => post.slug)[0]).toBe('chatbot-vs-live-chat')
    expect(posts.at(-1)!.slug).toBe('ai-chatbots-small-business-guide')

    const restaurant = posts.find((post) => post.slug === 'restaurant-ai-phone-bookings')!
    expect(restaurant).toMatchObject({
      title: 'Taking Restaurant Bookings by Phone with an AI Voice Agent',
      category: 'Voice Agents',
      author: 'Tom Davies',
      status: 'published',
      tags: 'Voice Agents, Restaurants, Hospitality, Reservations',
      cardDate: 'Mar 10, 2025',
      postDate: 'March 10, 2025',
      publishedAt: '2025-03-10T09:30:00.000Z',
      postWords: 484,
      wordCountLabel: '484 words',
      image: '/media/restaurant-ai-phone-bookings.svg',
    })
    const guide = posts.find((post) => post.slug === 'ai-chatbots-small-business-guide')!
    expect(guide.wordCountLabel).toBe('1,453 words')
  })

  it('reads when a post was last changed, and leaves out a date that is not one', async () => {
    const [first, second, third] = fixturePosts
    const { store } = storeAnswering(
      list([
        { ...first!, updated_at: '2025-01-20T15:45:00Z' },
        { ...second!, updated_at: 'last Tuesday' },
        { ...third!, updated_at: undefined },
      ]),
    )
    const updated = Object.fromEntries((await postsOf(store)).map((p) => [p.slug, p.updatedAt]))
    expect(updated).toEqual({
      [first!.slug]: '2025-01-20T15:45:00.000Z',
      [second!.slug]: null,
      [third!.slug]: null,
    })
  })

  it('cuts the preview at 150 and the teaser at 200 characters of plain text', async () => {
    const { store } = storeAnswering(list(fixturePosts))
    const [guide] = (await postsOf(store)).filter(
      (p) => p.slug === 'ai-chatbots-small-business-guide',
    )
    const text =
      'If you run a small business in the UK, you have probably noticed that customers expect answers faster than ever. They message at 10pm on a Sunday, they want to know whether you cover their postcode, and they would rather not wait'
    expect(guide!.preview).toBe(`${text.slice(0, 150).trimEnd()}...`)
    expect(guide!.teaser).toBe(`${text.slice(0, 200).trimEnd()}...`)
    expect(guide!.preview).not.toMatch(/[<>]/)
  })

  it('decodes entities and drops markup in the preview', async () => {
    const post = {
      ...fixturePosts[0]!,
      content:
        '<h2>Costs&nbsp;&amp;&nbsp;savings</h2><p>It&rsquo;s &pound;50 <em>a</em> month.</p>',
    }
    const { store } = storeAnswering(list([post]))
    const [prepared] = await postsOf(store)
    expect(prepared!.preview).toBe('Costs & savings It’s £50 a month.')
    expect(prepared!.teaser).toBe('Costs & savings It’s £50 a month.')
  })

  it('formats the day as it falls in London on both sides of midnight UTC', async () => {
    const { store } = storeAnswering(list(fixturePosts))
    const posts = await postsOf(store)
    const bySlug = (slug: string) => posts.find((post) => post.slug === slug)!
    // 00:15 UTC in January is 00:15 in London: same day.
    expect(bySlug('automating-invoice-chasing-accountants').cardDate).toBe('Jan 15, 2025')
    // 23:30 UTC on 30 March 2025, the first day of BST, is 00:30 on the 31st in London.
    expect(bySlug('measuring-roi-of-ai-automation').cardDate).toBe('Mar 31, 2025')
    expect(bySlug('measuring-roi-of-ai-automation').postDate).toBe('March 31, 2025')
  })

  it('uses the placeholder for a post without an image and proxies relative ones', async () => {
    const { store } = storeAnswering(
      list([
        { ...fixturePosts[0]!, slug: 'a', image_url: null },
        { ...fixturePosts[0]!, slug: 'b', image_url: '' },
        { ...fixturePosts[0]!, slug: 'c', image_url: 'https://cdn.example.com/c.jpg' },
        { ...fixturePosts[0]!, slug: 'd', image_url: `${BACKEND_URL}/media/d.png` },
        // eslint-disable-next-line no-script-url -- a hostile image URL
        { ...fixturePosts[0]!, slug: 'e', image_url: 'javascript:alert(1)' },
        { ...fixturePosts[0]!, slug: 'f', image_url: 'http://insecure.example.com/f.png' },
      ]),
    )
    const images = Object.fromEntries((await postsOf(store)).map((p) => [p.slug, p.image]))
    expect(images).toEqual({
      a: null,
      b: null,
      c: 'https://cdn.example.com/c.jpg',
      d: '/media/d.png',
      e: null,
      f: null,
    })
  })

  it('sanitises the content of hostile posts and leaves out the malformed entry', async () => {
    const { store } = storeAnswering(list([...hostilePosts, malformedEntry, ...fixturePosts]))
    const posts = await postsOf(store)
    expect(posts).toHaveLength(15)
    for (const post of posts) {
      expect(post.html).not.toMatch(/<script|onerror|javascript:|<iframe|<form|<object|<embed/i)
    }
    expect(posts.find((post) => post.slug === 'xss-test-one')!.title).toBe(
      'Sanitisation test one <script>window.__xss=1</script>',
    )
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"id":104'))
  })

  it('sends a card only what it shows', async () => {
    const { store } = storeAnswering(list(fixturePosts))
    const [post] = await postsOf(store)
    expect(Object.keys(toPostCard(post!)).sort()).toEqual(
      [
        'cardDate',
        'category',
        'image',
        'preview',
        'publishedAt',
        'slug',
        'title',
        'wordCountLabel',
      ].sort(),
    )
  })
})

describe('a list too long to be true', () => {
  it('keeps only the newest posts up to the limit', async () => {
    const many = Array.from({ length: 8 }, (_, i) => ({
      ...fixturePosts[11]!,
      slug: `post-${i}`,
      content: '<p>short</p>',
      created_at: new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString(),
    }))
    const { store } = storeWith({ maxPosts: 5 }, list(many))
    const posts = await postsOf(store)
    expect(posts.map((post) => post.slug)).toEqual([
      'post-7',
      'post-6',
      'post-5',
      'post-4',
      'post-3',
    ])
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('cut to its newest posts'))
  })
})

describe('validEntries', () => {
  const valid = fixturePosts[0]!

  it('ignores unknown fields', () => {
    const [entry] = validEntries([{ ...valid, extra: { nested: true }, likes: 3 }])
    expect(entry).not.toHaveProperty('extra')
    expect(entry!.slug).toBe(valid.slug)
  })

  it.each([
    ['no slug', { ...valid, slug: undefined }],
    ['an empty slug', { ...valid, slug: '  ' }],
    ['a slug with a slash', { ...valid, slug: 'a/b' }],
    ['a slug of dots', { ...valid, slug: '..' }],
    ['content over 500,000 characters', { ...valid, content: 'x'.repeat(500_001) }],
    ['a numeric title', { ...valid, title: 12345 }],
    ['no content', { ...valid, content: null }],
    ['an unreadable date', { ...valid, created_at: 'last Tuesday' }],
    ['a word count as text', { ...valid, post_words: 'many' }],
    ['a negative word count', { ...valid, post_words: -1 }],
    ['not an object', 'a string'],
    ['null', null],
  ])('leaves out and logs an entry with %s', (_name, entry) => {
    expect(validEntries([entry, { ...valid, slug: 'kept' }]).map((e) => e.slug)).toEqual(['kept'])
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('blog post entry left out'))
  })

  it('keeps the first of two entries with the same slug', () => {
    const entries = validEntries([valid, { ...valid, id: 99, title: 'Second' }])
    expect(entries.map((entry) => entry.id)).toEqual([valid.id])
  })

  it('accepts string ids, missing images and tags sent as a list', () => {
    const [entry] = validEntries([
      { ...valid, id: 'abc', image_url: undefined, tags: ['AI', 'Chatbots'] },
    ])
    expect(entry).toMatchObject({ id: 'abc', tags: 'AI, Chatbots' })
  })
})

describe('the post cache', () => {
  const small = [fixturePosts[5]!, fixturePosts[10]!]

  it('asks the backend once for many concurrent first requests', async () => {
    const { store, fetchPostList } = storeAnswering(list(small))
    const results = await Promise.all(Array.from({ length: 50 }, () => store.getPosts()))
    expect(fetchPostList).toHaveBeenCalledTimes(1)
    for (const result of results) expect(result.status).toBe('success')
  })

  it('serves a fresh list without asking again, then refreshes a stale one in the background', async () => {
    const changed = [{ ...small[0]!, title: 'Changed title' }, small[1]!]
    const { store, fetchPostList, advance } = storeAnswering(list(small), list(changed))
    await store.getPosts()
    const firstVersion = store.postsVersion()
    advance(TTL_MS - 1)
    await store.getPosts()
    expect(fetchPostList).toHaveBeenCalledTimes(1)

    advance(1)
    const stale = await postsOf(store)
    expect(stale.map((post) => post.title)).not.toContain('Changed title')
    expect(fetchPostList).toHaveBeenCalledTimes(2)
    await vi.waitFor(() => expect(store.postsVersion()).not.toBe(firstVersion))
    expect((await postsOf(store)).map((post) => post.title)).toContain('Changed title')
  })

  it('keeps the same version and the same prepared posts when the list has not changed', async () => {
    const { store, advance } = storeAnswering(list(small))
    const first = await postsOf(store)
    const version = store.postsVersion()
    advance(TTL_MS)
    await store.getPosts()
    await settle()
    await vi.waitFor(async () => expect(await postsOf(store)).toBe(first))
    expect(store.postsVersion()).toBe(version)
    expect(version).not.toBe('')
  })

  it('serves the last good list while the backend fails', async () => {
    const { store, fetchPostList, advance } = storeAnswering(
      list(small),
      failure({ kind: 'http', status: 503 }),
    )
    await store.getPosts()
    advance(TTL_MS)
    expect((await store.getPosts()).status).toBe('success')
    await settle()
    expect(fetchPostList).toHaveBeenCalledTimes(2)
    expect(await postsOf(store)).toHaveLength(2)
    expect((await store.findPostBySlug(small[0]!.slug)).status).toBe('found')
  })

  it.each([
    ['a non-2xx answer', failure({ kind: 'http', status: 500 }), 'HTTP error! status: 500'],
    ['a 404 answer', failure({ kind: 'http', status: 404 }), 'HTTP error! status: 404'],
    [
      'a network failure',
      failure({ kind: 'network', reason: 'ECONNREFUSED' }),
      'Failed to fetch blogs',
    ],
    ['a timeout', failure({ kind: 'timeout' }), 'Failed to fetch blogs'],
    [
      'malformed JSON',
      failure({ kind: 'invalid-body', reason: 'SyntaxError' }),
      'Failed to fetch blogs',
    ],
    ['an object instead of a list', list({ posts: fixturePosts }), 'Failed to fetch blogs'],
    ['null', list(null), 'Failed to fetch blogs'],
  ])('gives the error for %s when nothing is cached', async (_name, answer, message) => {
    const { store } = storeAnswering(answer)
    expect(await store.getPosts()).toEqual({ status: 'error', message })
    expect(await store.findPostBySlug('anything')).toEqual({ status: 'error', message })
    expect(store.postsVersion()).toBe('')
  })

  it('shows an empty list as an empty list', async () => {
    const { store } = storeAnswering(list([]))
    expect(await store.getPosts()).toEqual({ status: 'success', posts: [] })
  })
})

describe('findPostBySlug', () => {
  it('finds a post in the cached list, or says it is not there', async () => {
    const { store, fetchPostList } = storeAnswering(list(fixturePosts))
    const found = await store.findPostBySlug('chatbot-vs-live-chat')
    expect(found.status === 'found' && found.post.title).toBe(
      'AI Chatbot or Live Chat: Which Is Right for You?',
    )
    expect(await store.findPostBySlug('no-such-post')).toEqual({ status: 'not-found' })
    expect(fetchPostList).toHaveBeenCalledTimes(1)
  })
})

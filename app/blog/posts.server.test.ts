import v8 from 'node:v8'
import vm from 'node:vm'

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import type { BackendResult } from '~/lib/backend.server'

import { generatedPosts } from '../../mocks/fixtures/generated-posts'
import { fixturePosts, hostilePosts, malformedEntry } from '../../mocks/fixtures/posts'

import type { PostSummary } from './post'
import { createPostStore, type PostStore } from './posts.server'
import { sanitizeHtml } from './sanitize.server'

const BACKEND_URL = 'http://backend.internal:8000'
const SITE_URL = 'https://www.brightwell.example'
const TTL_MS = 60_000

/** One answer of the backend: made anew for each call, since a body is read only once. */
type Answer = () => BackendResult<Response>

function storeAnswering(...answers: Answer[]) {
  return storeWith({}, ...answers)
}

/** The sanitiser, run here on the test's own thread instead of the worker. */
const sanitizeHere = async (dirty: string): Promise<string | null> =>
  sanitizeHtml(dirty, {
    siteUrl: SITE_URL,
    resolveImage: (src) => ({ url: src }),
    resolveMedia: (src) => src,
  })

function storeWith(
  {
    sanitize = sanitizeHere,
    ...options
  }: { maxListBytes?: number; sanitize?: (dirty: string) => Promise<string | null> },
  ...answers: Answer[]
) {
  // lru-cache, which keeps the list, reads a start time of 0 as "no TTL".
  let clock = 1_000_000
  const fetchPostList = vi.fn(async () => (answers.length > 1 ? answers.shift()! : answers[0]!)())
  const sanitized: string[] = []
  const store = createPostStore({
    fetchPostList,
    ttlMs: TTL_MS,
    siteUrl: SITE_URL,
    images: { backendUrl: BACKEND_URL, imageHosts: [], keys: ['test-signing-key'] },
    now: () => clock,
    sanitize: (dirty) => {
      sanitized.push(dirty)
      return sanitize(dirty)
    },
    ...options,
  })
  return { store, fetchPostList, sanitized, advance: (ms: number) => (clock += ms) }
}

const raw =
  (body: string, headers: Record<string, string> = {}): Answer =>
  () => ({ status: 'success', data: new Response(body, { headers }) })
const list = (data: unknown) => raw(JSON.stringify(data))
const failure =
  (error: Extract<BackendResult<unknown>, { status: 'error' }>['error']): Answer =>
  () => ({ status: 'error', error })

async function postsOf(store: PostStore): Promise<PostSummary[]> {
  const result = await store.getPosts()
  if (result.status !== 'success') throw new Error(`expected posts, got ${result.message}`)
  return result.posts
}

async function postOf(store: PostStore, slug: string) {
  const result = await store.findPostBySlug(slug)
  if (result.status !== 'found') throw new Error(`expected ${slug}, got ${result.status}`)
  return result.post
}

/** Lets a background refresh finish (its list is fresh again): it reads its answer over several turns of the event loop. */
async function refreshed(store: PostStore) {
  await vi.waitFor(() => expect(store.freshForS()).toBeGreaterThan(0))
}

const timesLogged = (spy: ReturnType<typeof vi.spyOn>, text: string) =>
  spy.mock.calls.filter((call: unknown[]) => String(call[0]).includes(text)).length
const logged = (spy: ReturnType<typeof vi.spyOn>, text: string) => timesLogged(spy, text) > 0

let warn: ReturnType<typeof vi.spyOn>
let info: ReturnType<typeof vi.spyOn>
let error: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  info = vi.spyOn(console, 'log').mockImplementation(() => undefined)
  error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
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
      image: { url: '/media/restaurant-ai-phone-bookings.svg' },
    })
    const guide = posts.find((post) => post.slug === 'ai-chatbots-small-business-guide')!
    expect(guide.wordCountLabel).toBe('1,453 words')
  })

  it('gives each post exactly the fields the pages show: none the backend adds, no content', async () => {
    const { store } = storeAnswering(list([{ ...fixturePosts[0]!, secret: 'not for pages' }]))
    const [post] = await postsOf(store)
    expect(Object.keys(post!).sort()).toEqual(
      [
        ...['id', 'slug', 'title', 'category', 'author', 'status', 'tags', 'publishedAt'],
        ...['updatedAt', 'cardDate', 'postDate', 'postWords', 'wordCountLabel', 'image'],
      ].sort(),
    )
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
    const [card] = store.toPostCards([guide!])
    const [feedPost] = store.toFeedPosts([guide!])
    const text =
      'If you run a small business in the UK, you have probably noticed that customers expect answers faster than ever. They message at 10pm on a Sunday, they want to know whether you cover their postcode, and they would rather not wait'
    expect(card!.preview).toBe(`${text.slice(0, 150).trimEnd()}...`)
    expect(feedPost!.teaser).toBe(`${text.slice(0, 200).trimEnd()}...`)
    expect((await postOf(store, guide!.slug)).teaser).toBe(feedPost!.teaser)
    expect(card!.preview).not.toMatch(/[<>]/)
  })

  it('decodes entities and drops markup in the preview', async () => {
    const post = {
      ...fixturePosts[0]!,
      content:
        '<h2>Costs&nbsp;&amp;&nbsp;savings</h2><p>It&rsquo;s &pound;50 <em>a</em> month.</p>',
    }
    const { store } = storeAnswering(list([post]))
    const [card] = store.toPostCards(await postsOf(store))
    expect(card!.preview).toBe('Costs & savings It’s £50 a month.')
    expect((await postOf(store, post.slug)).teaser).toBe('Costs & savings It’s £50 a month.')
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

  it('uses the placeholder for a post without an image and signs the backend’s media', async () => {
    const { store } = storeAnswering(
      list([
        { ...fixturePosts[0]!, slug: 'a', image_url: null },
        { ...fixturePosts[0]!, slug: 'b', image_url: '' },
        { ...fixturePosts[0]!, slug: 'c', image_url: 'https://cdn.example.com/c.jpg' },
        { ...fixturePosts[0]!, slug: 'd', image_url: `${BACKEND_URL}/media/d.png` },
        { ...fixturePosts[0]!, slug: 'e', image_url: 'javascript:alert(1)' },
        { ...fixturePosts[0]!, slug: 'f', image_url: 'http://insecure.example.com/f.png' },
      ]),
    )
    const images = Object.fromEntries((await postsOf(store)).map((p) => [p.slug, p.image]))
    expect(images).toEqual({
      a: null,
      b: null,
      c: { url: 'https://cdn.example.com/c.jpg' },
      d: { token: expect.stringMatching(/^[\w-]+\.[\w-]{22}$/) as unknown },
      e: null,
      f: null,
    })
  })

  it('sanitises the content of hostile posts and leaves out the malformed entry', async () => {
    const { store } = storeAnswering(list([...hostilePosts, malformedEntry, ...fixturePosts]))
    const posts = await postsOf(store)
    expect(posts).toHaveLength(15)
    for (const { slug } of posts) {
      const { html } = await postOf(store, slug)
      expect(html).not.toMatch(/<script|onerror|javascript:|<iframe|<form|<object|<embed/i)
    }
    expect(posts.find((post) => post.slug === 'xss-test-one')!.title).toBe(
      'Sanitisation test one <script>window.__xss=1</script>',
    )
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"id":104'))
  })

  it('sends a card only what it shows', async () => {
    const { store } = storeAnswering(list(fixturePosts))
    const [card] = store.toPostCards((await postsOf(store)).slice(0, 1))
    expect(Object.keys(card!).sort()).toEqual(
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

describe('a list of thousands of posts', () => {
  it('keeps every post, newest first, each reachable by its slug', async () => {
    const { store } = storeAnswering(list(generatedPosts(2_000)))
    const posts = await postsOf(store)
    expect(posts).toHaveLength(2_000)
    expect(posts[0]!.slug).toBe('generated-post-1999')
    expect(posts.at(-1)!.slug).toBe('generated-post-0')
    expect((await postOf(store, 'generated-post-0')).html).toContain('Generated post 0')
    expect(logged(warn, 'cut')).toBe(false)
  }, 30_000)

  it('sanitises a post when it is first shown, and not again when its content is unchanged', async () => {
    const { store, sanitized, advance } = storeAnswering(
      list(generatedPosts(20)),
      list(generatedPosts(20, 1)),
    )
    await postOf(store, 'generated-post-3')
    await postOf(store, 'generated-post-10')
    await postOf(store, 'generated-post-10')
    expect(sanitized).toHaveLength(2)
    const cards = store.toPostCards(await postsOf(store))
    expect(cards).toHaveLength(20)
    expect(sanitized).toHaveLength(2)

    advance(TTL_MS)
    await store.getPosts()
    await refreshed(store)
    // Post 10, the one in the middle, changed; post 3 did not.
    expect(logged(info, '"changedEntries":1')).toBe(true)
    expect(sanitized).toHaveLength(2)
    await postOf(store, 'generated-post-3')
    expect(sanitized).toHaveLength(2)
    expect((await postOf(store, 'generated-post-10')).html).toContain('Revised (revision 1)')
    expect(sanitized).toHaveLength(3)
  })

  it('sanitises a post once when several visitors ask for it at the same time', async () => {
    let finish: (html: string) => void = () => undefined
    const { store, sanitized } = storeWith(
      { sanitize: () => new Promise((resolve) => (finish = resolve)) },
      list(generatedPosts(3)),
    )
    await store.getPosts()
    const views = [1, 2, 3].map(() => postOf(store, 'generated-post-1'))
    await new Promise((resolve) => setImmediate(resolve))
    finish('<p>safe</p>')
    for (const post of await Promise.all(views)) expect(post.html).toBe('<p>safe</p>')
    expect(sanitized).toHaveLength(1)
  })

  it('shows a post without its content when the sanitiser fails, and sanitises it again at the next view', async () => {
    const answers: Array<string | null> = [null, '<p>safe at last</p>']
    const { store, sanitized } = storeWith(
      { sanitize: async () => answers.shift()! },
      list(generatedPosts(3)),
    )
    const failed = await store.findPostBySlug('generated-post-1')
    expect(failed).toMatchObject({
      status: 'found',
      contentUnavailable: true,
      post: { slug: 'generated-post-1', html: '' },
    })
    expect(logged(error, 'post shown without its content')).toBe(true)

    const shown = await store.findPostBySlug('generated-post-1')
    expect(shown).toMatchObject({
      contentUnavailable: false,
      post: { html: '<p>safe at last</p>' },
    })
    await postOf(store, 'generated-post-1')
    expect(sanitized).toHaveLength(2)
  })

  it('keeps a post’s sanitised content when only its title changes', async () => {
    const [first, second] = generatedPosts(2)
    const { store, sanitized, advance } = storeAnswering(
      list([first, second]),
      list([{ ...first!, title: 'A new title' }, second]),
    )
    await postOf(store, first!.slug)
    advance(TTL_MS)
    await store.getPosts()
    await refreshed(store)
    expect((await postOf(store, first!.slug)).title).toBe('A new title')
    expect(sanitized).toHaveLength(1)
  })
})

describe('search', () => {
  async function slugsFound(store: PostStore, query: string) {
    const result = await store.searchPosts(query)
    if (result.status !== 'success') throw new Error(`expected posts, got ${result.message}`)
    return result.posts.map((post) => post.slug)
  }

  it('waits for the list on a cold start, then finds posts by their words', async () => {
    const { store } = storeAnswering(list(fixturePosts))
    expect(await slugsFound(store, 'dental')).toContain('voice-agents-dental-clinics')
    expect(await slugsFound(store, 'no-such-word-anywhere')).toEqual([])
  })

  it('is ready before the first search when warmed up: the list loaded and every post read', async () => {
    const { store, fetchPostList } = storeAnswering(list(generatedPosts(20)))
    await store.warmUp()
    expect(fetchPostList).toHaveBeenCalledTimes(1)
    expect(timesLogged(info, '"msg":"blog posts read for search","posts":20')).toBe(1)
    expect(await slugsFound(store, 'generated')).toHaveLength(20)
    expect(fetchPostList).toHaveBeenCalledTimes(1)
    expect(timesLogged(info, '"msg":"blog posts read for search"')).toBe(1)
  })

  it('warms up without a list when the backend fails, and the first visitor asks again', async () => {
    const { store, fetchPostList } = storeAnswering(
      failure({ kind: 'http', status: 500 }),
      list(fixturePosts),
    )
    await store.warmUp()
    expect(await slugsFound(store, 'dental')).toContain('voice-agents-dental-clinics')
    expect(fetchPostList).toHaveBeenCalledTimes(2)
  })

  it('keeps a query’s results for its list, by its words, and forgets them with the list', async () => {
    const { store, advance } = storeAnswering(list(generatedPosts(5)), list(generatedPosts(5, 1)))
    const found = async (query: string) => {
      const result = await store.searchPosts(query)
      if (result.status !== 'success') throw new Error(`expected posts, got ${result.message}`)
      return result.posts
    }
    const first = await found('generated post')
    expect(first).toHaveLength(5)
    // The same words, however typed (as live search sends them), give the same kept answer.
    expect(await found('  Generated, POST! ')).toBe(first)
    expect(await found('generated')).not.toBe(first)
    advance(TTL_MS)
    await store.getPosts()
    await refreshed(store)
    const after = await found('generated post')
    expect(after).not.toBe(first)
    expect(after.map((post) => post.slug)).toEqual(first.map((post) => post.slug))
  })

  it('reads only the changed post again for search after a refresh, and finds its new words', async () => {
    const { store, advance } = storeAnswering(list(generatedPosts(50)), list(generatedPosts(50, 1)))
    expect(await slugsFound(store, 'revised')).toEqual([])
    expect(logged(info, '"msg":"blog posts read for search","posts":50')).toBe(true)

    advance(TTL_MS)
    await store.getPosts()
    await refreshed(store)
    // Post 25, the one in the middle, changed: it alone is read again.
    expect(await slugsFound(store, 'revised')).toEqual(['generated-post-25'])
    expect(logged(info, '"msg":"blog posts read for search","posts":1,')).toBe(true)
  })

  it('drops a post that left the list and adds one that joined it', async () => {
    const [first, second, third] = generatedPosts(3)
    const { store, advance } = storeAnswering(
      list([first, second]),
      list([first, { ...third!, title: 'Brand new arrival' }]),
    )
    expect(await slugsFound(store, 'generated')).toHaveLength(2)
    advance(TTL_MS)
    await store.getPosts()
    await refreshed(store)
    expect((await slugsFound(store, 'generated')).sort()).toEqual([first!.slug, third!.slug])
    expect(await slugsFound(store, 'arrival')).toEqual([third!.slug])
  })

  it('finds a post shown before by its new title and its text once it is retitled', async () => {
    const [first] = generatedPosts(1)
    const { store, advance } = storeAnswering(
      list([first]),
      list([{ ...first!, title: 'Retitled' }]),
    )
    await postOf(store, first!.slug)
    store.toPostCards(await postsOf(store))
    advance(TTL_MS)
    await store.getPosts()
    await refreshed(store)
    expect(await slugsFound(store, 'retitled generated')).toEqual([first!.slug])
  })

  it('says why when there is no list to search', async () => {
    const { store } = storeAnswering(failure({ kind: 'http', status: 500 }))
    expect(await store.searchPosts('voice')).toEqual({
      status: 'error',
      message: 'HTTP error! status: 500',
    })
  })
})

describe('an answer too large to be true', () => {
  const small = list(fixturePosts.slice(0, 2))
  const huge = list(generatedPosts(30))

  it('is refused with a log line, and the last good list is kept', async () => {
    const { store, advance } = storeWith({ maxListBytes: 100_000 }, small, huge)
    const before = await postsOf(store)
    advance(TTL_MS)
    await store.getPosts()
    await vi.waitFor(() => expect(logged(error, 'over the size cap')).toBe(true))
    expect(await postsOf(store)).toBe(before)
  })

  it('stops the answer as soon as more arrives than the cap, without a declared length', async () => {
    const piece = new Uint8Array(40_000).fill(0x20)
    let piecesSent = 0
    let cancelled = false
    const endless = new ReadableStream<Uint8Array>({
      pull: (controller) => {
        piecesSent += 1
        controller.enqueue(piecesSent === 1 ? new TextEncoder().encode('[') : piece)
      },
      cancel: () => {
        cancelled = true
      },
    })
    const { store } = storeWith({ maxListBytes: 100_000 }, () => ({
      status: 'success',
      data: new Response(endless),
    }))
    expect(await store.getPosts()).toEqual({ status: 'error', message: 'Failed to fetch blogs' })
    expect(cancelled).toBe(true)
    expect(piecesSent).toBeLessThan(6)
    expect(logged(error, '"maxBytes":100000')).toBe(true)
  })

  it('is refused from its declared length without reading it', async () => {
    const { store } = storeWith(
      { maxListBytes: 100_000 },
      raw('[]', { 'content-length': String(100_001) }),
    )
    expect(await store.getPosts()).toEqual({ status: 'error', message: 'Failed to fetch blogs' })
    expect(logged(error, '"maxBytes":100000')).toBe(true)
  })
})

describe('an answer whose length is not what it declares', () => {
  const entries = fixturePosts.slice(0, 3)
  const json = JSON.stringify(entries)

  it.each([
    ['shorter than the answer (a compressed length)', String(10)],
    ['longer than the answer', String(json.length * 2)],
    ['not a number', 'unknown'],
  ])('is read whole when its declared length is %s', async (_, length) => {
    const { store } = storeAnswering(raw(json, { 'content-length': length }))
    const slugs = (await postsOf(store)).map((post) => post.slug)
    expect(slugs.sort()).toEqual(entries.map((post) => post.slug).sort())
  })
})

describe('entries that do not fit', () => {
  const valid = fixturePosts[0]!

  async function keptSlugs(entries: unknown[]) {
    const { store } = storeAnswering(list(entries))
    return (await postsOf(store)).map((post) => post.slug)
  }

  it('ignores unknown fields', async () => {
    const { store } = storeAnswering(list([{ ...valid, extra: { nested: true }, likes: 3 }]))
    const [post] = await postsOf(store)
    expect(post).not.toHaveProperty('extra')
    expect(post!.slug).toBe(valid.slug)
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
    ['a number', 42],
    ['a list', [valid]],
    ['null', null],
  ])('leaves out and logs an entry with %s', async (_name, entry) => {
    expect(await keptSlugs([entry, { ...valid, slug: 'kept' }])).toEqual(['kept'])
    expect(logged(warn, 'blog post entry left out')).toBe(true)
  })

  it('keeps the first of two entries with the same slug', async () => {
    const { store } = storeAnswering(list([valid, { ...valid, id: 99, title: 'Second' }]))
    expect((await postsOf(store)).map((post) => post.id)).toEqual([valid.id])
    expect(logged(warn, 'duplicate slug')).toBe(true)
  })

  it('accepts string ids, missing images and tags sent as a list', async () => {
    const { store } = storeAnswering(
      list([{ ...valid, id: 'abc', image_url: undefined, tags: ['AI', 'Chatbots'] }]),
    )
    const [post] = await postsOf(store)
    expect(post).toMatchObject({ id: 'abc', tags: 'AI, Chatbots', image: null })
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
    advance(TTL_MS - 1)
    await store.getPosts()
    expect(fetchPostList).toHaveBeenCalledTimes(1)

    advance(1)
    const stale = await postsOf(store)
    expect(stale.map((post) => post.title)).not.toContain('Changed title')
    expect(fetchPostList).toHaveBeenCalledTimes(2)
    await refreshed(store)
    expect((await postsOf(store)).map((post) => post.title)).toContain('Changed title')
  })

  it('lets a replaced list go: nothing of a refresh holds the list before it', async () => {
    v8.setFlagsFromString('--expose-gc')
    const collectGarbage = vm.runInNewContext('gc') as () => void
    const revisions = [0, 1, 2, 3].map((revision) =>
      list(small.map((post) => ({ ...post, title: `${post.title} (${revision})` }))),
    )
    const { store, advance } = storeAnswering(...revisions)
    const first = new WeakRef(await postsOf(store))
    for (let refresh = 1; refresh <= 3; refresh += 1) {
      await store.searchPosts('chatbot')
      advance(TTL_MS)
      await store.getPosts()
      await refreshed(store)
    }
    expect((await postsOf(store))[0]!.title).toMatch(/\(3\)$/)
    await new Promise((resolve) => setTimeout(resolve, 0))
    collectGarbage()
    expect(first.deref()).toBeUndefined()
  })

  it('says how long the list in hand stays fresh: counting down, 0 while it is refreshed', async () => {
    const changed = [{ ...small[0]!, title: 'Changed title' }, small[1]!]
    const { store, advance } = storeAnswering(list(small), list(changed))
    expect(store.freshForS()).toBe(0)
    await store.getPosts()
    expect(store.freshForS()).toBe(TTL_MS / 1000)
    advance(TTL_MS - 1400)
    expect(store.freshForS()).toBe(1)
    advance(1400)
    await store.getPosts()
    expect(store.freshForS()).toBe(0)
    await refreshed(store)
    expect(store.freshForS()).toBe(TTL_MS / 1000)
  })

  it('keeps the same list and its prepared posts when the list has not changed', async () => {
    const { store, advance } = storeAnswering(list(small))
    const first = await postsOf(store)
    advance(TTL_MS)
    await store.getPosts()
    await vi.waitFor(() => expect(timesLogged(info, '"changed":false')).toBe(1))
    expect(await postsOf(store)).toBe(first)
  })

  it('serves the last good list while the backend fails', async () => {
    const { store, fetchPostList, advance } = storeAnswering(
      list(small),
      failure({ kind: 'http', status: 503 }),
    )
    await store.getPosts()
    advance(TTL_MS)
    expect((await store.getPosts()).status).toBe('success')
    await new Promise((resolve) => setTimeout(resolve, 0))
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
    ['malformed JSON', raw('[{"id": 1, "slug": "broken'), 'Failed to fetch blogs'],
    ['a malformed entry', raw('[{"id": 1} {"id": 2}]'), 'Failed to fetch blogs'],
    ['text after the list', raw('[] []'), 'Failed to fetch blogs'],
    ['an empty answer', raw(''), 'Failed to fetch blogs'],
    ['an object instead of a list', list({ posts: fixturePosts }), 'Failed to fetch blogs'],
    ['null', list(null), 'Failed to fetch blogs'],
  ])('gives the error for %s when nothing is cached', async (_name, answer, message) => {
    const { store } = storeAnswering(answer)
    expect(await store.getPosts()).toEqual({ status: 'error', message })
    expect(await store.findPostBySlug('anything')).toEqual({ status: 'error', message })
    expect(store.freshForS()).toBe(0)
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

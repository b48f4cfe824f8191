import { createHash } from 'node:crypto'

import { LRUCache } from 'lru-cache'
import { z } from 'zod'

import { imageRules, siteImage, type ImageRules } from '~/images/sources.server'
import { prepareFirstImages } from '~/images/variants.server'
import { getBackendResponse, type BackendResult } from '~/lib/backend.server'
import { getConfig } from '~/lib/config.server'
import { CARD_PREVIEW_CHARS, POST_TEASER_CHARS } from '~/lib/constants'
import { formatCardDate, formatPostDate, formatWordCount, textPreview } from '~/lib/format'
import { log } from '~/lib/log.server'
import { metrics } from '~/lib/metrics.server'

import { plainTextOfHtml, textOfHtml } from './html-text.server'
import { jsonArrayEntries } from './json-entries.server'
import type { FeedPost, Post, PostCard, PostSummary } from './post'
import { defaultSanitizer } from './sanitizer.server'
import { matchingPosts, searchablePost, searchWords, type SearchablePost } from './search.server'

export const POSTS_PATH = '/app/posts/'
export const FETCH_FAILED_MESSAGE = 'Failed to fetch blogs'

/** Cards per /blog page: three full rows on a wide screen. */
export const BLOG_PAGE_SIZE = 9

/** A post shown without its content (the sanitiser failed) asks to be fetched again after this. */
export const CONTENT_RETRY_AFTER_S = 10

/** A lying backend's limits: an answer past 100 MB is refused, and a post past 500,000 characters. */
export const MAX_LIST_BYTES = 100 * 1024 * 1024
const MAX_CONTENT_CHARS = 500_000

const text = z.string().trim()
const isDate = (value: string) => !Number.isNaN(Date.parse(value))
const SLUG = /^(?!\.+$)[^\s/?#]+$/ // not dots alone, which a URL would resolve

/** One entry of the backend's post list. Unknown fields are ignored; an entry that does not fit is left out. */
export const backendPostSchema = z.object({
  id: z.union([z.number().int(), z.string().trim().min(1)]),
  slug: text.min(1).max(200).regex(SLUG, 'must be a single URL path segment'),
  title: text.min(1),
  category: text,
  content: z.string().max(MAX_CONTENT_CHARS),
  image_url: z.string().nullish(),
  author: text,
  created_at: z.string().refine(isDate, 'must be a date'),
  // Optional; an unreadable date is dropped rather than losing the post.
  updated_at: z.string().refine(isDate).nullish().catch(null),
  post_words: z.number().int().nonnegative(),
  status: text,
  // A post shows its tags as one text value; a list is accepted and joined the same way.
  tags: z.union([text, z.array(text).transform((tags) => tags.join(', '))]),
})

export type PostsResult =
  { status: 'success'; posts: PostSummary[] } | { status: 'error'; message: string }

const success = (posts: PostSummary[]) => ({ status: 'success', posts }) as const

/** `contentUnavailable`: the content could not be sanitised just now; shown without it, not kept. */
export type FoundPost =
  | { status: 'found'; post: Post; contentUnavailable: boolean }
  | { status: 'not-found' }
  | { status: 'error'; message: string }

/** A post of the list, its entry's SHA-256, its content, and its teaser and text once read. */
type StoredPost = {
  summary: PostSummary
  digest: string
  content: string
  teaser?: string
  searchable?: SearchablePost
}

/** `version`: the SHA-256 of its entries'; `searchable` once read for search; the last queries' results. */
type PostList = {
  posts: PostSummary[]
  bySlug: Map<string, StoredPost>
  byDigest: Map<string, StoredPost>
  version: string
  searchable?: SearchablePost[]
  results: LRUCache<string, PostSummary[]>
}

/** `sanitize` gives what is safe to show, or null when it cannot just now (shown without it). */
export type PostStoreOptions = {
  fetchPostList: () => Promise<BackendResult<Response>>
  ttlMs: number
  siteUrl: string
  images: ImageRules
  now?: () => number
  maxListBytes?: number
  sanitize?: (dirty: string) => Promise<string | null>
}

/** Sanitised posts kept, in characters (about 200 of 10 KB); queries' results kept, per list. */
const SANITISED_KEPT_CHARS = 2_000_000
const RESULTS_KEPT = 200

/** A failure the pages show, by the contract's message. */
class ListUnavailable extends Error {}

/**
 * The post list, fetched, validated and cached (stale-while-revalidate, by lru-cache). Only the
 * entries that changed are validated again; a post's sanitised HTML and its preview are worked
 * out when a page or the feed first needs them (decision 008), its text for search ahead (016).
 */
export function createPostStore({
  fetchPostList,
  ttlMs,
  siteUrl,
  images,
  now,
  maxListBytes = MAX_LIST_BYTES,
  sanitize = (dirty) => defaultSanitizer().sanitize({ dirty, siteUrl, images }),
}: PostStoreOptions) {
  const storedOf = new WeakMap<PostSummary, StoredPost>()
  let answerBuffer: Buffer = Buffer.alloc(0)

  const lists = new LRUCache<'posts', PostList>({
    max: 1,
    // Stale from ttlMs on: lru-cache counts an entry stale once past its ttl.
    ttl: Math.max(1, ttlMs - 1),
    ttlResolution: 0,
    ...(now ? { perf: { now } } : {}),
    // A stale list is served at once while one refresh runs behind it.
    allowStale: true,
    fetchMethod: async (_key, kept) => {
      try {
        const list = await loadList(kept)
        metrics.countPostListRefresh(list.posts.length)
        return list
      } catch (cause) {
        metrics.countPostListRefresh(undefined)
        const known = cause instanceof ListUnavailable
        if (!known) log('error', 'blog posts could not be prepared', { reason: String(cause) })
        // The last good list stays, fresh for another TTL: a failing backend is not asked again
        // on every request. With none, the pages show the failure; it is never kept.
        if (kept) return kept
        throw known ? cause : new ListUnavailable(FETCH_FAILED_MESSAGE)
      }
    },
  })

  /** Sanitised HTML by content: a post whose title alone changed keeps it. */
  const sanitised = new LRUCache<string, string>({
    maxSize: SANITISED_KEPT_CHARS,
    sizeCalculation: (html) => Math.max(1, html.length),
    // Visitors asking for the same new post at once wait for one sanitising; a failure is not kept.
    fetchMethod: async (content) => (await sanitize(content)) ?? undefined,
  })

  /** What `read` makes of the list in hand, or the failure the pages show instead. */
  async function fromList<T>(read: (list: PostList) => T | Promise<T>) {
    const list = await lists
      .fetch('posts')
      .catch((cause: unknown) =>
        cause instanceof ListUnavailable ? cause.message : FETCH_FAILED_MESSAGE,
      )
    return typeof list === 'string' ? ({ status: 'error', message: list } as const) : read(list!)
  }

  async function loadList(kept: PostList | undefined): Promise<PostList> {
    const started = performance.now()
    const result = await fetchPostList()
    if (result.status === 'error') {
      const { error } = result
      throw new ListUnavailable(
        error.kind === 'http' ? `HTTP error! status: ${error.status}` : FETCH_FAILED_MESSAGE,
      )
    }
    // Read into the last answer's buffer: 21 MB at 2,000 posts, not left for a full collection.
    const { buffer, body } = await readBody(result.data, maxListBytes, answerBuffer)
    answerBuffer = buffer
    const entries = readWhole(() => jsonArrayEntries(body))
    if (!entries) throw unreadable('blog post list is not a list')
    // An entry is known by its bytes' SHA-256, and the answer by its entries'.
    const digests = entries.map(digestOf)
    const version = digestOf(digests.join())
    // An unchanged answer keeps the same list (and the pages cached from it).
    let list: PostList
    let changedEntries = 0
    if (kept?.version === version) list = kept
    else {
      const bySlug = new Map<string, StoredPost>()
      entries.forEach((bytes, index) => {
        const digest = digests[index]!
        let stored = kept?.byDigest.get(digest)
        if (!stored) {
          changedEntries += 1
          stored = storedPost(bytes, digest, index)
          if (!stored) return
        }
        const { slug, id } = stored.summary
        if (bySlug.has(slug)) return leftOut(index, id, ['duplicate slug'])
        bySlug.set(slug, stored)
      })
      // Newest first, as readers expect of a blog, whatever order the backend sends.
      const listed = [...bySlug.values()].sort(({ summary: a }, { summary: b }) =>
        a.publishedAt < b.publishedAt ? 1 : a.publishedAt > b.publishedAt ? -1 : 0,
      )
      list = withResults({
        posts: listed.map((stored) => stored.summary),
        bySlug,
        byDigest: new Map(listed.map((stored) => [stored.digest, stored])),
        version,
      })
    }
    log('info', 'blog post list refreshed', {
      changed: list !== kept,
      posts: list.posts.length,
      changedEntries,
      leftOut: entries.length - list.posts.length,
      bytes: body.length,
      durationMs: Math.round(performance.now() - started),
    })
    return list
  }

  /**
   * The list with its queries' results, by their words; its posts are read for search on its first
   * query. Made here, not in `loadList`: a function made there would hold that call's whole scope,
   * the list it replaced with it, and so every list before (RSS rose with each refresh).
   */
  function withResults(fields: Omit<PostList, 'results'>): PostList {
    const list = fields as PostList
    list.results = new LRUCache({
      max: RESULTS_KEPT,
      memoMethod: (words) => matchingPosts((list.searchable ??= searchableOf(list)), words),
    })
    return list
  }

  /** A new entry as the list keeps it; undefined (and a warning) when it does not fit. */
  function storedPost(bytes: Buffer, digest: string, index: number): StoredPost | undefined {
    const entry: unknown = readWhole(() => JSON.parse(bytes.toString()))
    const parsed = backendPostSchema.safeParse(entry)
    if (!parsed.success) {
      const problems = parsed.error.issues.map(
        (issue) => `${issue.path.join('.')}: ${issue.message}`,
      )
      return leftOut(index, (entry as { id?: unknown } | null)?.id, problems)
    }
    // id, slug, title, category, author, status and tags as the entry has them.
    const { content, created_at, updated_at, post_words, image_url, ...same } = parsed.data
    const publishedAt = new Date(created_at)
    const summary: PostSummary = {
      ...same,
      publishedAt: publishedAt.toISOString(),
      updatedAt: updated_at ? new Date(updated_at).toISOString() : null,
      cardDate: formatCardDate(publishedAt),
      postDate: formatPostDate(publishedAt),
      postWords: post_words,
      wordCountLabel: formatWordCount(post_words),
      image: siteImage(image_url, images),
    }
    const stored = { summary, digest, content }
    storedOf.set(summary, stored)
    return stored
  }

  /** The first `chars` characters of a post's text: its card's preview, or its teaser. */
  const excerptOf = (post: PostSummary, chars: number) =>
    textPreview(textOfHtml(storedOf.get(post)!.content), chars)
  /** A post's teaser, kept: the feeds that show it are made anew for each request. */
  const teaserOf = (post: PostSummary) =>
    (storedOf.get(post)!.teaser ??= excerptOf(post, POST_TEASER_CHARS))

  /** Every post read for search; after a refresh, only those not read yet (decision 016). */
  function searchableOf(list: PostList) {
    const started = performance.now()
    let read = 0
    const searchable = list.posts.map((post) => {
      const stored = storedOf.get(post)!
      if (!stored.searchable) read += 1
      return (stored.searchable ??= searchablePost(post, plainTextOfHtml(stored.content)))
    })
    const durationMs = Math.round(performance.now() - started)
    if (read > 0) log('info', 'blog posts read for search', { posts: read, durationMs })
    return searchable
  }

  return {
    getPosts: (): Promise<PostsResult> => fromList((list) => success(list.posts)),

    findPostBySlug: (slug: string): Promise<FoundPost> =>
      fromList(async (list) => {
        const stored = list.bySlug.get(slug)
        if (!stored) return { status: 'not-found' } as const
        // The post's image (its page's largest paint) is made while its text is sanitised.
        prepareFirstImages([stored.summary.image])
        const html = await sanitised.fetch(stored.content)
        if (html === undefined) log('error', 'post shown without its content', { slug })
        const post = { ...stored.summary, html: html ?? '', teaser: teaserOf(stored.summary) }
        return { status: 'found', post, contentUnavailable: html === undefined } as const
      }),

    /** The posts matching `query` (as `searchQueryOf` reads `q`), by relevance, then newest. */
    searchPosts: (query: string): Promise<PostsResult> =>
      // Kept by the query's words: live search's data requests are not kept by the page cache.
      fromList((list) => success(list.results.memo(searchWords(query).join(' ')))),

    /** Cards for posts of the list, each with its preview: no waiting, the list is in hand. */
    toPostCards: (posts: readonly PostSummary[]): PostCard[] =>
      posts.map((post) => {
        const { slug, title, category, publishedAt, cardDate, wordCountLabel, image } = post
        const preview = excerptOf(post, CARD_PREVIEW_CHARS)
        return { slug, title, category, preview, publishedAt, cardDate, wordCountLabel, image }
      }),

    toFeedPosts: (posts: readonly PostSummary[]): FeedPost[] =>
      posts.map((post) => ({ ...post, teaser: teaserOf(post) })),

    /** The list loaded and read for search before the server listens (decision 016). */
    async warmUp() {
      await fromList((list) => (list.searchable ??= searchableOf(list)))
    },

    /** Seconds the list in hand stays fresh, rounded: how long a shared cache may keep its pages. */
    freshForS: (): number => Math.round(Math.max(0, lists.getRemainingTTL('posts')) / 1000),
  }
}

export type PostStore = ReturnType<typeof createPostStore>

/**
 * The answer's bytes, in `into` when they fit (a new buffer otherwise); refused past `maxBytes`,
 * by its declared length or as soon as more arrive.
 */
async function readBody(response: Response, maxBytes: number, into: Buffer) {
  if (!response.body) throw unreadable('blog post list unreadable', { reason: 'an empty answer' })
  const declared = Number(response.headers.get('content-length')) || 0
  if (declared > maxBytes) {
    await response.body.cancel()
    throw unreadable('blog post list over the size cap', { maxBytes })
  }
  let buffer = into.length >= declared ? into : Buffer.allocUnsafeSlow(declared)
  let bytes = 0
  try {
    // Each piece is copied as it arrives, so that it is let go young (decision 008).
    for await (const piece of response.body) {
      const end = bytes + piece.length
      if (end > maxBytes) throw unreadable('blog post list over the size cap', { maxBytes })
      if (end > buffer.length) {
        buffer = Buffer.concat([buffer.subarray(0, bytes)], Math.min(2 * end, maxBytes))
      }
      buffer.set(piece, bytes)
      bytes = end
    }
  } catch (cause) {
    if (cause instanceof ListUnavailable) throw cause
    throw unreadable('blog post list unreadable', { kind: 'unreadable', reason: String(cause) })
  }
  // What is kept for the next answer is about this one's size.
  if (buffer.length > bytes + bytes / 4) buffer = Buffer.concat([buffer.subarray(0, bytes)])
  return { buffer, body: buffer.subarray(0, bytes) }
}

function digestOf(bytes: Uint8Array | string) {
  return createHash('sha256').update(bytes).digest('base64url')
}

/** What `read` makes of the answer; a malformed answer fails whole, and the last good list stays. */
function readWhole<T>(read: () => T): T {
  try {
    return read()
  } catch (cause) {
    throw unreadable('blog post list unreadable', { kind: 'malformed', reason: String(cause) })
  }
}

function leftOut(index: number, id: unknown, problems: string[]): undefined {
  const shownId = typeof id === 'number' || typeof id === 'string' ? id : undefined
  log('warn', 'blog post entry left out', { index, id: shownId, problems })
}

/** An answer the list cannot be made from: the pages keep the last good list, or show the failure. */
function unreadable(msg: string, details: Record<string, unknown> = {}) {
  log('error', msg, details)
  return new ListUnavailable(FETCH_FAILED_MESSAGE)
}

let defaultStore: PostStore | undefined
const store = () =>
  (defaultStore ??= createPostStore({
    fetchPostList: () => getBackendResponse(POSTS_PATH, { accept: 'application/json' }),
    ttlMs: getConfig().postsCacheTtlS * 1000,
    siteUrl: getConfig().siteUrl,
    images: imageRules(),
  }))

export const getPosts = () => store().getPosts()
export const findPostBySlug = (slug: string) => store().findPostBySlug(slug)
export const searchPosts = (query: string) => store().searchPosts(query)
export const toPostCards = (posts: readonly PostSummary[]) => store().toPostCards(posts)
export const toFeedPosts = (posts: readonly PostSummary[]) => store().toFeedPosts(posts)
export const postsFreshForS = () => store().freshForS()
export const warmUpPosts = () => store().warmUp()

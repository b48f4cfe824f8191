import { createHash } from 'node:crypto'
import zlib from 'node:zlib'

import { z } from 'zod'

import type { SiteImage } from '~/images/image-set'
import { imageRules, siteImage, type ImageRules } from '~/images/sources.server'
import { prepareFirstImages } from '~/images/variants.server'
import type { BackendResult } from '~/lib/backend.server'
import { getBackendResponse } from '~/lib/backend.server'
import { getConfig } from '~/lib/config.server'
import { CARD_PREVIEW_CHARS, POST_TEASER_CHARS } from '~/lib/constants'
import { formatCardDate, formatPostDate, formatWordCount, textPreview } from '~/lib/format'
import { log } from '~/lib/log.server'
import { metrics } from '~/lib/metrics.server'

import { createCachedResource, type LoadResult } from './cached-resource.server'
import { textOfHtml } from './html-text.server'
import { readJsonArray, type ArrayReadFailure } from './json-array-stream.server'
import { defaultSanitizer } from './sanitizer.server'
import { createSearchIndex } from './search.server'

export const POSTS_PATH = '/app/posts/'
export const FETCH_FAILED_MESSAGE = 'Failed to fetch blogs'

/** Cards per /blog page: three full rows on a wide screen. */
export const BLOG_PAGE_SIZE = 9

/** A post shown without its content (the sanitiser failed) asks to be fetched again after this. */
export const CONTENT_RETRY_AFTER_S = 10

/**
 * Limits that keep a lying backend from tying up the server. The answer is refused past
 * MAX_LIST_BYTES (about 10,000 posts of 10 KB) and the last good list kept; one post's content
 * is at most MAX_CONTENT_CHARS (sanitising it costs about 2 ms per 1,000 characters).
 */
export const MAX_LIST_BYTES = 100 * 1024 * 1024
const MAX_CONTENT_CHARS = 500_000

const text = z.string().trim()

/** One entry of the backend's post list. Unknown fields are ignored; an entry that does not fit is left out. */
export const backendPostSchema = z.object({
  id: z.union([z.number().int(), z.string().trim().min(1)]),
  slug: text
    .min(1)
    .max(200)
    .regex(/^(?!\.+$)[^\s/?#]+$/, 'must be a single URL path segment'),
  title: text.min(1),
  category: text,
  content: z.string().max(MAX_CONTENT_CHARS),
  image_url: z.string().nullish(),
  author: text,
  created_at: z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'must be a date'),
  // Optional; an unreadable date is dropped rather than losing the post.
  updated_at: z
    .string()
    .nullish()
    .transform((value) => (value && !Number.isNaN(Date.parse(value)) ? value : null))
    .catch(null),
  post_words: z.number().int().nonnegative(),
  status: text,
  // A post shows its tags as one text value; a list is accepted and joined the same way.
  tags: z.union([text, z.array(text).transform((tags) => tags.join(', '))]),
})

export type BackendPost = z.infer<typeof backendPostSchema>

/** A post as a list shows it, everything formatted once on the server; no content. */
export type PostSummary = {
  id: number | string
  slug: string
  title: string
  category: string
  author: string
  status: string
  tags: string
  /** ISO 8601, for machines: <time>, JSON-LD, the sitemap, RSS. */
  publishedAt: string
  /** ISO 8601, when the backend says the post was last changed. */
  updatedAt: string | null
  /** 'Mar 10, 2025' */
  cardDate: string
  /** 'March 10, 2025' */
  postDate: string
  postWords: number
  /** '1,250 words' */
  wordCountLabel: string
  /** Variants made by this site, an https: URL elsewhere, or null for the placeholder. */
  image: SiteImage | null
}

/** A post as its own page shows it. */
export type Post = PostSummary & {
  /** Sanitised content markup. */
  html: string
  /** The first POST_TEASER_CHARS characters of the text, under the title and in descriptions. */
  teaser: string
}

/** What a card on /blog needs, and nothing more (no content). */
export type PostCard = Pick<
  PostSummary,
  'slug' | 'title' | 'category' | 'publishedAt' | 'cardDate' | 'wordCountLabel' | 'image'
> & {
  /** The first CARD_PREVIEW_CHARS characters of the text. */
  preview: string
}

/** What a feed item needs. */
export type FeedPost = PostSummary & { teaser: string }

export type PostsResult =
  { status: 'success'; posts: PostSummary[] } | { status: 'error'; message: string }

export type FoundPost =
  | {
      status: 'found'
      post: Post
      /** The content could not be sanitised just now: the post is shown without it, and not kept. */
      contentUnavailable: boolean
    }
  | { status: 'not-found' }
  | { status: 'error'; message: string }

/**
 * A post's content and what is derived from it, each worked out when first needed and then
 * remembered for as long as a list holds the same content (found again by its hash). Once both
 * are kept the source is let go: at 2,000 posts it would hold another 20 to 40 MB.
 */
type PostContent = {
  hash: string
  /** The backend's markup, until the HTML and the text have both been derived from it. */
  source?: string
  /**
   * The sanitised HTML, deflated UTF-8: a quarter of its size as a string, whatever its characters
   * (a string with one character beyond Latin-1, or one that comes back so from the sanitiser's
   * thread, takes two bytes for every character). Inflating it takes tens of microseconds.
   */
  html?: Buffer
  /** The sanitising under way, which concurrent first views of the post wait for together. */
  sanitising?: Promise<string | null>
  text?: PostText
}
type PostText = { preview: string; teaser: string }

/** One element of the backend's answer, prepared once and found again by the hash of its bytes. */
type PreparedEntry =
  | { status: 'post'; summary: PostSummary; time: number; content: PostContent }
  | { status: 'left-out'; id: unknown; problems: string[] }

type PostList = {
  posts: PostSummary[]
  bySlug: Map<string, PostSummary>
  /** Every element of the answer by the hash of its bytes, for the next refresh. */
  entries: Map<string, PreparedEntry>
  /** Every post's content by its hash: an edit of a post's title keeps its sanitised HTML. */
  contents: Map<string, PostContent>
  version: string
}

/** What a completed refresh did, for logs (and metrics). */
export type RefreshSummary = {
  /** False when the answer was the same as the kept list's. */
  changed: boolean
  posts: number
  /** Elements of the answer not seen in the list before, so parsed and validated again. */
  changedEntries: number
  leftOut: number
  bytes: number
  durationMs: number
}

export type PostStoreOptions = {
  /** The backend's answer, its body unread. */
  fetchPostList: () => Promise<BackendResult<Response>>
  ttlMs: number
  siteUrl: string
  /** which post images the site makes variants of, and how it signs them */
  images: ImageRules
  now?: () => number
  maxListBytes?: number
  /**
   * Turns a post's HTML into what is safe to show, or null when it cannot just now (then the post
   * is shown without its content and sanitised again at its next view); replaceable in tests.
   */
  sanitize?: (dirty: string) => Promise<string | null>
}

/** Work done between two turns of the event loop while deriving text, so requests keep flowing. */
const SLICE_MS = 4

/**
 * The post list, fetched from the backend, validated and cached. Only elements of the answer
 * that changed are parsed again; a post's sanitised HTML and its preview are worked out when a
 * page first needs them and remembered by the hash of the content, so a refresh in which one
 * post changed costs one post's work, and a cold start costs only what the first page shows.
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
  /** Each summary's content, without putting the content where a loader could send it. */
  const contentOf = new WeakMap<PostSummary, PostContent>()
  const searchIndex = createSearchIndex({ textOf: wholeTextOf })

  const list = createCachedResource<PostList, string>({
    ttlMs,
    now,
    load: async (): Promise<LoadResult<PostList, string>> => {
      try {
        const result = await loadPostList()
        metrics.countPostListRefresh(
          result.status === 'success' ? result.value.posts.length : undefined,
        )
        return result
      } catch (cause) {
        log('error', 'blog posts could not be prepared', { reason: String(cause) })
        return { status: 'error', error: FETCH_FAILED_MESSAGE }
      }
    },
  })

  async function loadPostList(): Promise<LoadResult<PostList, string>> {
    const started = performance.now()
    const result = await fetchPostList()
    if (result.status === 'error') {
      const { error } = result
      const message =
        error.kind === 'http' ? `HTTP error! status: ${error.status}` : FETCH_FAILED_MESSAGE
      return { status: 'error', error: message }
    }
    const response = result.data
    if (!response.body) return unreadable({ kind: 'malformed', reason: 'an empty answer' })
    if (Number(response.headers.get('content-length') ?? 0) > maxListBytes) {
      await response.body.cancel()
      return unreadable({ kind: 'too-large', maxBytes: maxListBytes })
    }

    const known = list.peek()?.entries
    const entries = new Map<string, PreparedEntry>()
    const order: PreparedEntry[] = []
    const version = createHash('sha256')
    let changedEntries = 0
    const read = await readJsonArray(response.body, {
      maxBytes: maxListBytes,
      onElement(bytes) {
        const hash = createHash('sha256').update(bytes).digest('base64url')
        version.update(hash)
        let entry = entries.get(hash) ?? known?.get(hash)
        if (!entry) {
          entry = prepareEntry(JSON.parse(bytes.toString('utf8')))
          changedEntries += 1
        }
        entries.set(hash, entry)
        order.push(entry)
      },
    })
    if (read.status === 'error') return unreadable(read.error)

    const listVersion = version.digest('base64url').slice(0, 22)
    const kept = list.peek()
    // An unchanged answer keeps the same list (and the pages cached from it).
    const unchanged = kept?.version === listVersion
    const posts = unchanged ? kept.posts : listedPosts(order)
    listRefreshed({
      changed: !unchanged,
      posts: posts.length,
      changedEntries,
      leftOut: order.length - posts.length,
      bytes: read.bytes,
      durationMs: Math.round(performance.now() - started),
    })
    if (unchanged) return { status: 'success', value: kept }
    // Re-indexes only the posts whose entries changed, after this refresh has handed its list over.
    searchIndex.follow(posts)
    const bySlug = new Map(posts.map((post) => [post.slug, post]))
    const contents = new Map(posts.map((post) => [contentOf.get(post)!.hash, contentOf.get(post)!]))
    return {
      status: 'success',
      value: { posts, bySlug, entries, contents, version: listVersion },
    }
  }

  function prepareEntry(raw: unknown): PreparedEntry {
    const parsed = backendPostSchema.safeParse(raw)
    if (!parsed.success) {
      return {
        status: 'left-out',
        id: (raw as { id?: unknown } | null)?.id,
        problems: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
      }
    }
    const entry = parsed.data
    const publishedAt = new Date(entry.created_at)
    const summary: PostSummary = {
      id: entry.id,
      slug: entry.slug,
      title: entry.title,
      category: entry.category,
      author: entry.author,
      status: entry.status,
      tags: entry.tags,
      publishedAt: publishedAt.toISOString(),
      updatedAt: entry.updated_at ? new Date(entry.updated_at).toISOString() : null,
      cardDate: formatCardDate(publishedAt),
      postDate: formatPostDate(publishedAt),
      postWords: entry.post_words,
      wordCountLabel: formatWordCount(entry.post_words),
      image: siteImage(entry.image_url, images),
    }
    const hash = createHash('sha256').update(entry.content).digest('base64url')
    const content = list.peek()?.contents.get(hash) ?? { hash, source: entry.content }
    contentOf.set(summary, content)
    return { status: 'post', summary, time: publishedAt.getTime(), content }
  }

  function textOf(summary: PostSummary): PostText {
    const content = contentOf.get(summary)!
    if (!content.text) keepText(content, textOfHtml(content.source!))
    return content.text!
  }

  function keepText(content: PostContent, text: string) {
    content.text = {
      preview: textPreview(text, CARD_PREVIEW_CHARS),
      teaser: textPreview(text, POST_TEASER_CHARS),
    }
    releaseSource(content)
  }

  /**
   * A post's whole text, for the search index, which keeps only its words. Read from the source,
   * or, once that is let go, from the sanitised HTML (whose text is the same); the preview and
   * teaser are kept on the way, so a later card costs nothing.
   */
  function wholeTextOf(summary: PostSummary): string {
    const content = contentOf.get(summary)!
    const markup = content.source ?? zlib.inflateRawSync(content.html!).toString('utf8')
    const text = textOfHtml(markup)
    if (!content.text) keepText(content, text)
    return text
  }

  /** The post's sanitised content, worked out once; null when the sanitiser failed this time. */
  async function htmlOf(summary: PostSummary): Promise<string | null> {
    const content = contentOf.get(summary)!
    if (content.html !== undefined) return zlib.inflateRawSync(content.html).toString('utf8')
    content.sanitising ??= sanitize(content.source!)
      .then((html) => {
        if (html !== null) {
          // Copied out of zlib's 16 KB output chunk, which the result is a view of.
          content.html = Buffer.from(zlib.deflateRawSync(html))
          releaseSource(content)
        }
        return html
      })
      .finally(() => {
        content.sanitising = undefined
      })
    return content.sanitising
  }

  /** Lets go of the source once nothing more is derived from it. */
  function releaseSource(content: PostContent) {
    if (content.html !== undefined && content.text) content.source = undefined
  }

  /** Derives `pick` for each post, giving the event loop a turn now and then. */
  async function eachWithText<T>(posts: readonly PostSummary[], pick: (post: PostSummary) => T) {
    const picked: T[] = []
    let sliceStarted = performance.now()
    for (const post of posts) {
      picked.push(pick(post))
      if (performance.now() - sliceStarted > SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve))
        sliceStarted = performance.now()
      }
    }
    return picked
  }

  return {
    async getPosts(): Promise<PostsResult> {
      const result = await list.get()
      if (result.status === 'error') return { status: 'error', message: result.error }
      return { status: 'success', posts: result.value.posts }
    },

    async findPostBySlug(slug: string): Promise<FoundPost> {
      const result = await list.get()
      if (result.status === 'error') return { status: 'error', message: result.error }
      const summary = result.value.bySlug.get(slug)
      if (!summary) return { status: 'not-found' }
      // The post's own image is made while its text is sanitised, not after: it is its page's
      // largest paint.
      prepareFirstImages([summary.image])
      const html = await htmlOf(summary)
      if (html === null) log('error', 'post shown without its content', { slug })
      return {
        status: 'found',
        post: { ...summary, html: html ?? '', teaser: textOf(summary).teaser },
        contentUnavailable: html === null,
      }
    },

    /**
     * The posts matching `query` (as `searchQueryOf` reads `q`), by relevance and then newest
     * first; on a cold start it waits for the list and its index.
     */
    async searchPosts(query: string): Promise<PostsResult> {
      const result = await list.get()
      if (result.status === 'error') return { status: 'error', message: result.error }
      return { status: 'success', posts: await searchIndex.search(query) }
    },

    /** Cards for posts of the list, each with its preview. */
    toPostCards(posts: readonly PostSummary[]): Promise<PostCard[]> {
      return eachWithText(posts, (post) => {
        const { slug, title, category, publishedAt, cardDate, wordCountLabel, image } = post
        const { preview } = textOf(post)
        return { slug, title, category, preview, publishedAt, cardDate, wordCountLabel, image }
      })
    },

    /** Posts of the list with their teasers, for a feed. */
    toFeedPosts(posts: readonly PostSummary[]): Promise<FeedPost[]> {
      return eachWithText(posts, (post) => ({ ...post, teaser: textOf(post).teaser }))
    },

    /** Changes whenever the cached list's content changes; empty before the first list. */
    postsVersion(): string {
      return list.peek()?.version ?? ''
    },

    /**
     * The seconds the list in hand stays fresh, to the nearest: what a page made from it may be
     * kept by a shared cache, so that no copy outlives the list it shows by more than half a second.
     */
    freshForS(): number {
      return Math.round(list.freshForMs() / 1000)
    },
  }
}

export type PostStore = ReturnType<typeof createPostStore>

/** The posts of an answer, newest first, once per slug; the entries left out are logged. */
function listedPosts(order: readonly PreparedEntry[]): PostSummary[] {
  const listed: Array<Extract<PreparedEntry, { status: 'post' }>> = []
  const seenSlugs = new Set<string>()
  order.forEach((entry, index) => {
    if (entry.status === 'left-out') {
      const { id, problems } = entry
      log('warn', 'blog post entry left out', {
        index,
        id: typeof id === 'number' || typeof id === 'string' ? id : undefined,
        problems,
      })
      return
    }
    if (seenSlugs.has(entry.summary.slug)) {
      log('warn', 'blog post entry left out', {
        index,
        id: entry.summary.id,
        problems: ['duplicate slug'],
      })
      return
    }
    seenSlugs.add(entry.summary.slug)
    listed.push(entry)
  })
  // Newest first, as readers expect of a blog, whatever order the backend sends.
  return listed.sort((a, b) => b.time - a.time).map((entry) => entry.summary)
}

/** Where every successful refresh completes, changed or not. */
function listRefreshed(summary: RefreshSummary) {
  log('info', 'blog post list refreshed', summary)
}

const READ_FAILURE_LOGS: Record<ArrayReadFailure['kind'], [level: 'warn' | 'error', msg: string]> =
  {
    'not-a-list': ['warn', 'blog post list is not a list'],
    malformed: ['warn', 'blog post list unreadable'],
    unreadable: ['warn', 'blog post list unreadable'],
    'too-large': ['error', 'blog post list over the size cap, last good list kept'],
  }

function unreadable(failure: ArrayReadFailure): LoadResult<PostList, string> {
  const [level, msg] = READ_FAILURE_LOGS[failure.kind]
  log(level, msg, failure)
  return { status: 'error', error: FETCH_FAILED_MESSAGE }
}

let defaultStore: PostStore | undefined

function store() {
  if (!defaultStore) {
    const config = getConfig()
    defaultStore = createPostStore({
      fetchPostList: () => getBackendResponse(POSTS_PATH, { accept: 'application/json' }),
      ttlMs: config.postsCacheTtlS * 1000,
      siteUrl: config.siteUrl,
      images: imageRules(),
    })
  }
  return defaultStore
}

/** The post list for pages: the cached list, or the error to show when there is none. */
export function getPosts() {
  return store().getPosts()
}

/** One post by slug, from the same cached list, with its sanitised content. */
export function findPostBySlug(slug: string) {
  return store().findPostBySlug(slug)
}

/** The posts matching a search, best first. */
export function searchPosts(query: string) {
  return store().searchPosts(query)
}

/** Cards for a page of the list. */
export function toPostCards(posts: readonly PostSummary[]) {
  return store().toPostCards(posts)
}

/** Posts with teasers, for the feed. */
export function toFeedPosts(posts: readonly PostSummary[]) {
  return store().toFeedPosts(posts)
}

/** How many more seconds the post list in hand is fresh (0 while it is being refreshed). */
export function postsFreshForS() {
  return store().freshForS()
}

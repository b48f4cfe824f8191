import { createHash } from 'node:crypto'

import { z } from 'zod'

import type { BackendResult } from './backend.server'
import { getBackendJson } from './backend.server'
import { createCachedResource, type LoadResult } from './cached-resource.server'
import { getConfig } from './config.server'
import { CARD_PREVIEW_CHARS, POST_TEASER_CHARS } from './constants'
import { formatCardDate, formatPostDate, formatWordCount, textPreview } from './format'
import { log } from './log.server'
import { siteImageUrl } from './media.server'
import { metrics } from './metrics.server'
import { sanitizeHtmlBatch } from './sanitize.server'

export const POSTS_PATH = '/app/posts/'
export const FETCH_FAILED_MESSAGE = 'Failed to fetch blogs'

/** Cards per /blog page: three full rows on a wide screen. */
export const BLOG_PAGE_SIZE = 9

/**
 * Blog pages carry this response's CSP nonce, so no shared cache may keep them (the post cache
 * already makes them cheap to render): private, and checked with the server on every use.
 */
export const BLOG_PAGE_CACHE_CONTROL = 'private, no-cache'

/**
 * Limits that keep a lying backend from tying up the server: sanitising costs about 30 ms per
 * 20 KB post, so a list is capped at a generous size and so is each post.
 */
const MAX_POSTS = 500
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

/** A post as pages use it: sanitised, with everything derived and formatted once, on the server. */
export type Post = {
  id: number | string
  slug: string
  title: string
  category: string
  author: string
  status: string
  tags: string
  /** Sanitised content markup. */
  html: string
  /** The first CARD_PREVIEW_CHARS characters of the text, for cards. */
  preview: string
  /** The first POST_TEASER_CHARS characters of the text, under the title and in descriptions. */
  teaser: string
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
  /** '/media/…' through this site, an https: URL elsewhere, or null for the placeholder. */
  image: string | null
}

/** What a card on /blog needs, and nothing more (no content). */
export type PostCard = Pick<
  Post,
  | 'slug'
  | 'title'
  | 'category'
  | 'preview'
  | 'publishedAt'
  | 'cardDate'
  | 'wordCountLabel'
  | 'image'
>

export function toPostCard(post: Post): PostCard {
  const { slug, title, category, preview, publishedAt, cardDate, wordCountLabel, image } = post
  return { slug, title, category, preview, publishedAt, cardDate, wordCountLabel, image }
}

export type PostsResult =
  { status: 'success'; posts: Post[] } | { status: 'error'; message: string }

export type FoundPost =
  { status: 'found'; post: Post } | { status: 'not-found' } | { status: 'error'; message: string }

type PostList = { posts: Post[]; bySlug: Map<string, Post>; version: string }

export type PostStoreOptions = {
  fetchPostList: () => Promise<BackendResult<unknown>>
  ttlMs: number
  siteUrl: string
  backendUrl: string
  now?: () => number
  maxPosts?: number
}

/**
 * The post list, fetched from the backend, validated, sanitised and cached. Sanitising is slow,
 * so it happens once per changed list, in the load that fills the cache, never per request.
 */
export function createPostStore({
  fetchPostList,
  ttlMs,
  siteUrl,
  backendUrl,
  now,
  maxPosts = MAX_POSTS,
}: PostStoreOptions) {
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
    const result = await fetchPostList()
    if (result.status === 'error') {
      const { error } = result
      const message =
        error.kind === 'http' ? `HTTP error! status: ${error.status}` : FETCH_FAILED_MESSAGE
      return { status: 'error', error: message }
    }
    if (!Array.isArray(result.data)) {
      log('warn', 'blog post list is not a list', { type: typeof result.data })
      return { status: 'error', error: FETCH_FAILED_MESSAGE }
    }
    const version = fingerprint(result.data)
    const kept = list.peek()
    // An unchanged answer needs no second sanitising pass.
    if (kept?.version === version) return { status: 'success', value: kept }
    const posts = await preparePosts(validEntries(result.data), { siteUrl, backendUrl, maxPosts })
    const bySlug = new Map(posts.map((post) => [post.slug, post]))
    return { status: 'success', value: { posts, bySlug, version } }
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
      const post = result.value.bySlug.get(slug)
      return post ? { status: 'found', post } : { status: 'not-found' }
    },

    /** Changes whenever the cached list's content changes; empty before the first list. */
    postsVersion(): string {
      return list.peek()?.version ?? ''
    },
  }
}

export type PostStore = ReturnType<typeof createPostStore>

/** Keeps the entries that fit the post shape, once per slug; logs the rest. */
export function validEntries(entries: unknown[]): BackendPost[] {
  const valid: BackendPost[] = []
  const seenSlugs = new Set<string>()
  entries.forEach((entry, index) => {
    const parsed = backendPostSchema.safeParse(entry)
    const id = (entry as { id?: unknown } | null)?.id
    if (!parsed.success) {
      log('warn', 'blog post entry left out', {
        index,
        id: typeof id === 'number' || typeof id === 'string' ? id : undefined,
        problems: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
      })
      return
    }
    if (seenSlugs.has(parsed.data.slug)) {
      log('warn', 'blog post entry left out', {
        index,
        id: parsed.data.id,
        problems: ['duplicate slug'],
      })
      return
    }
    seenSlugs.add(parsed.data.slug)
    valid.push(parsed.data)
  })
  return valid
}

async function preparePosts(
  valid: BackendPost[],
  { siteUrl, backendUrl, maxPosts }: { siteUrl: string; backendUrl: string; maxPosts: number },
): Promise<Post[]> {
  // Newest first, as readers expect of a blog, whatever order the backend sends.
  const newestFirst = valid
    .map((entry) => ({ entry, time: Date.parse(entry.created_at) }))
    .sort((a, b) => b.time - a.time)
    .map(({ entry }) => entry)
  const entries = newestFirst.slice(0, maxPosts)
  if (newestFirst.length > maxPosts) {
    log('warn', 'blog post list cut to its newest posts', {
      received: newestFirst.length,
      kept: maxPosts,
    })
  }
  const sanitised = await sanitizeHtmlBatch(
    entries.map((entry) => entry.content),
    { siteUrl, resolveImageSrc: (src) => siteImageUrl(src, backendUrl) },
  )
  return entries.map((entry, index): Post => {
    const { html, text: plainText } = sanitised[index]!
    const publishedAt = new Date(entry.created_at)
    return {
      id: entry.id,
      slug: entry.slug,
      title: entry.title,
      category: entry.category,
      author: entry.author,
      status: entry.status,
      tags: entry.tags,
      html,
      preview: textPreview(plainText, CARD_PREVIEW_CHARS),
      teaser: textPreview(plainText, POST_TEASER_CHARS),
      publishedAt: publishedAt.toISOString(),
      updatedAt: entry.updated_at ? new Date(entry.updated_at).toISOString() : null,
      cardDate: formatCardDate(publishedAt),
      postDate: formatPostDate(publishedAt),
      postWords: entry.post_words,
      wordCountLabel: formatWordCount(entry.post_words),
      image: siteImageUrl(entry.image_url, backendUrl),
    }
  })
}

function fingerprint(data: unknown) {
  return createHash('sha256').update(JSON.stringify(data)).digest('base64url').slice(0, 22)
}

let defaultStore: PostStore | undefined

function store() {
  if (!defaultStore) {
    const config = getConfig()
    defaultStore = createPostStore({
      fetchPostList: () => getBackendJson(POSTS_PATH),
      ttlMs: config.postsCacheTtlS * 1000,
      siteUrl: config.siteUrl,
      backendUrl: config.backendUrl,
    })
  }
  return defaultStore
}

/** The post list for pages: the cached list, or the error to show when there is none. */
export function getPosts() {
  return store().getPosts()
}

/** One post by slug, from the same cached list. */
export function findPostBySlug(slug: string) {
  return store().findPostBySlug(slug)
}

/** Changes whenever the cached list's content changes (for an HTML cache's invalidation). */
export function postsVersion() {
  return store().postsVersion()
}

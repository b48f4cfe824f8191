import MiniSearch, { type Query } from 'minisearch'

import { log } from '../lib/log.server'
import { recentlyUsed } from '../lib/recently-used'

import type { PostSummary } from './posts.server'

/** What a search reads of `q`: at most this many characters, after trimming. */
export const SEARCH_QUERY_MAX_CHARS = 200

/**
 * A last word shorter than this is a prefix of titles, categories, tags and authors only, and a
 * whole word of the text: as a prefix of the text's thousands of words, one or two letters matched
 * nearly every post and held the event loop for 50 to 400 ms at 2,000 posts.
 */
const TEXT_PREFIX_MIN_CHARS = 3

/** Title matches weigh most; then the category and tags, then the author and the text. */
const FIELD_BOOSTS = { title: 5, category: 2, tags: 2, author: 1, text: 1 }
const SHORT_FIELDS = ['title', 'category', 'tags', 'author']

/** Distinct queries whose results are kept until the index changes. */
const RESULTS_KEPT = 200

/** Work done between two turns of the event loop while indexing, so requests keep flowing. */
const SLICE_MS = 4

type SearchDocument = {
  slug: string
  title: string
  category: string
  tags: string
  author: string
  text: string
}

/**
 * `q` as a search reads it: control characters (a `%00`) as spaces, trimmed, cut to
 * SEARCH_QUERY_MAX_CHARS characters (never inside one); empty when nothing is left.
 */
export function searchQueryOf(raw: string | null) {
  // eslint-disable-next-line no-control-regex -- turning control characters into spaces is the point
  const cleaned = (raw ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').trim()
  return Array.from(cleaned).slice(0, SEARCH_QUERY_MAX_CHARS).join('').trim()
}

/**
 * A word as the index keeps it: lower-cased, accents removed; null when nothing is left. Most words
 * are plain ASCII and skip the decomposition (a quarter of the indexing time, and its garbage).
 */
function foldTerm(term: string) {
  // eslint-disable-next-line no-control-regex -- the whole ASCII range
  if (/^[\u0000-\u007f]*$/.test(term)) return term.toLowerCase() || null
  return term.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase() || null
}

/**
 * Words are runs of letters and digits: markup, quotes and symbols part them ('<b>voice</b>' is
 * 'b', 'voice', 'b'), in the posts and in the query alike.
 */
function tokenize(text: string) {
  return text.split(/[^\p{L}\p{M}\p{N}]+/u).filter((word) => word !== '')
}

/** The query's words, folded, in order. */
export function searchWords(query: string) {
  return tokenize(query)
    .map(foldTerm)
    .filter((word): word is string => word !== null)
}

/** Every word must match somewhere; the last one also as the start of a word. */
function queryOf(words: string[]): Query {
  const last = words.at(-1)!
  const lastWord: Query =
    last.length >= TEXT_PREFIX_MIN_CHARS
      ? { queries: [last], prefix: true }
      : {
          combineWith: 'OR',
          queries: [last, { queries: [last], prefix: true, fields: SHORT_FIELDS }],
        }
  return { combineWith: 'AND', queries: [...words.slice(0, -1), lastWord] }
}

export type SearchIndexOptions = {
  /** A post's text, markup removed: what the index reads besides the post's fields. */
  textOf: (post: PostSummary) => string
}

/**
 * A full-text index of the post list (MiniSearch) that follows the list in proportion to what
 * changed. The store hands it each new list; a post whose summary is the same object as before
 * (the store reuses an unchanged entry's summary) is left alone, a changed one is replaced, a new
 * one added and a gone one discarded, a slice at a time off the request path.
 */
export function createSearchIndex({ textOf }: SearchIndexOptions) {
  const index = new MiniSearch<SearchDocument>({
    idField: 'slug',
    fields: ['title', 'category', 'tags', 'author', 'text'],
    tokenize,
    processTerm: foldTerm,
    searchOptions: { boost: FIELD_BOOSTS },
  })
  /** What the index holds, by slug: the summary each document was made from. */
  const indexed = new Map<string, PostSummary>()
  /** The latest list handed over, and the one the index last caught up with. */
  let target: readonly PostSummary[] | undefined
  let caughtUp: readonly PostSummary[] | undefined
  let following: Promise<void> | undefined
  /** Results by the query's folded words, least recently used first; emptied by any change. */
  const results = recentlyUsed<string, PostSummary[]>(RESULTS_KEPT)

  function documentOf(post: PostSummary): SearchDocument {
    const { slug, title, category, tags, author } = post
    return { slug, title, category, tags, author, text: textOf(post) }
  }

  /**
   * Brings the index to `posts`, counting what it did; stops early (null) when a newer list
   * arrives meanwhile, which the next round starts from.
   */
  async function catchUp(posts: readonly PostSummary[]) {
    const done = { added: 0, replaced: 0, discarded: 0 }
    const wanted = new Map(posts.map((post) => [post.slug, post]))
    for (const slug of indexed.keys()) {
      if (wanted.has(slug)) continue
      index.discard(slug)
      indexed.delete(slug)
      results.clear()
      done.discarded += 1
    }
    let sliceStarted = performance.now()
    for (const post of posts) {
      if (target !== posts) return null
      const before = indexed.get(post.slug)
      if (before === post) continue
      try {
        const document = documentOf(post)
        if (before) index.replace(document)
        else index.add(document)
        indexed.set(post.slug, post)
        done[before ? 'replaced' : 'added'] += 1
      } catch (cause) {
        // The post stays findable by what the index last held of it, if anything.
        log('error', 'blog post not indexed for search', { slug: post.slug, reason: String(cause) })
      }
      results.clear()
      if (performance.now() - sliceStarted > SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve))
        sliceStarted = performance.now()
      }
    }
    return done
  }

  async function followTarget() {
    while (target !== caughtUp) {
      const goal = target!
      const started = performance.now()
      try {
        const done = await catchUp(goal)
        if (!done) continue
        log('info', 'blog search index updated', {
          ...done,
          posts: indexed.size,
          durationMs: Math.round(performance.now() - started),
        })
      } catch (cause) {
        // Searches go on with what the index holds; the next list tries again.
        log('error', 'blog search index not updated', { reason: String(cause) })
      }
      caughtUp = goal
    }
  }

  /** Catches up from the next turn of the event loop, so that the caller's own work ends first. */
  function startFollowing() {
    following = new Promise((resolve) => setImmediate(resolve)).then(followTarget).finally(() => {
      following = undefined
      // A list handed over as the last round ended.
      if (target !== caughtUp) startFollowing()
    })
  }

  /** Waits until the index holds the latest list handed over. */
  async function ready() {
    while (following) await following
  }

  return {
    /** Hands over a new list; the index catches up in the background. A search waits for it. */
    follow(posts: readonly PostSummary[]) {
      target = posts
      if (!following) startFollowing()
    },

    /**
     * The posts matching every word of `query` (already read by `searchQueryOf`), by relevance
     * and then newest first. Waits for the index to hold the latest list.
     */
    async search(query: string): Promise<PostSummary[]> {
      const words = searchWords(query)
      if (words.length === 0) return []
      await ready()
      const key = words.join(' ')
      const kept = results.get(key)
      if (kept) return kept
      const found = index
        .search(queryOf(words))
        .map((result) => ({ score: result.score, post: indexed.get(String(result.id))! }))
        .sort((a, b) => b.score - a.score || b.post.publishedAt.localeCompare(a.post.publishedAt))
        .map((result) => result.post)
      results.set(key, found)
      return found
    },

    /** How many posts the index holds. */
    size() {
      return indexed.size
    },
  }
}

export type SearchIndex = ReturnType<typeof createSearchIndex>

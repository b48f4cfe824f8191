import type { PostSummary } from './post'

/** What a search reads of `q`: at most this many characters, after trimming. */
export const SEARCH_QUERY_MAX_CHARS = 200

/** A shorter last word is a prefix in every field but the text, where it is a whole word. */
const TEXT_PREFIX_MIN_CHARS = 3

/** What a word found in each field weighs: title matches first, then category and tags. */
const WEIGHTS = { title: 5, topics: 2, author: 1, text: 1 } as const

/** A post as a search reads it: each field folded (lower case, no accents). */
export type SearchablePost = Record<keyof typeof WEIGHTS, string> & { post: PostSummary }
const WORD_CHARACTER = /[\p{L}\p{M}\p{N}]/u
const isWordCharacter = (text: string, at: number) => WORD_CHARACTER.test(text.charAt(at))

/** `q` as a search reads it: control characters as spaces, trimmed, cut to the maximum. */
export function searchQueryOf(raw: string | null) {
  // eslint-disable-next-line no-control-regex -- turning control characters into spaces is the point
  const cleaned = (raw ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').trim()
  return Array.from(cleaned).slice(0, SEARCH_QUERY_MAX_CHARS).join('').trim()
}

/** Accents as decomposition leaves them: the combining diacritical marks' blocks. */
// eslint-disable-next-line no-misleading-character-class -- combining marks alone are the point
const ACCENTS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g

/** Lower case without accents; text without a letter past U+00BF skips the decomposition. */
export function foldText(text: string) {
  const lower = text.toLowerCase()
  // eslint-disable-next-line no-control-regex -- nothing below U+00C0 decomposes
  return /^[\u0000-\u00bf]*$/.test(lower) ? lower : lower.normalize('NFD').replace(ACCENTS, '')
}

/**
 * A post's text folded, with general punctuation (’ “ ” – …) as the spaces it parts words as: V8
 * then keeps most of it one byte a character, not two (decision 016).
 */
function searchText(text: string) {
  const folded = foldText(text.replace(/[\u2000-\u206f]/g, ' '))
  return /[\u0100-\uffff]/.test(folded) ? folded : Buffer.from(folded, 'latin1').toString('latin1')
}

/** The query's words, folded, in order: runs of letters and digits ('<b>x</b>' is 'b', 'x', 'b'). */
export function searchWords(query: string): string[] {
  return foldText(query).match(/[\p{L}\p{M}\p{N}]+/gu) ?? []
}

/** A post's fields folded for searching; `text` is its text, markup removed. */
export function searchablePost(post: PostSummary, text: string): SearchablePost {
  return {
    post,
    title: foldText(post.title),
    topics: foldText(`${post.category}\n${post.tags}`),
    author: foldText(post.author),
    text: searchText(text),
  }
}

/**
 * The posts holding every word of `query`, the last also as the start of a word, by relevance
 * (the weights of the fields the words are found in), then in the order given (newest first).
 */
export function matchingPosts(posts: readonly SearchablePost[], query: string): PostSummary[] {
  const words = searchWords(query)
  if (words.length === 0) return []
  const found: Array<{ post: PostSummary; score: number }> = []
  for (const post of posts) {
    let score = 0
    for (const [index, word] of words.entries()) {
      const weight = weightOf(post, word, index === words.length - 1)
      score = weight === 0 ? 0 : score + weight
      if (score === 0) break
    }
    if (score > 0) found.push({ post: post.post, score })
  }
  // A stable sort: equal scores stay newest first.
  return found.sort((a, b) => b.score - a.score).map(({ post }) => post)
}

/** What `word` found in the post weighs: that of the heaviest field holding it, 0 if none. */
function weightOf(post: SearchablePost, word: string, isLast: boolean) {
  for (const field of ['title', 'topics', 'author', 'text'] as const) {
    const prefix = isLast && (field !== 'text' || word.length >= TEXT_PREFIX_MIN_CHARS)
    if (hasWord(post[field], word, prefix)) return WEIGHTS[field]
  }
  return 0
}

/** Whether `text` holds `word` as a whole word, or as the start of one when `prefix`. */
function hasWord(text: string, word: string, prefix: boolean) {
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    if (isWordCharacter(text, at - 1)) continue
    if (prefix || !isWordCharacter(text, at + word.length)) return true
  }
  return false
}

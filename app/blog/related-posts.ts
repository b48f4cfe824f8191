import { categorySlug, tagsOf } from '~/blog/categories'
import type { PostSummary } from '~/blog/posts.server'

/** How many related posts a post shows. */
export const RELATED_POSTS_MAX = 3

type Listed = Pick<PostSummary, 'slug' | 'category' | 'tags' | 'publishedAt'>

/** Tags compared as a reader would, case and accents aside; worked out once per post of a list. */
const tagKeysOf = new WeakMap<Listed, Set<string>>()

function tagKeys(post: Listed) {
  let keys = tagKeysOf.get(post)
  if (!keys) {
    keys = new Set(tagsOf(post.tags).map((tag) => categorySlug(tag) || tag))
    tagKeysOf.set(post, keys)
  }
  return keys
}

/**
 * Up to `max` posts related to `post`: those of its category first, then those sharing the most
 * tags, newest first among equals; never the post itself, never a post with nothing in common.
 * `posts` is the list, newest first.
 */
export function relatedPosts<T extends Listed>(
  post: Listed,
  posts: readonly T[],
  max = RELATED_POSTS_MAX,
): T[] {
  const category = categorySlug(post.category)
  const tags = tagKeys(post)
  const ranked: Array<{ post: T; sameCategory: boolean; sharedTags: number; index: number }> = []
  posts.forEach((candidate, index) => {
    if (candidate.slug === post.slug) return
    const sameCategory = category !== '' && categorySlug(candidate.category) === category
    let sharedTags = 0
    if (tags.size > 0) for (const tag of tagKeys(candidate)) if (tags.has(tag)) sharedTags += 1
    if (sameCategory || sharedTags > 0)
      ranked.push({ post: candidate, sameCategory, sharedTags, index })
  })
  ranked.sort(
    (a, b) =>
      Number(b.sameCategory) - Number(a.sameCategory) ||
      b.sharedTags - a.sharedTags ||
      b.post.publishedAt.localeCompare(a.post.publishedAt) ||
      a.index - b.index,
  )
  return ranked.slice(0, max).map((entry) => entry.post)
}

/**
 * The posts either side of `post` in the list (newest first): `previous` is the next older one,
 * `next` the next newer one; null at either end or when the post is not in the list.
 */
export function adjacentPosts<T extends Pick<PostSummary, 'slug'>>(
  post: Pick<PostSummary, 'slug'>,
  posts: readonly T[],
) {
  const index = posts.findIndex((candidate) => candidate.slug === post.slug)
  if (index === -1) return { previous: null, next: null }
  return { previous: posts[index + 1] ?? null, next: posts[index - 1] ?? null }
}

/**
 * What a post's page shows under it: its related posts and the posts either side, each with only
 * what its link shows.
 */
export function postsAround(post: Listed, posts: readonly PostSummary[]) {
  const { previous, next } = adjacentPosts(post, posts)
  const linkTo = (other: PostSummary | null) =>
    other ? { slug: other.slug, title: other.title } : null
  return {
    related: relatedPosts(post, posts).map(({ slug, title, category, publishedAt, cardDate }) => ({
      slug,
      title,
      category,
      publishedAt,
      cardDate,
    })),
    previous: linkTo(previous),
    next: linkTo(next),
  }
}

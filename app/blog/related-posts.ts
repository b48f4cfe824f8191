import { categorySlug, tagsOf } from '~/blog/categories'
import type { PostSummary } from '~/blog/post'

/** How many related posts a post shows. */
export const RELATED_POSTS_MAX = 3

type Listed = Pick<PostSummary, 'slug' | 'category' | 'tags' | 'publishedAt'>

/** What relating posts compares, worked out once per list: each post's category and tag keys. */
type ListKeys = { category: string[]; tags: Array<Set<string>>; indexOf: Map<string, number> }

const keysOfList = new WeakMap<readonly Listed[], ListKeys>()

/** Tags compared as a reader would, case and accents aside. */
function tagKeys(post: Listed) {
  return new Set(tagsOf(post.tags).map((tag) => categorySlug(tag) || tag))
}

function listKeys(posts: readonly Listed[]) {
  let keys = keysOfList.get(posts)
  if (!keys) {
    keys = {
      category: posts.map((post) => categorySlug(post.category)),
      tags: posts.map(tagKeys),
      indexOf: new Map(posts.map((post, index) => [post.slug, index])),
    }
    keysOfList.set(posts, keys)
  }
  return keys
}

type Ranked<T> = { post: T; sameCategory: boolean; sharedTags: number; index: number }

/** Same category first, then more shared tags, then newer, then earlier in the list. */
function ranksBefore<T extends Listed>(a: Ranked<T>, b: Ranked<T>) {
  const order =
    Number(b.sameCategory) - Number(a.sameCategory) ||
    b.sharedTags - a.sharedTags ||
    b.post.publishedAt.localeCompare(a.post.publishedAt) ||
    a.index - b.index
  return order < 0
}

/**
 * Up to `max` posts related to `post`: those of its category first, then those sharing the most
 * tags, newest first among equals; never the post itself, never a post with nothing in common.
 * `posts` is the list, newest first. The list's keys are worked out on its first use and the best
 * `max` kept in one pass: about 1 ms for a post's page at 2,000 posts.
 */
export function relatedPosts<T extends Listed>(
  post: Listed,
  posts: readonly T[],
  max = RELATED_POSTS_MAX,
): T[] {
  const keys = listKeys(posts)
  const own = keys.indexOf.get(post.slug)
  const category = own === undefined ? categorySlug(post.category) : keys.category[own]!
  const tags = own === undefined ? tagKeys(post) : keys.tags[own]!
  const best: Array<Ranked<T>> = []
  posts.forEach((candidate, index) => {
    if (candidate.slug === post.slug) return
    const sameCategory = category !== '' && keys.category[index] === category
    let sharedTags = 0
    if (tags.size > 0) for (const tag of keys.tags[index]!) if (tags.has(tag)) sharedTags += 1
    if (!sameCategory && sharedTags === 0) return
    const ranked = { post: candidate, sameCategory, sharedTags, index }
    if (best.length === max && !ranksBefore(ranked, best.at(-1)!)) return
    let at = best.length
    while (at > 0 && ranksBefore(ranked, best[at - 1]!)) at -= 1
    best.splice(at, 0, ranked)
    if (best.length > max) best.pop()
  })
  return best.map((entry) => entry.post)
}

/**
 * The posts either side of `post` in the list (newest first): `previous` is the next older one,
 * `next` the next newer one; null at either end or when the post is not in the list.
 */
export function adjacentPosts<T extends Listed>(
  post: Pick<PostSummary, 'slug'>,
  posts: readonly T[],
) {
  const index = listKeys(posts).indexOf.get(post.slug)
  if (index === undefined) return { previous: null, next: null }
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

import type { PostSummary } from '~/blog/post'
import { BLOG_PATH } from '~/blog/seo'

/** A category of the post list, as its page and the blog's list of categories show it. */
export type Category = { name: string; slug: string; count: number }

/**
 * A category's address: its name lower-cased, accents removed, every run of other characters than
 * a-z and 0-9 made one '-', none at either end ('AI Chatbots' is 'ai-chatbots'). Empty when the
 * name has no such character, and then the category has no page.
 */
export function categorySlug(name: string) {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

export function categoryPath(slug: string) {
  return `${BLOG_PATH}/category/${slug}`
}

export function categoryRssPath(slug: string) {
  return `${categoryPath(slug)}/rss.xml`
}

/** A post's tags: its `tags` text split on commas, trimmed, empty ones left out. */
export function tagsOf(tags: string) {
  return tags
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '')
}

type Grouped = { categories: Category[]; postsBySlug: Map<string, PostSummary[]> }

/** Worked out once per list: a new list is a new array. */
const groupedLists = new WeakMap<readonly PostSummary[], Grouped>()

function grouped(posts: readonly PostSummary[]): Grouped {
  let found = groupedLists.get(posts)
  if (!found) {
    const postsBySlug = new Map<string, PostSummary[]>()
    const names = new Map<string, string>()
    for (const post of posts) {
      const slug = categorySlug(post.category)
      if (slug === '') continue
      // Names that differ only in case or accents share a page, named as the newest post has it.
      if (!names.has(slug)) names.set(slug, post.category)
      const members = postsBySlug.get(slug)
      if (members) members.push(post)
      else postsBySlug.set(slug, [post])
    }
    const categories = [...postsBySlug].map(([slug, members]) => ({
      name: names.get(slug)!,
      slug,
      count: members.length,
    }))
    categories.sort((a, b) => a.name.localeCompare(b.name, 'en-GB'))
    found = { categories, postsBySlug }
    groupedLists.set(posts, found)
  }
  return found
}

/** Every category of the list with its number of posts, by name. */
export function categoriesOf(posts: readonly PostSummary[]): Category[] {
  return grouped(posts).categories
}

/** The category with this slug and its posts in the list's order (newest first), or null. */
export function categoryWithPosts(posts: readonly PostSummary[], slug: string) {
  const { categories, postsBySlug } = grouped(posts)
  const category = categories.find((candidate) => candidate.slug === slug)
  return category ? { category, posts: postsBySlug.get(slug)! } : null
}

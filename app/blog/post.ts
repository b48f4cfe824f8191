import type { SiteImage } from '~/images/image-set'

/**
 * A post as a list shows it, everything formatted once on the server; no content. Dates in ISO
 * 8601 for machines (<time>, JSON-LD, the sitemap, RSS; `updatedAt` when the backend says), and
 * as people read them: 'Mar 10, 2025' on cards, 'March 10, 2025' on the post; '1,250 words'. The
 * image: variants made by this site, an https: URL elsewhere, or null for the placeholder.
 */
export type PostSummary = {
  id: number | string
  slug: string
  title: string
  category: string
  author: string
  status: string
  tags: string
  publishedAt: string
  updatedAt: string | null
  cardDate: string
  postDate: string
  postWords: number
  wordCountLabel: string
  image: SiteImage | null
}

/** A post as its own page shows it: its sanitised HTML, and its teaser (POST_TEASER_CHARS). */
export type Post = PostSummary & { html: string; teaser: string }

/** What a card on /blog needs, and nothing more: no content, its preview (CARD_PREVIEW_CHARS). */
export type PostCard = Pick<
  PostSummary,
  'slug' | 'title' | 'category' | 'publishedAt' | 'cardDate' | 'wordCountLabel' | 'image'
> & { preview: string }

/** What a feed item needs. */
export type FeedPost = PostSummary & { teaser: string }

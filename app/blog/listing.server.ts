import { prepareFirstImages } from '~/images/variants.server'

import { EAGER_CARDS } from './blog-list'
import { categoriesOf } from './categories'
import { pageOf } from './pagination'
import type { PostSummary } from './post'
import { BLOG_PAGE_SIZE, toPostCards } from './posts.server'

/**
 * One page of a listing of posts (the blog, a search, a category): its cards, where it stands
 * among the listing's pages, and the blog's categories with how many posts it holds in all.
 * Null for a `?page=` that is not a page of the listing: the route answers 404.
 */
export async function listingPage(
  listed: readonly PostSummary[],
  allPosts: readonly PostSummary[],
  pageParam: string | null,
) {
  const page = pageOf(listed, pageParam, BLOG_PAGE_SIZE)
  if (!page) return null
  prepareFirstImages(page.items.slice(0, EAGER_CARDS).map((post) => post.image))
  return {
    total: allPosts.length,
    categories: categoriesOf(allPosts),
    posts: toPostCards(page.items),
    page: page.page,
    pageCount: page.pageCount,
  }
}

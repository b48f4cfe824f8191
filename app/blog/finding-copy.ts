/**
 * The copy of the search, categories and the posts around a post; a module apart from BLOG_COPY,
 * which the root layout's loading message brings into every page's JavaScript.
 */
export const FINDING_COPY = {
  searchLabel: 'Search the blog',
  searchPlaceholder: 'Search posts, e.g. voice agents',
  searchButton: 'Search',
  noMatch: 'No posts match',
  allPosts: 'See all posts',
  categoriesLabel: 'Categories',
  allCategories: 'All posts',
  categoryIntro: 'Every post in this category, newest first.',
  categoryFeed: 'RSS feed of this category',
  related: 'Related posts',
  morePosts: 'More posts',
  previousPost: 'Previous post',
  nextPost: 'Next post',
} as const

/** The blog's own copy. States and links are worded as docs/contracts.md gives them. */
export const BLOG_COPY = {
  heading: 'Our Blog',
  intro: 'Insights, tips and strategies for using AI to save time and grow your business.',
  metaTitle: 'Blog | Brightwell AI',
  metaDescription:
    'Insights, tips and strategies for UK small businesses using AI chatbots, voice agents and workflow automation.',
  loadingList: 'Loading blogs...',
  loadingPost: 'Loading blog post...',
  empty: 'No blog posts available at the moment.',
  notFound: 'Blog post not found',
  notFoundText: 'The post may have been moved or taken down.',
  readMore: 'Read More →',
  backToBlogFromNotFound: '← Back to Blog',
  backToBlog: 'Back to Blog',
  newerPosts: '← Newer posts',
  olderPosts: 'Older posts →',
  feedTitle: 'Brightwell AI Blog',
} as const

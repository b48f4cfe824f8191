import { Link } from '@remix-run/react'

import { BLOG_COPY } from '~/blog/copy'
import type { PostCard as PostCardData } from '~/blog/post'
import { postPath } from '~/blog/seo'

import { CategoryLabel } from './category-label'
import { PostImage, type ImagePriority } from './post-image'

/** One post in the blog grid. The whole card is clickable through its 'Read More →' link. */
export function PostCard({ post, priority }: { post: PostCardData; priority: ImagePriority }) {
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:shadow-lg hover:shadow-lg motion-reduce:transition-none">
      <PostImage image={post.image} drawnAs="card" priority={priority} />
      <div className="flex flex-1 flex-col p-6">
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          {/* Above the card's stretched link, so that it leads to its own page. */}
          <CategoryLabel name={post.category} className="relative z-10" />
          <span className="ml-auto text-slate-600">{post.wordCountLabel}</span>
        </div>
        <h2 className="mt-4 break-words text-xl font-semibold leading-snug text-slate-900 group-hover:text-indigo-700">
          {post.title}
        </h2>
        <p className="mt-3 flex-1 break-words leading-7 text-slate-600">{post.preview}</p>
        <div className="mt-6 flex items-center justify-between gap-4 border-t border-slate-100 pt-4 text-sm">
          <time dateTime={post.publishedAt} className="text-slate-600">
            {post.cardDate}
          </time>
          <Link
            to={postPath(post.slug)}
            prefetch="intent"
            className="rounded font-semibold text-indigo-700 after:absolute after:inset-0 after:content-[''] hover:text-indigo-500 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            {BLOG_COPY.readMore}
            <span className="sr-only"> about {post.title}</span>
          </Link>
        </div>
      </div>
    </article>
  )
}

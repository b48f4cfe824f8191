import { Link } from '@remix-run/react'

import { BLOG_COPY } from '~/blog/copy'
import type { PostCard as PostCardData } from '~/blog/posts.server'
import { BLOG_PATH } from '~/blog/seo'

import { PostCard } from './post-card'

/** Cards in the first row load at once; the rest wait until they scroll near. */
const EAGER_CARDS = 3

export function BlogHeader() {
  return (
    <header className="bg-gradient-to-b from-indigo-50 to-white">
      <div className="mx-auto max-w-3xl px-4 pb-12 pt-16 text-center sm:px-6 sm:pt-20">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
          {BLOG_COPY.heading}
        </h1>
        <p className="mt-4 text-lg leading-8 text-slate-600">{BLOG_COPY.intro}</p>
      </div>
    </header>
  )
}

export function PostGrid({ posts }: { posts: PostCardData[] }) {
  return (
    <ul className="grid grid-cols-1 gap-8 sm:grid-cols-2 lg:grid-cols-3">
      {posts.map((post, index) => (
        <li key={post.slug} className="flex">
          <PostCard post={post} eager={index < EAGER_CARDS} />
        </li>
      ))}
    </ul>
  )
}

export function blogPageHref(page: number) {
  return page <= 1 ? BLOG_PATH : `${BLOG_PATH}?page=${page}`
}

/** Plain links, so paging works without JavaScript. */
export function BlogPagination({ page, pageCount }: { page: number; pageCount: number }) {
  if (pageCount <= 1) return null
  const linkClass =
    'whitespace-nowrap rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600'
  return (
    <nav aria-label="Blog pages" className="mt-12 flex items-center justify-between gap-4">
      <div className="flex-1">
        {page > 1 ? (
          <Link to={blogPageHref(page - 1)} className={linkClass}>
            {BLOG_COPY.newerPosts}
          </Link>
        ) : null}
      </div>
      <p className="whitespace-nowrap text-sm text-slate-600">
        Page {page} of {pageCount}
      </p>
      <div className="flex flex-1 justify-end">
        {page < pageCount ? (
          <Link to={blogPageHref(page + 1)} className={linkClass}>
            {BLOG_COPY.olderPosts}
          </Link>
        ) : null}
      </div>
    </nav>
  )
}

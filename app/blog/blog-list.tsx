import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'

import { BLOG_COPY } from '~/blog/copy'
import { FINDING_COPY } from '~/blog/finding-copy'
import type { PostCard as PostCardData } from '~/blog/post'
import { BLOG_PATH } from '~/blog/seo'

import { PostCard } from './post-card'

/**
 * Cards in the first row load at once, the first before anything else (a phone's largest paint);
 * the rest wait until they scroll near.
 */
export const EAGER_CARDS = 3

/** The page's heading and intro; what follows them (the search, the categories) comes as children. */
export function BlogHeader({
  heading = BLOG_COPY.heading,
  intro = BLOG_COPY.intro,
  children,
}: {
  heading?: string
  intro?: ReactNode
  children?: ReactNode
}) {
  return (
    <header className="bg-gradient-to-b from-indigo-50 to-white">
      <div className="mx-auto max-w-3xl px-4 pb-8 pt-16 text-center sm:px-6 sm:pt-20">
        <h1 className="break-words text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
          {heading}
        </h1>
        <p className="mt-4 text-lg leading-8 text-slate-600">{intro}</p>
      </div>
      {children ? <div className="px-4 pb-10 sm:px-6 lg:px-8">{children}</div> : null}
    </header>
  )
}

function matchCount(matches: number) {
  return matches === 1 ? '1 post matches' : `${matches.toLocaleString('en-GB')} posts match`
}

/**
 * How many posts match the search, said politely to screen readers as the results change; empty
 * on the list. With none, 'No posts match' and the way back to every post.
 */
export function SearchStatus({ query, matches }: { query: string; matches: number }) {
  return (
    <div role="status" className="mb-8 text-center text-slate-700">
      {query === '' ? null : matches === 0 ? (
        <div className="mx-auto max-w-xl rounded-2xl border border-dashed border-slate-300 px-6 py-12">
          <p className="break-words text-lg">{`${FINDING_COPY.noMatch} “${query}”`}</p>
          <p className="mt-4">
            <Link
              to={BLOG_PATH}
              className="font-semibold text-indigo-700 underline hover:text-indigo-500"
            >
              {FINDING_COPY.allPosts}
            </Link>
          </p>
        </div>
      ) : (
        <p className="break-words">{`${matchCount(matches)} “${query}”`}</p>
      )}
    </div>
  )
}

export function PostGrid({ posts }: { posts: PostCardData[] }) {
  return (
    <ul className="grid grid-cols-1 gap-8 sm:grid-cols-2 lg:grid-cols-3">
      {posts.map((post, index) => (
        <li key={post.slug} className="flex">
          <PostCard
            post={post}
            priority={index === 0 ? 'high' : index < EAGER_CARDS ? 'eager' : 'lazy'}
          />
        </li>
      ))}
    </ul>
  )
}

/**
 * The address of page `page` of a list at `path` (the blog, a category), keeping the search `q`
 * when there is one: '/blog?q=voice&page=2'.
 */
export function blogPageHref(page: number, { path = BLOG_PATH, query = '' } = {}) {
  const params = new URLSearchParams()
  if (query) params.set('q', query)
  if (page > 1) params.set('page', String(page))
  const search = params.toString()
  return search ? `${path}?${search}` : path
}

/** Plain links, so paging works without JavaScript. */
export function BlogPagination({
  page,
  pageCount,
  path,
  query,
}: {
  page: number
  pageCount: number
  path?: string
  query?: string
}) {
  if (pageCount <= 1) return null
  const linkClass =
    'whitespace-nowrap rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600'
  return (
    <nav aria-label="Blog pages" className="mt-12 flex items-center justify-between gap-4">
      <div className="flex-1">
        {page > 1 ? (
          <Link to={blogPageHref(page - 1, { path, query })} className={linkClass}>
            {BLOG_COPY.newerPosts}
          </Link>
        ) : null}
      </div>
      <p className="whitespace-nowrap text-sm text-slate-600">
        Page {page} of {pageCount}
      </p>
      <div className="flex flex-1 justify-end">
        {page < pageCount ? (
          <Link to={blogPageHref(page + 1, { path, query })} className={linkClass}>
            {BLOG_COPY.olderPosts}
          </Link>
        ) : null}
      </div>
    </nav>
  )
}

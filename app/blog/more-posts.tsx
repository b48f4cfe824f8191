import { Link } from '@remix-run/react'

import { FINDING_COPY } from '~/blog/finding-copy'
import type { PostSummary } from '~/blog/post'
import { postPath } from '~/blog/seo'

import { CategoryLabel } from './category-label'

/** What a related post shows under a post. */
export type RelatedPost = Pick<
  PostSummary,
  'slug' | 'title' | 'category' | 'publishedAt' | 'cardDate'
>
/** What the link to the post before or after shows. */
export type AdjacentPost = Pick<PostSummary, 'slug' | 'title'>

const stretchedLink =
  "rounded after:absolute after:inset-0 after:content-[''] focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"

/** Under a post: up to three related posts, then the links to the next older and newer posts. */
export function MorePosts({
  related,
  previous,
  next,
}: {
  related: RelatedPost[]
  previous: AdjacentPost | null
  next: AdjacentPost | null
}) {
  if (related.length === 0 && !previous && !next) return null
  return (
    <div className="mx-auto max-w-4xl px-4 pb-20 sm:px-6 lg:px-8">
      {related.length > 0 ? (
        <section aria-labelledby="related-posts" className="border-t border-slate-200 pt-10">
          <h2 id="related-posts" className="text-2xl font-bold tracking-tight text-slate-900">
            {FINDING_COPY.related}
          </h2>
          <ul className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-3">
            {related.map((post) => (
              <li
                key={post.slug}
                className="relative flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm focus-within:shadow-md hover:shadow-md"
              >
                <div className="text-sm">
                  <CategoryLabel name={post.category} className="relative z-10" />
                </div>
                <h3 className="break-words font-semibold leading-snug text-slate-900">
                  <Link
                    to={postPath(post.slug)}
                    className={`hover:text-indigo-700 ${stretchedLink}`}
                  >
                    {post.title}
                  </Link>
                </h3>
                <time dateTime={post.publishedAt} className="mt-auto text-sm text-slate-600">
                  {post.cardDate}
                </time>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {previous || next ? (
        <nav
          aria-label={FINDING_COPY.morePosts}
          className="mt-10 grid grid-cols-1 gap-4 border-t border-slate-200 pt-8 sm:grid-cols-2"
        >
          {previous ? (
            <AdjacentLink post={previous} label={FINDING_COPY.previousPost} arrow="←" />
          ) : (
            <span className="hidden sm:block" />
          )}
          {next ? (
            <AdjacentLink post={next} label={FINDING_COPY.nextPost} arrow="→" alignEnd />
          ) : null}
        </nav>
      ) : null}
    </div>
  )
}

/** A link named only 'Previous post' or 'Next post'; the post's title describes it. */
function AdjacentLink({
  post,
  label,
  arrow,
  alignEnd = false,
}: {
  post: AdjacentPost
  label: string
  arrow: string
  alignEnd?: boolean
}) {
  const titleId = `${label.toLowerCase().replace(/\W+/g, '-')}-title`
  return (
    <div
      className={`relative rounded-xl border border-slate-200 p-4 hover:bg-slate-50 ${alignEnd ? 'sm:text-right' : ''}`}
    >
      <Link
        to={postPath(post.slug)}
        aria-describedby={titleId}
        className={`text-sm font-semibold text-indigo-700 ${stretchedLink}`}
      >
        {alignEnd ? null : <span aria-hidden="true">{arrow} </span>}
        {label}
        {alignEnd ? <span aria-hidden="true"> {arrow}</span> : null}
      </Link>
      <p id={titleId} className="mt-1 break-words text-slate-800">
        {post.title}
      </p>
    </div>
  )
}

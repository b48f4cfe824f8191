import { Link } from '@remix-run/react'

import { BLOG_COPY } from '~/blog/copy'
import type { Post } from '~/blog/post'
import { BLOG_PATH } from '~/blog/seo'
import { JsonLd } from '~/components/json-ld'

import { CategoryLabel } from './category-label'
import { PostImage } from './post-image'

export type PostView = Omit<Post, 'cardDate'>

/** A whole post: its header, hero image, sanitised content, tags and the way back. */
export function BlogPost({ post, jsonLd }: { post: PostView; jsonLd: string }) {
  return (
    <article className="mx-auto max-w-4xl px-4 pb-20 pt-12 sm:px-6 lg:px-8">
      <header className="mx-auto max-w-3xl">
        {post.category ? (
          <p>
            <CategoryLabel name={post.category} className="text-sm" />
          </p>
        ) : null}
        <h1 className="mt-5 break-words text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl sm:leading-tight">
          {post.title}
        </h1>
        <p className="mt-5 text-lg leading-8 text-slate-600">{post.teaser}</p>
        <dl className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm text-slate-600">
          <div className="flex gap-1">
            <dt>By</dt>
            <dd className="font-semibold text-slate-900">{post.author}</dd>
          </div>
          <div>
            <dt className="sr-only">Published</dt>
            <dd>
              <time dateTime={post.publishedAt}>{post.postDate}</time>
            </dd>
          </div>
          <div>
            <dt className="sr-only">Length</dt>
            <dd>{post.wordCountLabel}</dd>
          </div>
          <div>
            <dt className="sr-only">Status</dt>
            <dd className="rounded-full bg-emerald-50 px-2.5 py-0.5 font-medium capitalize text-emerald-800">
              {post.status}
            </dd>
          </div>
        </dl>
      </header>

      <PostImage image={post.image} drawnAs="post" priority="high" className="mt-10 rounded-2xl" />

      <div
        className="prose prose-slate mx-auto mt-10 break-words max-w-3xl prose-headings:tracking-tight prose-a:text-indigo-700 prose-img:rounded-xl"
        // Sanitised on the server when the post was first asked for (app/blog/sanitize.server.ts).
        dangerouslySetInnerHTML={{ __html: post.html }}
      />

      <footer className="mx-auto mt-12 flex max-w-3xl flex-col gap-6 border-t border-slate-200 pt-8 sm:flex-row sm:items-center sm:justify-between">
        {post.tags ? (
          <p className="text-sm text-slate-600">
            <span className="font-semibold text-slate-900">Tags: </span>
            {post.tags}
          </p>
        ) : null}
        <Link
          to={BLOG_PATH}
          className="inline-flex items-center gap-2 self-start rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:self-auto"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4">
            <path
              fillRule="evenodd"
              d="M17 10a.75.75 0 0 1-.75.75H5.61l4.17 3.96a.75.75 0 1 1-1.04 1.08l-5.5-5.25a.75.75 0 0 1 0-1.08l5.5-5.25a.75.75 0 1 1 1.04 1.08L5.61 9.25h10.64A.75.75 0 0 1 17 10Z"
              clipRule="evenodd"
            />
          </svg>
          {BLOG_COPY.backToBlog}
        </Link>
      </footer>

      <JsonLd json={jsonLd} />
    </article>
  )
}

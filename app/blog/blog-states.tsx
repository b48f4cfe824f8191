import { Link } from '@remix-run/react'

import { BLOG_COPY } from '~/blog/copy'
import { BLOG_PATH } from '~/blog/seo'
import { PRIMARY_BUTTON } from '~/components/ui/button-styles'

/** The backend failed and no earlier list is cached: the red 'Error: {message}' line. */
export function BlogError({ message }: { message: string }) {
  return (
    <div className="mx-auto max-w-xl rounded-2xl border border-red-200 bg-red-50 px-6 py-10 text-center">
      <p role="alert" className="text-lg font-medium text-red-800">
        {`Error: ${message}`}
      </p>
      <p className="mt-3 text-slate-600">Please try again in a moment.</p>
    </div>
  )
}

export function BlogEmpty() {
  return (
    <p className="mx-auto max-w-xl rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center text-lg text-slate-600">
      {BLOG_COPY.empty}
    </p>
  )
}

export function PostNotFound() {
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-2xl flex-col items-center justify-center px-4 py-24 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-indigo-700">404</p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {BLOG_COPY.notFound}
      </h1>
      <p className="mt-4 text-lg text-slate-600">{BLOG_COPY.notFoundText}</p>
      <Link
        to={BLOG_PATH}
        className={`${PRIMARY_BUTTON} mt-8 rounded-lg px-5 py-2.5 focus-visible:outline`}
      >
        {BLOG_COPY.backToBlogFromNotFound}
      </Link>
    </section>
  )
}

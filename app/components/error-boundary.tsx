import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react'

/** A page-sized explanation instead of a stack trace, with a way back. */
export function GeneralErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />
  const status = isRouteErrorResponse(error) ? error.status : 500
  return (
    <ErrorPanel
      eyebrow={`Error ${status}`}
      title="Unexpected Application Error!"
      text="Something went wrong on our side while loading this page. Please try again in a moment, or get in touch and we will help straight away."
    />
  )
}

export function NotFound() {
  return (
    <ErrorPanel
      eyebrow="404"
      title="Page not found"
      text="We could not find the page you were looking for. It may have moved, or the link may be mistyped."
    />
  )
}

function ErrorPanel({ eyebrow, title, text }: { eyebrow: string; title: string; text: string }) {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-center justify-center px-4 py-24 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-indigo-700">{eyebrow}</p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-slate-600">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to="/"
          className="rounded-lg bg-indigo-700 px-5 py-2.5 font-semibold text-white hover:bg-indigo-800"
        >
          Go to the home page
        </Link>
        <Link
          to="/contact"
          className="rounded-lg border border-slate-300 px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50"
        >
          Contact us
        </Link>
      </div>
    </section>
  )
}

import { Form, useSubmit } from '@remix-run/react'
import { useEffect, useRef } from 'react'

import { FINDING_COPY } from '~/blog/finding-copy'
import { BLOG_PATH } from '~/blog/seo'

/** Typing pauses this long before the results follow (with JavaScript). */
export const SEARCH_DEBOUNCE_MS = 300

type SearchFormProps = {
  /** The search the page shows (the URL's `q`, as the server read it). */
  query: string
  /**
   * Results follow the typing (with JavaScript): on the blog's own list, where they replace the
   * cards under the field. Elsewhere the form leads to that list when sent.
   */
  live: boolean
}

/**
 * The blog's search: a plain GET form to /blog, so it works without JavaScript. With it, results
 * follow the typing: the first search adds a history entry, later keystrokes replace it, so Back
 * returns to where the visitor was before searching. The URL stays the one source of the query.
 */
export function SearchForm({ query, live }: SearchFormProps) {
  const submit = useSubmit()
  const field = useRef<HTMLInputElement>(null)
  const pending = useRef<ReturnType<typeof setTimeout>>()
  /** The search the typing last asked for, until its results arrive. */
  const asked = useRef<string | null>(null)

  // Back and Forward change the URL's query: the field shows it, unless it already says the same.
  // When the results of the visitor's own typing arrive, the field is theirs: they may have typed
  // on while the search was on its way, and those letters stay.
  useEffect(() => {
    const ours = asked.current === query
    asked.current = null
    if (ours) return
    if (field.current && field.current.value.trim() !== query) field.current.value = query
  }, [query])
  useEffect(() => () => clearTimeout(pending.current), [])

  function followTyping() {
    if (!live) return
    clearTimeout(pending.current)
    pending.current = setTimeout(() => {
      const typed = field.current?.value.trim() ?? ''
      if (typed === query) return
      asked.current = typed
      submit(typed ? { q: typed } : {}, {
        method: 'get',
        action: BLOG_PATH,
        replace: query !== '',
        preventScrollReset: true,
      })
    }, SEARCH_DEBOUNCE_MS)
  }

  return (
    <Form
      method="get"
      action={BLOG_PATH}
      role="search"
      preventScrollReset={live}
      onSubmit={() => clearTimeout(pending.current)}
      className="mx-auto flex max-w-2xl gap-2"
    >
      <label htmlFor="blog-search" className="sr-only">
        {FINDING_COPY.searchLabel}
      </label>
      <input
        ref={field}
        id="blog-search"
        type="search"
        name="q"
        defaultValue={query}
        placeholder={FINDING_COPY.searchPlaceholder}
        autoComplete="off"
        enterKeyHint="search"
        onChange={followTyping}
        className="min-w-0 flex-1 rounded-lg border border-slate-400 bg-white px-4 py-2.5 text-base text-slate-900 placeholder:text-slate-600 focus:border-indigo-600 focus:outline-none focus:ring-2 focus:ring-indigo-600"
      />
      <button
        type="submit"
        className="rounded-lg bg-indigo-700 px-5 py-2.5 font-semibold text-white hover:bg-indigo-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        {FINDING_COPY.searchButton}
      </button>
    </Form>
  )
}

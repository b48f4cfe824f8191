import { useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'

import { BLOG_COPY } from '~/blog/copy'
import { BLOG_PATH } from '~/blog/seo'

/** Quicker navigations (a cached list answers in milliseconds) finish without a flash. */
const SHOW_AFTER_MS = 150

function pendingMessage({ pathname, search }: { pathname: string; search: string }) {
  // A search has its own status line, and covering the field would interrupt the typing.
  if (new URLSearchParams(search).get('q')?.trim()) return null
  if (pathname === BLOG_PATH || pathname === `${BLOG_PATH}/`) return BLOG_COPY.loadingList
  if (/^\/blog\/category\/[^/]+\/?$/.test(pathname)) return BLOG_COPY.loadingList
  if (/^\/blog\/[^/]+\/?$/.test(pathname) && pathname !== `${BLOG_PATH}/rss.xml`) {
    return BLOG_COPY.loadingPost
  }
  return null
}

/**
 * The blog's 'Loading blogs...' and 'Loading blog post...' states. Remix keeps the current page on
 * screen while the next page's loader runs, so while a client-side navigation to the blog is
 * pending this covers the page content with the loading message. Lives in the root layout,
 * because the page being left may be any page.
 */
export function BlogNavigationPending() {
  const navigation = useNavigation()
  const message = navigation.state === 'loading' ? pendingMessage(navigation.location) : null
  const [shownMessage, setShownMessage] = useState<string | null>(null)

  useEffect(() => {
    if (!message) {
      setShownMessage(null)
      return
    }
    const timer = setTimeout(() => setShownMessage(message), SHOW_AFTER_MS)
    return () => clearTimeout(timer)
  }, [message])

  return (
    <div role="status" aria-live="polite">
      {shownMessage ? (
        <div className="fixed inset-x-0 bottom-0 top-16 z-30 flex items-center justify-center bg-white/95 px-4">
          <p className="flex items-center gap-3 text-lg font-medium text-slate-700">
            <span
              aria-hidden="true"
              className="h-5 w-5 rounded-full border-2 border-indigo-200 border-t-indigo-600 motion-safe:animate-spin"
            />
            {shownMessage}
          </p>
        </div>
      ) : null}
    </div>
  )
}

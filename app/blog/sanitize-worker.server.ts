import { siteImage, siteImageUrl } from '~/images/sources.server'

import { sanitizeHtml } from './sanitize.server'
import type { SanitizeOutcome, SanitizeTask } from './sanitizer.server'

/**
 * The sanitiser's worker thread: the only place the server loads jsdom. The pool calls this once
 * per post; images and media are resolved here with the same rules the pages use, from plain data,
 * because a function cannot cross to another thread.
 */
export default function sanitizeTask({ dirty, siteUrl, images }: SanitizeTask): SanitizeOutcome {
  try {
    const html = sanitizeHtml(dirty, {
      siteUrl,
      resolveImage: (src) => siteImage(src, images),
      resolveMedia: (src) => siteImageUrl(src, images.backendUrl),
    })
    return { status: 'sanitised', html }
  } catch (cause) {
    return { status: 'unparseable', reason: String(cause) }
  }
}

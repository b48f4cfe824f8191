import { siteImageUrl } from './media.server'
import { sanitizeDocument } from './sanitize.server'
import type { SanitizeOutcome, SanitizeTask } from './sanitizer.server'

/**
 * The sanitiser's worker thread: the only place the server loads jsdom. The pool calls this once
 * per post; images are resolved here with the same rule the pages use, from plain data, because a
 * function cannot cross to another thread.
 */
export default function sanitizeTask({
  dirty,
  siteUrl,
  backendUrl,
}: SanitizeTask): SanitizeOutcome {
  try {
    const html = sanitizeDocument(dirty, {
      siteUrl,
      resolveImageSrc: (src) => siteImageUrl(src, backendUrl),
    })
    return { status: 'sanitised', html }
  } catch (cause) {
    return { status: 'unparseable', reason: String(cause) }
  }
}

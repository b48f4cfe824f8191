import type { HandleDocumentRequestFunction } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'

import { pageScripts } from '../../../app/page-scripts.server'
import { renderWholePage } from '../../../app/render-whole-page.server'

import { OURS_PREFIX, SiteMarkupContext, type FloorContext } from './site-page'

/** As the site's entry: a page not rendered by then is abandoned. */
const RENDER_ABORT_MS = 6_000

/**
 * The page rendered whole, by the site's own render, then passed through the site's own
 * `pageScripts`: held until the first paint or not, and its CSP naming its inline scripts' hashes.
 */
const handleRequest: HandleDocumentRequestFunction = async (
  request,
  responseStatusCode,
  responseHeaders,
  remixContext,
  loadContext,
) => {
  const context = loadContext as unknown as FloorContext
  const { pathname } = new URL(request.url)
  const markup = pathname.startsWith(`${OURS_PREFIX}/`)
    ? (await context.sitePage(pathname.slice(OURS_PREFIX.length))).bodyMarkup
    : ''
  const page = await renderWholePage(
    <SiteMarkupContext.Provider value={markup}>
      <RemixServer context={remixContext} url={request.url} />
    </SiteMarkupContext.Provider>,
    { abortAfterMs: RENDER_ABORT_MS },
  )
  const { html, scriptHashes } = pageScripts(page, { holdScripts: context.holdScripts })
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
  responseHeaders.set('Content-Security-Policy', context.contentSecurityPolicy(scriptHashes))
  return new Response(html, { headers: responseHeaders, status: responseStatusCode })
}
export default handleRequest

import { PassThrough } from 'node:stream'
import { text } from 'node:stream/consumers'

import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { renderToPipeableStream } from 'react-dom/server'

import { pageScripts } from '../../../app/page-scripts.server'

import { OURS_PREFIX, SiteMarkupContext, type FloorContext } from './site-page'

/**
 * The page rendered whole, as the site's entry renders it, then passed through the site's own
 * `pageScripts`: held until the first paint or not, and its CSP naming its inline scripts' hashes.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const context = loadContext as unknown as FloorContext
  const { pathname } = new URL(request.url)
  const markup = pathname.startsWith(`${OURS_PREFIX}/`)
    ? (await context.sitePage(pathname.slice(OURS_PREFIX.length))).bodyMarkup
    : ''
  const page = await new Promise<string>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(
      <SiteMarkupContext.Provider value={markup}>
        <RemixServer context={remixContext} url={request.url} />
      </SiteMarkupContext.Provider>,
      {
        onAllReady() {
          const collected = new PassThrough()
          text(collected).then(resolve, reject)
          pipe(collected)
        },
        onShellError: reject,
      },
    )
  })
  const { html, scriptHashes } = pageScripts(page, { holdScripts: context.holdScripts })
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
  responseHeaders.set('Content-Security-Policy', context.contentSecurityPolicy(scriptHashes))
  return new Response(html, { headers: responseHeaders, status: responseStatusCode })
}

import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { isRouteErrorResponse, LiveReload, RemixServer } from '@remix-run/react'
import { renderToStaticMarkup } from 'react-dom/server'

import { warmUpPosts } from './blog/posts.server'
import { defaultSanitizer } from './blog/sanitizer.server'
import { log, reasonOf } from './lib/log.server'
import { currentRequest } from './lib/request-context.server'
import { pageScripts } from './page-scripts.server'
import { renderWholePage } from './render-whole-page.server'

// What the server takes of the app: it bundles no module of app/, so the process holds one copy of
// each, the build's (docs/architecture.md).
export { ConfigError, getConfig } from './lib/config.server'
export { MAX_REQUEST_BODY_BYTES } from './lib/constants'
export { log } from './lib/log.server'
export { metrics, metricsText } from './lib/metrics.server'
export { runInRequestContext } from './lib/request-context.server'

/** Development keeps the page's scripts where they are written, for the fastest reload. */
const HOLDS_SCRIPTS = process.env.NODE_ENV === 'production'

/**
 * `npm run dev`'s socket to `remix dev`, through which a rebuild reaches the open tab: hot module
 * replacement, a loader's new data, or a reload. Written after the page, where the framework's
 * streamed scripts go too, so it is hashed with them for the CSP. Empty in production: LiveReload
 * renders nothing there. It is not in the root's tree, so the browser's bundle, and with it every
 * production page and its CSP, stays the same bytes; React leaves a node it did not render at the
 * end of the body alone.
 */
const LIVE_RELOAD = renderToStaticMarkup(<LiveReload />)

/**
 * How long Remix waits for a promise in a loader's data before rejecting it (single fetch); the
 * render is abandoned a second later, once the rejections have been written.
 */
export const streamTimeout = 5_000

/**
 * Renders the whole page before its first byte. The pages await nothing while rendering (their
 * data comes from loaders), so nothing is gained by streaming; a whole page gets an ETag, a CSP
 * that names the inline scripts the app wrote into it, and the same bytes for every visitor.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const renderStarted = performance.now()
  const page = await renderWholePage(<RemixServer context={remixContext} url={request.url} />, {
    abortAfterMs: streamTimeout + 1_000,
    onError: (error) =>
      log('error', 'render error', {
        reason: error instanceof Error ? error.message : String(error),
      }),
  })
  const { html, scriptHashes } = pageScripts(page + LIVE_RELOAD, { holdScripts: HOLDS_SCRIPTS })
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
  // Only the scripts that end the page are allowed: one anywhere else is refused.
  responseHeaders.set('Content-Security-Policy', loadContext.contentSecurityPolicy(scriptHashes))
  responseHeaders.set('Server-Timing', serverTiming(renderStarted))
  return new Response(html, {
    headers: responseHeaders,
    status: responseStatusCode,
  })
}

/**
 * Where the time before the first byte went: waiting on the backend, loading the page's data
 * (the loaders, backend wait included) and rendering. Durations only, nothing about the visitor.
 */
function serverTiming(renderStarted: number) {
  const request = currentRequest()
  const entries = [`render;dur=${(performance.now() - renderStarted).toFixed(1)}`]
  if (request) {
    entries.unshift(
      `backend;dur=${request.backendMs.toFixed(1)}`,
      `data;dur=${(renderStarted - request.startedAt).toFixed(1)}`,
    )
  }
  return entries.join(', ')
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return
  // A client's mistake (an address or method no route takes) is not the server's: the request's
  // own log line gives its status.
  if (isRouteErrorResponse(error) && error.status < 500) return
  log('error', 'unhandled route error', {
    path: new URL(request.url).pathname,
    reason: reasonOf(error),
  })
}

/** The blog's sanitiser and post list, ready before the server listens: no visitor waits. */
export async function warmUp() {
  // A post the reading for search cannot take fails its searches, not the start.
  const posts = warmUpPosts().catch((cause: unknown) => {
    log('error', 'blog posts could not be read for search', { reason: String(cause) })
  })
  await Promise.all([defaultSanitizer().warmUp(), posts])
}

/** Ends what the app started, for a graceful shutdown. */
export function close() {
  return defaultSanitizer().close()
}

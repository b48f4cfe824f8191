import { Transform } from 'node:stream'

import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { createReadableStreamFromReadable } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'

import { defaultSanitizer } from './blog/sanitizer.server'
import { NonceProvider } from './components/nonce'
import { holdScripts } from './hold-scripts.server'
import { log } from './lib/log.server'
import { currentRequest } from './lib/request-context.server'

const ABORT_DELAY_MS = 5_000
/** Development keeps Remix's scripts as they are: React there warns about any changed attribute. */
const HOLDS_SCRIPTS = process.env.NODE_ENV === 'production'

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Crawlers get the whole page at once; people get the shell as soon as it is ready.
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode
  const nonce = loadContext.cspNonce
  const renderStarted = performance.now()

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} />
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true
          const rendered = withoutNulBytes()
          const body = HOLDS_SCRIPTS ? rendered.pipe(holdScripts()) : rendered
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          responseHeaders.set('Server-Timing', serverTiming(renderStarted))
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          )
          pipe(rendered)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors after the shell are usually aborted connections; log them without noise.
          if (shellRendered) {
            log('error', 'render error', {
              reason: error instanceof Error ? error.message : String(error),
            })
          }
        },
      },
    )
    setTimeout(abort, ABORT_DELAY_MS + 1_000)
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

/**
 * React 18.3's streaming renderer pads a multi-byte character that straddles its 2 KB buffer with
 * NUL bytes (facebook/react#31134), e.g. 'Zoë' re-rendered into a form became 'Zo\0ë'. UTF-8
 * never uses 0x00 inside a character, so dropping every 0x00 byte repairs the text.
 */
function withoutNulBytes() {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, chunk.includes(0) ? chunk.filter((byte) => byte !== 0) : chunk)
    },
  })
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return
  log('error', 'unhandled route error', {
    path: new URL(request.url).pathname,
    reason: error instanceof Error ? (error.stack ?? error.message) : String(error),
  })
}

// The server's render cache drops every cached page when the post list changes.
export { postsVersion as renderCacheVersion } from './blog/posts.server'

/** The blog's sanitiser is ready before the server listens (the first post need not wait for it). */
export function warmUp() {
  return defaultSanitizer().warmUp()
}

/** Ends what the app started, for a graceful shutdown. */
export function close() {
  return defaultSanitizer().close()
}

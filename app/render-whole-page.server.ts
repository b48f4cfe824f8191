import { PassThrough } from 'node:stream'
import { buffer } from 'node:stream/consumers'

import { renderToPipeableStream } from 'react-dom/server'

type WholePageOptions = {
  /** the render is abandoned after this long */
  abortAfterMs: number
  /** an error inside the render, which React recovers from on the client */
  onError?: (error: unknown) => void
}

/** The page's HTML once everything in it has rendered. */
export function renderWholePage(
  page: JSX.Element,
  { abortAfterMs, onError }: WholePageOptions,
): Promise<string> {
  let timeout: NodeJS.Timeout | undefined
  return new Promise<string>((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(page, {
      onAllReady() {
        const collected = new PassThrough()
        buffer(collected).then((bytes) => {
          // React 18.3 pads a multi-byte character that straddles its 2 KB output buffer with NUL
          // bytes (facebook/react#31134); UTF-8 never uses 0x00 inside a character.
          resolve((bytes.includes(0) ? bytes.filter((byte) => byte !== 0) : bytes).toString())
        }, reject)
        pipe(collected)
      },
      onShellError: reject,
      onError,
    })
    timeout = setTimeout(abort, abortAfterMs)
    // The timer holds the render, and the page with it: 110 KB a post, 29 MB of heap for the pages
    // of six seconds during a walk of every post (docs/performance.md). It goes once the page is in.
  }).finally(() => clearTimeout(timeout))
}

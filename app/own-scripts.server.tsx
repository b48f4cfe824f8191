import crypto from 'node:crypto'

import { renderToStaticMarkup } from 'react-dom/server'

/**
 * The CSP allows the inline scripts the app writes itself, by their hashes, and no other
 * (docs/decisions/018-csp-lists-only-the-apps-scripts.md): a `<script>` that reached a page any
 * other way, say in a post the sanitiser let it through in, is refused by the browser.
 *
 * root.tsx renders `<OwnScriptsStart />` right before those scripts: ScrollRestoration's, what
 * Remix's `<Scripts>` renders (the module preloads, the context script, the module script), the
 * release of the held scripts, and the scripts that stream the loaders' data into the context
 * (single fetch writes them after the document). From there to the end of the document,
 * everything is written by the app and Remix; the only data in it is Remix's JSON, in which `<`
 * is escaped (`\u003c`), so no element of a post or of any other data can be there. Content comes
 * before it in the document, so the last such marker is the app's even when a post holds a copy.
 * The server takes the marker out: the page sent is the one React hydrates, which renders none.
 */
export function OwnScriptsStart() {
  return <template id="own-scripts" />
}

const START = renderToStaticMarkup(<OwnScriptsStart />)

/**
 * The rendered page cut where the app's own scripts begin, without the marker: `page` before,
 * `own` after. A document without the marker (a render that did not reach the root's layout) has
 * no part of its own: its inline scripts get no hash, and it works as with JavaScript off.
 */
export function splitAtOwnScripts(rendered: string): { page: string; own: string } {
  const start = rendered.lastIndexOf(START)
  if (start < 0) return { page: rendered, own: '' }
  return { page: rendered.slice(0, start), own: rendered.slice(start + START.length) }
}

/** An executable inline script: no `src`, and no data type such as JSON-LD (never run). */
const INLINE_SCRIPT =
  /<script(?![^>]*\ssrc=)(?![^>]*\stype="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g

/**
 * The CSP source (`sha256-…`) of each inline script in `own`, the part of the page the app wrote
 * (from `splitAtOwnScripts`), including those held in a `<template>` until the first paint: the
 * browser checks a script against the policy when it runs. Never for a whole page, whose content
 * may hold scripts nobody wrote into the app.
 */
export function inlineScriptHashes(own: string): string[] {
  const hashes = new Set<string>()
  for (const [, text] of own.matchAll(INLINE_SCRIPT)) {
    if (!text) continue
    hashes.add(`sha256-${crypto.createHash('sha256').update(text).digest('base64')}`)
  }
  return [...hashes]
}

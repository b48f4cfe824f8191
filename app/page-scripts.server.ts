import crypto from 'node:crypto'

import { parse, type DefaultTreeAdapterTypes } from 'parse5'

type Element = DefaultTreeAdapterTypes.Element

const HELD_SCRIPTS_ID = 'held-scripts'

/** A page that never paints (opened in a background tab) loads its code after this anyway. */
const RELEASE_FALLBACK_MS = 3000

/**
 * Puts the held elements back in the template's place once the browser reports its first paint
 * (where it cannot, after the next frame), one element per task, in their order, and the template
 * goes with the last. Inserting all of a page's preloads at once makes one long task, and a single
 * insertion is now and then slow, so even small batches made long tasks (measured in
 * docs/decisions/006-javascript-after-first-paint.md). Each next element is a message to the page
 * itself, a task of its own that no timer clamping (a background tab's, or a test's frozen clock)
 * holds back. Scripts copied out of a template run once inserted, as they were never run inside it.
 */
const RELEASE_HELD_SCRIPTS = `(function(){var released=false;function release(){
if(released)return;released=true;
var held=document.getElementById('${HELD_SCRIPTS_ID}');if(!held)return;
var nodes=[].slice.call(document.importNode(held.content,true).childNodes);
var tasks=new MessageChannel();
(tasks.port1.onmessage=function(){if(nodes.length)held.before(nodes.shift());
if(nodes.length)tasks.port2.postMessage(0);else{held.remove();tasks.port1.close()}})()}
var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];
if(types.indexOf('paint')>=0)new PerformanceObserver(release).observe({type:'paint',buffered:true});
else requestAnimationFrame(function(){setTimeout(release,0)});
setTimeout(release,${RELEASE_FALLBACK_MS})})()`

export type PageScripts = {
  /** the page as sent */
  html: string
  /** the CSP sources (`sha256-…`) of the inline scripts that load and start it */
  scriptHashes: string[]
}

/**
 * The page as sent, and the hashes its CSP allows
 * (docs/decisions/018-csp-lists-only-the-apps-scripts.md). The scripts that load and start the
 * page are those that end the body, after everything a visitor reads: the framework writes them
 * last, and a streamed render writes more after `</html>`, which a browser puts at the end of the
 * body too. The page is read as a browser reads it (parse5, the parser jsdom uses), so what counts
 * is the elements, not how their markup is written or which globals they name. Content comes
 * before the first element of any other kind, so a script that reached a post (the sanitiser lets
 * none through) gets no hash, and the browser refuses it.
 *
 * With `holdScripts`, the part of that run that fetches code (from the first module preload or
 * module script on) waits for the first paint (docs/decisions/006-javascript-after-first-paint.md):
 * it moves, as written, into a `<template>`, whose content the browser parses but neither fetches
 * nor runs, followed by the script that releases it. The comments among and after them (what a
 * streamed render wrapped its scripts in after `</html>`) go: the page ends with `</html>` again.
 */
export function pageScripts(document: string, { holdScripts }: { holdScripts: boolean }) {
  const { run, comments } = readEnd(document)
  const scriptHashes = run.flatMap((element) => {
    const text = inlineText(element)
    return text ? [hashOf(text)] : []
  })
  const heldFrom = run.findIndex(fetchesCode)
  if (!holdScripts || heldFrom < 0) return { html: document, scriptHashes: unique(scriptHashes) }

  const held = run.slice(heldFrom).map((element) => element.sourceCodeLocation!)
  const start = held[0]!.startOffset
  const commentsAfter = comments.filter(({ startOffset }) => startOffset > start)
  const removed = [...held, ...commentsAfter].sort((a, b) => a.startOffset - b.startOffset)
  let rest = ''
  let at = start
  for (const { startOffset, endOffset } of removed) {
    if (startOffset < at) continue
    rest += document.slice(at, startOffset)
    at = endOffset
  }
  const template = held.map(({ startOffset, endOffset }) => document.slice(startOffset, endOffset))
  return {
    html:
      document.slice(0, start) +
      `<template id="${HELD_SCRIPTS_ID}">${template.join('')}</template>` +
      `<script>${RELEASE_HELD_SCRIPTS}</script>` +
      rest +
      document.slice(at),
    scriptHashes: unique([...scriptHashes, hashOf(RELEASE_HELD_SCRIPTS)]),
  }
}

/**
 * The `<script>` and `<link>` elements after the body's last element of any other kind, and where
 * the comments at the body's and the document's end are.
 */
function readEnd(document: string) {
  const tree = parse(document, { sourceCodeLocationInfo: true })
  const htmlAt = tree.childNodes.findIndex(isElement)
  const html = tree.childNodes[htmlAt]
  const body =
    html && isElement(html)
      ? html.childNodes.find((node) => isElement(node) && node.tagName === 'body')
      : undefined
  const run: Element[] = []
  for (const node of body && isElement(body) ? [...body.childNodes].reverse() : []) {
    if (!isElement(node)) continue
    if (node.tagName !== 'script' && node.tagName !== 'link') break
    run.unshift(node)
  }
  // A streamed render's scripts after `</html>` come wrapped in comments: the first stays at the
  // document's end, the others go with the scripts into the body.
  const comments = [
    ...tree.childNodes.slice(htmlAt + 1),
    ...(body && isElement(body) ? body.childNodes : []),
  ].flatMap((node) => (node.nodeName === '#comment' ? [node.sourceCodeLocation!] : []))
  return { run, comments }
}

function isElement(node: object): node is Element {
  return 'tagName' in node
}

function attribute(element: Element, name: string) {
  return element.attrs.find((attr) => attr.name === name)?.value
}

/** A link that preloads code, or a module script: what starts fetching the page's JavaScript. */
function fetchesCode(element: Element) {
  if (element.tagName === 'link') return /\bmodulepreload\b/i.test(attribute(element, 'rel') ?? '')
  return attribute(element, 'type')?.trim().toLowerCase() === 'module'
}

/** An inline script's text: a data block's hash does no harm, so types are not told apart. */
function inlineText(element: Element) {
  if (element.tagName !== 'script' || attribute(element, 'src') !== undefined) return ''
  return element.childNodes.map((child) => ('value' in child ? child.value : '')).join('')
}

function hashOf(text: string) {
  return `sha256-${crypto.createHash('sha256').update(text).digest('base64')}`
}

function unique(hashes: string[]) {
  return [...new Set(hashes)]
}

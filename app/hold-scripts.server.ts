/**
 * The page's JavaScript is fetched only once the browser has painted the page
 * (docs/decisions/006-javascript-after-first-paint.md). In production the server wraps what Remix's
 * `<Scripts>` renders to load the page's code (the module preloads, the context script and the
 * module script) in a `<template>` (`holdScripts`), with the scripts that stream the loaders' data
 * into that context (single fetch writes them after `</html>`): its content is valid HTML that the
 * browser parses but neither fetches nor runs. The inline script `RELEASE_HELD_SCRIPTS`, right
 * after it, puts a copy of that content in the template's place after the first frame, and the
 * copy loads and runs, the context before the data it is fed. With JavaScript off nothing changes.
 */
const HELD_SCRIPTS_ID = 'held-scripts'

/** A page that never paints (opened in a background tab) loads its code after this anyway. */
const RELEASE_FALLBACK_MS = 3000

// Released when the browser reports its first paint (where it cannot, after the next frame), one
// element per task, in their order: the module script that starts the page comes last, and the
// template goes with it. Inserting all of a page's preloads at once makes one long task, and a
// single insertion is now and then slow, so even small batches made long tasks (measured in
// docs/decisions/006-javascript-after-first-paint.md). Each next element is a message
// to the page itself, a task of its own that no timer clamping (a background tab's, or a test's
// frozen clock) holds back. Scripts copied out of a template run once inserted, as they were
// never run inside it.
export const RELEASE_HELD_SCRIPTS = `(function(){var released=false;function release(){
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

/**
 * Where the held part of a page begins and ends: before Remix's first module preload, and after
 * its module script (the context script comes before it).
 */
const HELD_START = '<link rel="modulepreload"'
const MODULE_SCRIPT = '<script type="module" async="">'
const SCRIPT_END = '</script>'
const DOCUMENT_END = '</html>'
/** The scripts single fetch writes after the document to hand the loaders' data to the context. */
const DATA_STREAM_SCRIPT = /<script>window\.__remixContext\.streamController\.[\s\S]*?<\/script>/g
/** The Suspense boundaries React writes them in (`<!--$-->…<!--/$-->`), empty once they leave. */
const SUSPENSE_MARKER = /<!--\/?\$-->/g

/**
 * The page's scripts made to wait for the first paint: what Remix's `<Scripts>` rendered to load
 * the page's code goes into the template, with the data stream's scripts moved in after the
 * context script they feed and before the module script, which comes last; the page then ends
 * with `</html>` again. `html` is the part of
 * the page the app wrote for its scripts (`splitAtOwnScripts`), so nothing in a post can be taken
 * for Remix's preloads. A part without them stays as it is.
 */
export function holdScripts(html: string): string {
  const start = html.indexOf(HELD_START)
  const moduleScript = html.indexOf(MODULE_SCRIPT, start)
  const end = html.indexOf(SCRIPT_END, moduleScript)
  if (start < 0 || moduleScript < 0 || end < 0) return html
  const heldEnd = end + SCRIPT_END.length
  const documentEnd = html.indexOf(DOCUMENT_END, heldEnd)
  const afterDocument = documentEnd < 0 ? '' : html.slice(documentEnd + DOCUMENT_END.length)
  const dataStream = afterDocument.match(DATA_STREAM_SCRIPT)?.join('') ?? ''
  const held = `${html.slice(start, moduleScript)}${dataStream}${html.slice(moduleScript, heldEnd)}`
  const rest =
    documentEnd < 0
      ? html.slice(heldEnd)
      : html.slice(heldEnd, documentEnd + DOCUMENT_END.length) +
        afterDocument.replace(DATA_STREAM_SCRIPT, '').replace(SUSPENSE_MARKER, '')
  return `${html.slice(0, start)}<template id="${HELD_SCRIPTS_ID}">${held}</template>${rest}`
}

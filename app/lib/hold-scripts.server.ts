/**
 * The page's JavaScript is fetched only once the browser has painted the page
 * (docs/decisions/006-javascript-after-first-paint.md). In production the server wraps what Remix's
 * `<Scripts>` renders to load the page's code (the module preloads, the context script and the
 * module script) in a `<template>` (`holdScripts`): its content is valid HTML that the browser
 * parses but neither fetches nor runs. The inline script `RELEASE_HELD_SCRIPTS`, right after it,
 * puts a copy of that content in the template's place after the first frame, and the copy loads
 * and runs. Hydration then finds exactly the elements React rendered; with JavaScript off nothing
 * changes.
 */
import { Transform } from 'node:stream'

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
 * What the page passes on its way through: each step looks for a string of Remix's `<Scripts>`
 * markup and inserts its text before or after it; the steps follow each other in this order.
 */
const STEPS: ReadonlyArray<{ find: string; insert: string; at: 'before' | 'after' }> = [
  { find: '<link rel="modulepreload"', insert: `<template id="${HELD_SCRIPTS_ID}">`, at: 'before' },
  { find: ' type="module" async="">', insert: '', at: 'after' },
  { find: '</script>', insert: '</template>', at: 'after' },
]

/**
 * Rewrites the streamed page so that its JavaScript waits for the first paint. A chunk may end
 * part-way through a string looked for; that end is kept back and joined to the next chunk.
 */
export function holdScripts(): Transform {
  let step = 0
  let keptBack = ''
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      // latin1 maps every byte to one character and back, so multi-byte text passes untouched.
      let text = keptBack + chunk.toString('latin1')
      let output = ''
      keptBack = ''
      while (step < STEPS.length) {
        const { find, insert, at } = STEPS[step]!
        const index = text.indexOf(find)
        if (index < 0) {
          const cut = text.length - unfinishedLength(text, find)
          output += text.slice(0, cut)
          keptBack = text.slice(cut)
          text = ''
          break
        }
        const end = index + find.length
        output +=
          at === 'before' ? text.slice(0, index) + insert + find : text.slice(0, end) + insert
        text = text.slice(end)
        step += 1
      }
      callback(null, Buffer.from(output + text, 'latin1'))
    },
    flush(callback) {
      callback(null, Buffer.from(keptBack, 'latin1'))
    },
  })
}

/** The length of the longest end of `text` that is the start of `find`. */
function unfinishedLength(text: string, find: string) {
  for (let length = Math.min(find.length - 1, text.length); length > 0; length -= 1) {
    if (text.endsWith(find.slice(0, length))) return length
  }
  return 0
}

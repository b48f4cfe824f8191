/**
 * The page's JavaScript is fetched only once the browser has painted the page
 * (docs/decisions/006-javascript-after-first-paint.md). In production the server renders Remix's
 * module preloads and module script with inert values (`holdScripts`); the inline script
 * `RELEASE_HELD_SCRIPTS`, right after them, makes the same elements live again after the first
 * frame. Hydration finds the elements it expects, and with JavaScript off nothing changes.
 */
import { Transform } from 'node:stream'

const HELD_PRELOAD_REL = 'x-held-modulepreload'
const HELD_MODULE_TYPE = 'x-held-module'

/** A page that never paints (opened in a background tab) loads its code after this anyway. */
const RELEASE_FALLBACK_MS = 3000

// Released when the browser reports its first paint (where it cannot, after the next frame). A
// script element whose type was not runnable when parsed runs once it has a runnable type and a
// node is inserted into it (HTML's "prepare the script element").
export const RELEASE_HELD_SCRIPTS = `(function(){var released=false;function release(){
if(released)return;released=true;
document.querySelectorAll('link[rel="${HELD_PRELOAD_REL}"]').forEach(function(link){link.rel='modulepreload'});
var script=document.querySelector('script[type="${HELD_MODULE_TYPE}"]');
if(script){script.type='module';script.appendChild(document.createTextNode(''))}}
var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];
if(types.indexOf('paint')>=0)new PerformanceObserver(release).observe({type:'paint',buffered:true});
else requestAnimationFrame(function(){setTimeout(release,0)});
setTimeout(release,${RELEASE_FALLBACK_MS})})()`

/** What Remix's `<Scripts>` renders to load the page's code, and the inert stand-ins. */
const SWAPS: ReadonlyArray<readonly [live: string, held: string]> = [
  ['<link rel="modulepreload"', `<link rel="${HELD_PRELOAD_REL}"`],
  [' type="module" async=""', ` type="${HELD_MODULE_TYPE}" async=""`],
]

/**
 * Rewrites the streamed page so that its JavaScript waits for the first paint. A chunk may end
 * part-way through a string to swap; that end is kept back and joined to the next chunk.
 */
export function holdScripts(): Transform {
  let keptBack = ''
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      // latin1 maps every byte to one character and back, so multi-byte text passes untouched.
      const text = swap(keptBack + chunk.toString('latin1'))
      const cut = text.length - unfinishedSwapLength(text)
      keptBack = text.slice(cut)
      callback(null, Buffer.from(text.slice(0, cut), 'latin1'))
    },
    flush(callback) {
      callback(null, Buffer.from(keptBack, 'latin1'))
    },
  })
}

function swap(text: string) {
  return SWAPS.reduce((result, [live, held]) => result.replaceAll(live, held), text)
}

/** The length of the longest end of `text` that is the start of a string to swap. */
function unfinishedSwapLength(text: string) {
  let longest = 0
  for (const [live] of SWAPS) {
    for (let length = Math.min(live.length - 1, text.length); length > longest; length -= 1) {
      if (text.endsWith(live.slice(0, length))) {
        longest = length
        break
      }
    }
  }
  return longest
}

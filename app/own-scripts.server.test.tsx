import crypto from 'node:crypto'

import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

import { holdScripts } from './hold-scripts.server'
import { inlineScriptHashes, OwnScriptsStart, splitAtOwnScripts } from './own-scripts.server'

const sha256 = (text: string) =>
  `sha256-${crypto.createHash('sha256').update(text).digest('base64')}`

const MARKER = renderToStaticMarkup(<OwnScriptsStart />)

/** What Remix and the root write after the marker: ScrollRestoration's, Remix's and the release. */
const OWN_SCRIPTS = [
  '<script>(function(k){restore(k)})("positions")</script>',
  '<link rel="modulepreload" href="/build/manifest-1.js"/>',
  '<script>window.__remixContext = {"html":"\\u003cscript\\u003ewindow.__pwned=1\\u003c/script\\u003e"};</script>',
  '<script type="module" async="">import "/build/manifest-1.js";</script>',
  '<script>release()</script></body></html>',
].join('')

const OWN_HASHES = [
  sha256('(function(k){restore(k)})("positions")'),
  sha256(
    'window.__remixContext = {"html":"\\u003cscript\\u003ewindow.__pwned=1\\u003c/script\\u003e"};',
  ),
  sha256('import "/build/manifest-1.js";'),
  sha256('release()'),
]

/** A post the sanitiser let a script through in, with a copy of the marker to mislead the cut. */
const HOSTILE_POST = `<article><p>Hi</p><script>window.__pwned=1</script>${MARKER}<script>window.__pwned=2</script></article>`

const page = (post: string) =>
  `<!DOCTYPE html><html><head><script type="application/ld+json">{"@type":"Article"}</script></head><body><main>${post}</main><footer>f</footer>${MARKER}${OWN_SCRIPTS}`

describe('splitAtOwnScripts', () => {
  it('cuts the page where the app writes its scripts, and takes the marker out', () => {
    const { page: before, own } = splitAtOwnScripts(page('<p>Hi</p>'))
    expect(own).toBe(OWN_SCRIPTS)
    expect(before).toMatch(/<footer>f<\/footer>$/)
    expect(before + own).not.toContain('own-scripts')
  })

  it("takes the last marker: a copy in a post stays in the post's part", () => {
    const { page: before, own } = splitAtOwnScripts(page(HOSTILE_POST))
    expect(own).toBe(OWN_SCRIPTS)
    expect(before).toContain(HOSTILE_POST)
  })

  it('leaves a document without the marker whole, with no part of its own', () => {
    expect(splitAtOwnScripts('<p>Hi</p><script>x()</script>')).toEqual({
      page: '<p>Hi</p><script>x()</script>',
      own: '',
    })
  })
})

describe('inlineScriptHashes', () => {
  it("hashes the app's inline scripts, held in the template or not, and no data block", () => {
    expect(inlineScriptHashes(OWN_SCRIPTS)).toEqual(OWN_HASHES)
    expect(inlineScriptHashes(holdScripts(OWN_SCRIPTS))).toEqual(OWN_HASHES)
    expect(
      inlineScriptHashes(
        '<script type="application/ld+json">{}</script><script src="/a.js"></script><script></script>',
      ),
    ).toEqual([])
  })

  it('gives a page whose post holds scripts the same hashes as one whose post does not', () => {
    const hashesOf = (post: string) => inlineScriptHashes(splitAtOwnScripts(page(post)).own)
    expect(hashesOf(HOSTILE_POST)).toEqual(OWN_HASHES)
    expect(hashesOf('<p>Hi</p>')).toEqual(OWN_HASHES)
    expect(hashesOf(HOSTILE_POST)).not.toContain(sha256('window.__pwned=1'))
    expect(hashesOf(HOSTILE_POST)).not.toContain(sha256('window.__pwned=2'))
  })
})

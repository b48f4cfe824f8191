import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'

import { describe, expect, it } from 'vitest'

import { holdScripts } from './hold-scripts.server'

const PAGE = [
  '<!DOCTYPE html><html><head><title>Zoë’s café</title></head><body><main>Ünïcödé ✓</main>',
  '<link rel="modulepreload" href="/build/manifest-1.js"/>',
  '<link rel="modulepreload" href="/build/entry.client-2.js"/>',
  '<script nonce="abc">window.__remixContext = {};</script>',
  '<script nonce="abc" type="module" async="">import "/build/manifest-1.js";</script>',
  '<script type="application/ld+json" nonce="abc">{}</script></body></html>',
].join('')

const HELD = [
  '<!DOCTYPE html><html><head><title>Zoë’s café</title></head><body><main>Ünïcödé ✓</main>',
  '<template id="held-scripts">',
  '<link rel="modulepreload" href="/build/manifest-1.js"/>',
  '<link rel="modulepreload" href="/build/entry.client-2.js"/>',
  '<script nonce="abc">window.__remixContext = {};</script>',
  '<script nonce="abc" type="module" async="">import "/build/manifest-1.js";</script>',
  '</template>',
  '<script type="application/ld+json" nonce="abc">{}</script></body></html>',
].join('')

function through(chunks: Buffer[]) {
  return text(Readable.from(chunks).pipe(holdScripts()))
}

describe('holdScripts', () => {
  it("wraps the preloads and scripts that load the page's code in a template, and leaves the rest", async () => {
    expect(await through([Buffer.from(PAGE)])).toBe(HELD)
  })

  it('gives the same page wherever the stream is cut, multi-byte characters included', async () => {
    const bytes = Buffer.from(PAGE)
    for (let cut = 1; cut < bytes.length; cut += 1) {
      expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(HELD)
    }
  })

  it('gives the same page from one-byte chunks', async () => {
    const bytes = Buffer.from(PAGE)
    const chunks = [...bytes].map((byte) => Buffer.from([byte]))
    expect(await through(chunks)).toBe(HELD)
  })

  it('passes a page that ends part-way through a string it looks for', async () => {
    expect(await through([Buffer.from('<p>a</p><link rel="modul')])).toBe(
      '<p>a</p><link rel="modul',
    )
  })
})

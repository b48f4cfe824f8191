import { describe, expect, it } from 'vitest'

import { holdScripts } from './hold-scripts.server'

const PAGE = [
  '<!DOCTYPE html><html><head><title>Zoë’s café</title></head><body><main>Ünïcödé ✓</main>',
  '<link rel="modulepreload" href="/build/manifest-1.js"/>',
  '<link rel="modulepreload" href="/build/entry.client-2.js"/>',
  '<script>window.__remixContext = {};</script>',
  '<script type="module" async="">import "/build/manifest-1.js";</script>',
  '<script type="application/ld+json">{}</script></body></html>',
  '<!--$--><script>window.__remixContext.streamController.enqueue("[{\\"_1\\":2}]");</script>',
  '<!--$--><script>window.__remixContext.streamController.close();</script><!--/$--><!--/$-->',
].join('')

const HELD = [
  '<!DOCTYPE html><html><head><title>Zoë’s café</title></head><body><main>Ünïcödé ✓</main>',
  '<template id="held-scripts">',
  '<link rel="modulepreload" href="/build/manifest-1.js"/>',
  '<link rel="modulepreload" href="/build/entry.client-2.js"/>',
  '<script>window.__remixContext = {};</script>',
  '<script>window.__remixContext.streamController.enqueue("[{\\"_1\\":2}]");</script>',
  '<script>window.__remixContext.streamController.close();</script>',
  '<script type="module" async="">import "/build/manifest-1.js";</script>',
  '</template>',
  '<script type="application/ld+json">{}</script></body></html>',
].join('')

describe('holdScripts', () => {
  it("wraps the preloads and scripts that load the page's code in a template, the data stream's scripts after the context they feed, and leaves the rest", () => {
    expect(holdScripts(PAGE)).toBe(HELD)
  })

  it('leaves a page without module scripts as it is', () => {
    expect(holdScripts('<p>a</p><link rel="modul')).toBe('<p>a</p><link rel="modul')
  })
})

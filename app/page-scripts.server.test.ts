import crypto from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { pageScripts } from './page-scripts.server'

const sha256 = (text: string) =>
  `sha256-${crypto.createHash('sha256').update(text).digest('base64')}`

const head = '<!DOCTYPE html><html><head><title>Zoë’s café</title>'
const content = (post = '<p>Ünïcödé ✓</p>') =>
  '<script type="application/ld+json">{"@type":"Article"}</script></head>' +
  `<body><main>${post}</main><footer>f</footer>`

/** A page as Remix 2 writes it: its scripts end the body, the data stream follows `</html>`. */
const REMIX_2 = {
  scroll: '<script>(function(k){restore(k)})("positions")</script>',
  code: [
    '<link rel="modulepreload" href="/build/manifest-1.js"/>',
    '<link rel="modulepreload" href="/build/entry.client-2.js"/>',
    '<script>window.__remixContext = {"html":"\\u003cscript\\u003e"};</script>',
    '<script type="module" async="">import "/build/manifest-1.js";</script>',
  ],
  data: [
    '<script>window.__remixContext.streamController.enqueue("[{\\"_1\\":2}]");</script>',
    '<script>window.__remixContext.streamController.close();</script>',
  ],
}
const remix2Page = (post?: string) =>
  `${head}${content(post)}${REMIX_2.scroll}${REMIX_2.code.join('')}</body></html>` +
  `<!--$-->${REMIX_2.data[0]}<!--$-->${REMIX_2.data[1]}<!--/$--><!--/$-->`

/** The same page as another version writes it: other globals, attributes written another way. */
const OTHER_VERSION = [
  "<LINK REL=modulepreload HREF='/assets/entry.client-9.js'>",
  '<script>window.__reactRouterContext = {"state":{}};</script>',
  '<script type=module async>import "/assets/entry.client-9.js";</script>',
  '</body></html>',
  '<!--$?--><script>window.__reactRouterContext.streamController.enqueue("[]")</script><!--/$-->',
].join('\n')

const texts = (elements: string[]) =>
  elements
    .map((element) => /<script[^>]*>(.*)<\/script>/.exec(element)?.[1])
    .filter((text) => text !== undefined)

describe('pageScripts', () => {
  it('holds what fetches code in a template, the data stream moved in behind it, the release after', () => {
    const { html } = pageScripts(remix2Page(), { holdScripts: true })
    const template = `<template id="held-scripts">${[...REMIX_2.code, ...REMIX_2.data].join('')}</template>`
    expect(
      html.startsWith(`${head}${content()}${REMIX_2.scroll}${template}<script>(function(){`),
    ).toBe(true)
    // The document ends with `</html>` again: the comments the data stream was written in go.
    expect(html.endsWith('})()</script></body></html>')).toBe(true)
  })

  it("allows the inline scripts that end the page, the release's among them, and no other", () => {
    const { html, scriptHashes } = pageScripts(remix2Page(), { holdScripts: true })
    const release = /<\/template><script>([\s\S]*?)<\/script>/.exec(html)![1]!
    expect(scriptHashes).toEqual(
      [...texts([REMIX_2.scroll, ...REMIX_2.code, ...REMIX_2.data]), release].map(sha256),
    )
  })

  it('reads the elements, however another version writes them and whatever it names its globals', () => {
    const { html, scriptHashes } = pageScripts(`${head}${content()}${OTHER_VERSION}`, {
      holdScripts: true,
    })
    const template = /<template id="held-scripts">([\s\S]*?)<\/template>/.exec(html)?.[1]
    expect(template).toBe(
      [
        "<LINK REL=modulepreload HREF='/assets/entry.client-9.js'>",
        '<script>window.__reactRouterContext = {"state":{}};</script>',
        '<script type=module async>import "/assets/entry.client-9.js";</script>',
        '<script>window.__reactRouterContext.streamController.enqueue("[]")</script>',
      ].join(''),
    )
    const outside = html.replace(/<template[\s\S]*<\/template>/, '')
    expect(outside).not.toMatch(/modulepreload|__reactRouterContext|type=module/)
    expect(scriptHashes).toHaveLength(4)
    expect(scriptHashes).toContain(sha256('import "/assets/entry.client-9.js";'))
  })

  it('gives no hash to a script in the content, even one that closes the content around it', () => {
    for (const post of [
      '<script>window.__pwned=1</script>',
      '</main><script>window.__pwned=1</script><main>',
    ]) {
      const { scriptHashes } = pageScripts(remix2Page(post), { holdScripts: false })
      expect(scriptHashes).not.toContain(sha256('window.__pwned=1'))
      expect(scriptHashes).toHaveLength(5)
    }
  })

  it('leaves the page as it is when it holds nothing back, or has no code to hold', () => {
    expect(pageScripts(remix2Page(), { holdScripts: false }).html).toBe(remix2Page())
    const noCode = `${head}${content()}${REMIX_2.scroll}</body></html>`
    expect(pageScripts(noCode, { holdScripts: true })).toEqual({
      html: noCode,
      scriptHashes: texts([REMIX_2.scroll]).map(sha256),
    })
  })
})

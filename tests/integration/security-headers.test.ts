/**
 * What every page is sent with: strict security headers, a CSP that names each inline script the
 * app wrote by its hash (docs/decisions/018-csp-lists-only-the-apps-scripts.md), no live-reload
 * script outside `npm run dev`, and the scripts that fetch code held until the first paint
 * (docs/decisions/006-javascript-after-first-paint.md).
 */
import crypto from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { startStack } from '../support/stack'
import { startedForTests } from '../support/started-for-tests'

const stack = startedForTests(() => startStack())

describe('a page of the production server', () => {
  it('sets strict security headers, with a CSP that names each of its own inline scripts by its hash', async () => {
    const first = await fetch(`${stack().baseUrl}/`)
    const csp = first.headers.get('content-security-policy') ?? ''
    expect(csp).not.toContain('nonce')
    expect(csp).toMatch(/script-src 'self'( 'sha256-[\w+/]+=*')+(;|$)/)
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(csp).toContain("script-src-attr 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
    expect(first.headers.get('strict-transport-security')).toMatch(/max-age=\d+/)
    expect(first.headers.get('x-content-type-options')).toBe('nosniff')
    expect(first.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(first.headers.get('permissions-policy')).toContain('camera=()')
    expect(first.headers.get('x-powered-by')).toBeNull()

    const html = await first.text()
    const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter(([, attributes]) => !attributes!.includes('application/ld+json'))
      .map(([, , text]) => text!)
    expect(inline.length).toBeGreaterThan(2)
    // The page's inline scripts are all the app's own: each is named, and nothing else is.
    const allowed = [...csp.matchAll(/'sha256-([^']+)'/g)].map((match) => match[1])
    const hashes = inline.map((text) => crypto.createHash('sha256').update(text).digest('base64'))
    expect([...allowed].sort()).toEqual([...new Set(hashes)].sort())
    expect(html).not.toContain('nonce=')
  })

  it("writes no live-reload script, and no socket in the CSP: that is `npm run dev`'s", async () => {
    const response = await fetch(`${stack().baseUrl}/`)
    const csp = response.headers.get('content-security-policy') ?? ''
    const html = await response.text()
    expect(html).not.toContain('remixLiveReloadConnect')
    expect(html).not.toContain('/socket')
    expect(csp).toContain("connect-src 'self';")
    // ScrollRestoration's, Remix's context, its data stream (a chunk, the end) and module
    // script, and the release of the held scripts: nothing more.
    expect(csp).toMatch(/script-src 'self'( 'sha256-[\w+/]+=*'){6};/)
  })

  it('sends the page with its module preloads and scripts held in a template until the first paint', async () => {
    const html = await (await fetch(`${stack().baseUrl}/`)).text()
    const held = /<template id="held-scripts">([\s\S]*?)<\/template>/.exec(html)
    expect(held).not.toBeNull()
    const outside = html.replace(held![0], '')
    expect(outside).not.toContain('modulepreload')
    expect(outside).not.toMatch(/<script[^>]* type="module"/)
    expect(
      held![1]!.match(/<link rel="modulepreload" href="\/build\/[^"]+\.js"\/>/g)?.length,
    ).toBeGreaterThan(5)
    expect(held![1]!.match(/<script[^>]* type="module" async="">;?\s*import /g)).toHaveLength(1)
    expect(held![1]).toContain('window.__remixContext = ')
    // The loaders' data streamed into that context waits with it, in the order it was written.
    const order = [
      'window.__remixContext = ',
      ' type="module"',
      'streamController.enqueue(',
      'streamController.close()',
    ]
    const positions = order.map((text) => held![1]!.indexOf(text))
    expect(positions.every((position) => position >= 0)).toBe(true)
    expect([...positions].sort((a, b) => a - b)).toEqual(positions)
    expect(outside).not.toContain('streamController')
    expect(html.endsWith('</body></html>')).toBe(true)
    const release = html.slice(html.indexOf('</template>'), html.indexOf('</body>'))
    expect(release).toContain("getElementById('held-scripts')")
    expect(release).toContain('requestAnimationFrame')
  })
})

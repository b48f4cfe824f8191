/**
 * The CSP allows the inline scripts the app writes, and no other: a post whose `<script>` a
 * sanitiser let through gets a policy that names only the app's scripts, as a post without one
 * does, so the browser refuses the post's script (tests/e2e/csp.spec.ts shows it refused).
 */
import crypto from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { startStack } from '../support/stack'
import { startedForTests } from '../support/started-for-tests'
import { withoutSanitiser } from '../support/without-sanitiser'

const stack = startedForTests(async () => {
  const folder = withoutSanitiser()
  const started = await startStack({}, { root: folder.root, mock: { posts: 'hostile' } })
  return {
    ...started,
    stop: async () => {
      await started.stop()
      folder.remove()
    },
  }
})

const sorted = (list: readonly (string | undefined)[]) => [...list].sort()
const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('base64')

/** The hashes of a page's executable inline scripts, in its `<main>` (the post) and elsewhere. */
function inlineScripts(html: string) {
  const main = [html.indexOf('<main'), html.indexOf('</main>')] as const
  const scripts = [...html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !attributes!.includes('application/ld+json'))
    .map((match) => ({ at: match.index, hash: sha256(match[2]!) }))
  const inMain = (at: number) => at > main[0] && at < main[1]
  return {
    inPost: scripts.filter(({ at }) => inMain(at)).map(({ hash }) => hash),
    elsewhere: scripts.filter(({ at }) => !inMain(at)).map(({ hash }) => hash),
  }
}

async function page(path: string) {
  const response = await fetch(`${stack().baseUrl}${path}`)
  const policy = response.headers.get('content-security-policy') ?? ''
  return {
    html: await response.text(),
    policy,
    allowed: [...policy.matchAll(/'sha256-([^']+)'/g)].map((match) => match[1]),
  }
}

describe('the CSP of a page with a script the sanitiser let through', () => {
  it("names the app's inline scripts only, as on a page without one", async () => {
    const hostile = await page('/blog/xss-test-one')
    expect(hostile.html).toContain('<script>window.__xss=1</script>')
    const scripts = inlineScripts(hostile.html)
    expect(scripts.inPost).toContain(sha256('window.__xss=1'))
    expect(sorted(hostile.allowed)).toEqual(sorted(scripts.elsewhere))
    for (const hash of scripts.inPost) expect(hostile.allowed).not.toContain(hash)
    // ScrollRestoration's, Remix's context, its data stream (a chunk, the end) and module script,
    // and the release of the held scripts.
    expect(hostile.policy).toMatch(/script-src 'self'( 'sha256-[\w+/]+=*'){6};/)

    const plain = await page('/blog/chatbot-vs-live-chat')
    expect(inlineScripts(plain.html).inPost).toEqual([])
    expect(sorted(plain.allowed)).toEqual(sorted(inlineScripts(plain.html).elsewhere))
    expect(plain.allowed).toHaveLength(hostile.allowed.length)
  })

  it('is the same, with the same bytes, on the next view', async () => {
    const first = await page('/blog/xss-test-one')
    const again = await page('/blog/xss-test-one')
    expect(again.policy).toBe(first.policy)
    expect(again.html).toBe(first.html)
  })
})

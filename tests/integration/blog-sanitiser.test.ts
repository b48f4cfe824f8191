/**
 * The post sanitiser as the production build runs it: in a worker thread that the server starts
 * when posts need it and ends when idle, with jsdom loaded there and nowhere else.
 */
import fs from 'node:fs'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { freePort, ROOT, startStack, type Stack } from '../support/stack'

let stack: Stack
let metricsUrl: string

beforeAll(async () => {
  const metricsPort = await freePort()
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`
  stack = await startStack(
    { METRICS_PORT: String(metricsPort), POSTS_CACHE_TTL_S: '600' },
    { mock: { posts: 'hostile' } },
  )
})
afterAll(async () => {
  await stack?.stop()
})

/** A metric's value in the server's scrape. */
async function metric(line: string) {
  const text = await (await fetch(metricsUrl)).text()
  const found = text.split('\n').find((candidate) => candidate.startsWith(`${line} `))
  return Number(found?.slice(line.length + 1))
}

/** The import lines of a built file: the bundles keep packages external, so each is one. */
function importsOf(file: string) {
  const code = fs.readFileSync(path.join(ROOT, file), 'utf8')
  return [...code.matchAll(/^import .* from "([^"]+)";$/gm)].map(([, from]) => from!)
}

describe('the post sanitiser', () => {
  it('sanitises hostile posts in its worker thread, which ends once idle', async () => {
    const sanitisedBefore = await metric('post_sanitising_total{outcome="sanitised"}')
    const response = await fetch(`${stack.baseUrl}/blog/xss-test-one`)
    const html = await response.text()
    expect(response.status).toBe(200)
    const body = html.slice(html.indexOf('<main'), html.indexOf('</main>'))
    expect(body).toContain('A safe heading')
    expect(body).not.toMatch(/<script(?! type="application\/ld\+json")|onerror|javascript:/i)
    expect(await metric('post_sanitising_total{outcome="sanitised"}')).toBe(sanitisedBefore + 1)
    expect(await metric('post_sanitiser_threads')).toBe(1)

    // Ended after a few seconds without a post to sanitise.
    await expect
      .poll(() => metric('post_sanitiser_threads'), { timeout: 15_000, interval: 500 })
      .toBe(0)

    // The next first view starts a new worker.
    const next = await fetch(`${stack.baseUrl}/blog/xss-test-two`)
    expect(next.status).toBe(200)
    expect(await next.text()).toContain('A safe list item')
    expect(await metric('post_sanitiser_threads')).toBe(1)
  }, 30_000)

  it('is the only part of the build that loads jsdom', () => {
    for (const mainThread of ['build/server/index.js', 'build/index.js']) {
      expect(importsOf(mainThread)).not.toContain('isomorphic-dompurify')
      expect(importsOf(mainThread)).not.toContain('jsdom')
    }
    expect(importsOf('build/server/sanitize-worker.js')).toContain('isomorphic-dompurify')
  })
})

/**
 * The framework's own addresses within bounds: route discovery (`/__manifest`) as the browser asks
 * and as no browser asks, and requests in Remix's old data protocol (`?_data=`). The flood is in
 * tests/load.
 */
import fs from 'node:fs'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { logLines } from '../support/log-lines'
import { ROOT, startStack, type Stack } from '../support/stack'

let stack: Stack
let version: string
beforeAll(async () => {
  stack = await startStack()
  version = fs.readFileSync(path.join(ROOT, 'build/version.txt'), 'utf8').trim()
})
afterAll(async () => {
  await stack?.stop()
})

const manifestUrl = (paths: string[], withVersion = version) =>
  `${stack.baseUrl}/__manifest?${paths.map((p) => `p=${p}`).join('&')}&version=${withVersion}`

/** 30 paths of 100 one-letter segments each: about 6 KB, the build's own version. */
const deepPaths = Array.from(
  { length: 30 },
  (_, i) =>
    `/${i}/${Array.from({ length: 100 }, (_, j) => String.fromCharCode(97 + (j % 26))).join('/')}`,
)

describe('route discovery', () => {
  it('answers what the browser asks for, and tells a tab of an older build to reload', async () => {
    const current = await fetch(manifestUrl(['/blog', '/blog/a-post']))
    expect(current.status).toBe(200)
    // Kept by shared caches for a year: nothing in it may be about this visitor.
    expect(current.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect([...current.headers.keys()].filter((name) => name.startsWith('ratelimit'))).toEqual([])
    expect(Object.keys(await current.json())).toEqual(
      expect.arrayContaining(['routes/blog._index', 'routes/blog.$slug']),
    )
    const old = await fetch(manifestUrl(['/blog'], 'an-older-build'))
    expect(old.status).toBe(204)
    expect(old.headers.get('x-remix-reload-document')).toBe('true')
  })

  it('answers a deep path as it answers the path cut to the routes it can match', async () => {
    const deep = await fetch(manifestUrl([deepPaths[0]!]))
    expect(deep.status).toBe(200)
    const cut = await fetch(manifestUrl(['/0/a/b/c/d']))
    expect(await deep.json()).toEqual(await cut.json())
  })

  it('refuses a URL longer than the browser code ever sends (7,680 characters)', async () => {
    // 38 paths: past 7,680 characters, within the 8,192 of any request target (414 past them).
    const response = await fetch(manifestUrl(Array.from({ length: 38 }, () => deepPaths[0]!)))
    expect(response.status).toBe(400)
  })

  it('answers the paths of the largest page several times over, and refuses more', async () => {
    const paths = (count: number) => Array.from({ length: count }, (_, i) => `/blog/post-${i}`)
    expect((await fetch(manifestUrl(paths(100)))).status).toBe(200)
    const tooMany = await fetch(manifestUrl(paths(101)))
    expect(tooMany.status).toBe(400)
    expect(tooMany.headers.get('cache-control')).toBe('no-store')
  })
})

describe("Remix's old data protocol (?_data=)", () => {
  it('is refused plainly: 400, kept by no cache, no error logged, never a page', async () => {
    for (const url of [
      '/blog?_data=routes%2Fblog._index',
      '/?_data=root',
      '/blog?_data',
      '/privacy-policy?_data=x',
    ]) {
      const response = await fetch(`${stack.baseUrl}${url}`)
      expect(response.status, url).toBe(400)
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
      expect(await response.text()).not.toMatch(/<html/i)
    }
    expect(
      logLines(stack.server.output()).filter(
        (line) => line.level === 'error' || line.level === 'warn',
      ),
    ).toEqual([])
  })
})

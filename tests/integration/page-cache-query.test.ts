/**
 * The page cache keeps one page per path and the query parameters its route declares
 * (`pageCacheHandle` in the route's `handle`): a parameter the page read but did not declare would
 * give every visitor the page made for the first value asked. Here each route the instance may
 * keep is rendered from the production build, in this process, with parameters no route reads
 * and each it declares; every query parameter the render reads (its loaders, meta and
 * components) is recorded, and any it did not declare fails the test, as does one it declares and
 * no longer reads.
 */
import type { AppLoadContext, ServerBuild } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startMockBackend, type MockBackend } from '../../mocks/backend'
import { productionEnv, requireProductionBuild, ROOT } from '../support/stack'

/** An address for each route the instance may keep: a new one must be added here to be checked. */
const ADDRESSES: Record<string, string> = {
  'routes/_index': '/',
  'routes/blog._index': '/blog',
  'routes/blog.$slug': '/blog/restaurant-ai-phone-bookings',
  'routes/blog.category.$slug': '/blog/category/voice-agents',
  'routes/contact': '/contact',
  'routes/privacy-policy': '/privacy-policy',
  'routes/terms-of-service': '/terms-of-service',
}

/** Parameters Remix reads for itself on every request (its old data protocol, index forms). */
const REMIX_OWN = new Set(['_data', 'index', '_routes'])
/** Marks the parameters of the request rendered: other URLs' reads are not the page's. */
const PROBE = 'probe-not-declared'
/** What iterating over the parameters reads: all of them. */
const EVERY = '(every parameter)'

let backend: MockBackend
let build: ServerBuild
let handle: (request: Request) => Promise<Response>

beforeAll(async () => {
  requireProductionBuild()
  backend = await startMockBackend({ quiet: true })
  Object.assign(process.env, { ...productionEnv(3000), BACKEND_URL: backend.url })
  build = (await import(`${ROOT}/build/index.js`)) as ServerBuild
  const { createRequestHandler } = await import('@remix-run/node')
  const handler = createRequestHandler(build, 'production')
  const context = { contentSecurityPolicy: () => "default-src 'self'" } as unknown as AppLoadContext
  handle = (request) => handler(request, context)
})
afterAll(async () => {
  await backend?.close()
})

/** The names of the query parameters read while `render` runs, of URLs carrying `PROBE`. */
async function readsDuring(render: () => Promise<unknown>): Promise<Set<string>> {
  const read = new Set<string>()
  const prototype = URLSearchParams.prototype
  const originals = {
    get: prototype.get,
    getAll: prototype.getAll,
    has: prototype.has,
    entries: prototype.entries,
    keys: prototype.keys,
    values: prototype.values,
    forEach: prototype.forEach,
    [Symbol.iterator]: prototype[Symbol.iterator],
  }
  const isRendered = (params: URLSearchParams) => originals.has.call(params, PROBE)
  const byName = (name: 'get' | 'getAll' | 'has') =>
    function (this: URLSearchParams, key: string, ...rest: unknown[]) {
      if (isRendered(this)) read.add(key)
      return (originals[name] as (...args: unknown[]) => unknown).call(this, key, ...rest)
    }
  const whole = (name: 'entries' | 'keys' | 'values' | 'forEach' | typeof Symbol.iterator) =>
    function (this: URLSearchParams, ...args: unknown[]) {
      if (isRendered(this)) read.add(EVERY)
      return (originals[name] as (...args: unknown[]) => unknown).apply(this, args)
    }
  const patched = {
    get: byName('get'),
    getAll: byName('getAll'),
    has: byName('has'),
    entries: whole('entries'),
    keys: whole('keys'),
    values: whole('values'),
    forEach: whole('forEach'),
    [Symbol.iterator]: whole(Symbol.iterator),
  }
  Object.assign(prototype, patched)
  try {
    await render()
  } finally {
    Object.assign(prototype, originals)
  }
  return read
}

/** A route's declared parameters, from its handle (`pageCacheHandle`). */
function declaredBy(routeId: string): readonly string[] | undefined {
  const routeHandle = build.routes[routeId]?.module.handle as
    { pageCache?: { query: readonly string[] } } | undefined
  return routeHandle?.pageCache?.query
}

describe('the query parameters a kept page reads', () => {
  it('has an address to render for every route the instance may keep', () => {
    const kept = Object.keys(build.routes).filter((id) => declaredBy(id) !== undefined)
    expect(kept.sort()).toEqual(Object.keys(ADDRESSES).sort())
  })

  it.each(Object.entries(ADDRESSES))('are declared by %s', async (routeId, path) => {
    const declared = declaredBy(routeId)!
    const query = new URLSearchParams([[PROBE, '1'], ...declared.map((name) => [name, '1'])])
    let status = 0
    const read = await readsDuring(async () => {
      const response = await handle(new Request(`http://localhost:3000${path}?${query}`))
      status = response.status
      await response.text()
    })
    expect(status).toBe(200)
    const undeclared = [...read].filter((name) => !declared.includes(name) && !REMIX_OWN.has(name))
    expect(undeclared, `${routeId} reads parameters it does not declare`).toEqual([])
    // One declared and no longer read would split the cache for nothing.
    expect([...declared].filter((name) => !read.has(name))).toEqual([])
  })
})

import type { ServerBuild } from '@remix-run/node'
import type { Request, Response } from 'express'
import { describe, expect, it } from 'vitest'

import {
  isCostlyNotFound,
  isWellFormedPath,
  MAX_NOT_FOUND_PATH_CHARS,
  methodsOf,
} from './request-bounds'

/** The real build's routes that decide: the deepest (four segments), one action, two splats. */
const build = {
  routes: {
    root: { id: 'root', path: '', module: {} },
    'routes/blog.category.$slug.rss[.]xml': {
      id: 'routes/blog.category.$slug.rss[.]xml',
      parentId: 'root',
      path: 'blog/category/:slug/rss.xml',
      module: { loader: () => null },
    },
    'routes/contact': {
      id: 'routes/contact',
      parentId: 'root',
      path: 'contact',
      module: { loader: () => null, action: () => null },
    },
    'routes/media.$': { id: 'routes/media.$', parentId: 'root', path: 'media/*', module: {} },
    'routes/$': { id: 'routes/$', parentId: 'root', path: '*', module: {} },
  },
} as unknown as ServerBuild

describe('a well-formed path', () => {
  it.each(['/', '/blog/a-post', '/media/a%20b.svg', '/%E2%9C%93', '/..%2f..%2fetc'])(
    '%s is one',
    (path) => expect(isWellFormedPath(path)).toBe(true),
  )

  it.each(['/%E0%A4%A', '/blog/%', '/%zz', '/%00', '/a%00b', '/a\0b'])('%s is not', (path) =>
    expect(isWellFormedPath(path)).toBe(false),
  )
})

describe('the methods an address takes', () => {
  it('are GET and HEAD, and POST where the route has an action', () => {
    expect(methodsOf(build, 'routes/contact')).toEqual(['GET', 'HEAD', 'POST'])
    expect(methodsOf(build, 'routes/media.$')).toEqual(['GET', 'HEAD'])
    expect(methodsOf(build, 'not-found')).toEqual(['GET', 'HEAD'])
    expect(methodsOf(build, 'route-manifest')).toEqual(['GET', 'HEAD'])
  })
})

describe('a costly address no route takes', () => {
  const costly = isCostlyNotFound(() => build)
  const ask = (path: string, route = 'not-found') =>
    costly({ path } as Request, { locals: { route } } as unknown as Response)

  it('is deeper than the deepest route plus one segment, or long', () => {
    expect(ask('/a/b/c/d/e')).toBe(false)
    expect(ask('/a/b/c/d/e/f')).toBe(true)
    expect(ask(`/${'a'.repeat(MAX_NOT_FOUND_PATH_CHARS - 1)}`)).toBe(false)
    expect(ask(`/${'a'.repeat(MAX_NOT_FOUND_PATH_CHARS)}`)).toBe(true)
  })

  it("is never a route's own address, nor a page's data", () => {
    expect(ask('/media/a/b/c/d/e/f/g.svg', 'routes/media.$')).toBe(false)
    expect(ask('/a/b/c/d/e/f.data')).toBe(false)
  })
})

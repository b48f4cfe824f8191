import type { ServerBuild } from '@remix-run/node'
import { createRequestHandler } from '@remix-run/node'
import { describe, expect, it } from 'vitest'

import { future } from '../remix.config.js'

import { boundedManifestQuery, isLegacyDataRequest, routeShape } from './remix-addresses'

/** The site's route shapes (ids, paths, parents), as the classic compiler writes them. */
const ROUTES: Record<string, { path?: string; parentId?: string; index?: boolean }> = {
  root: { path: '' },
  'routes/$': { parentId: 'root', path: '*' },
  'routes/_index': { parentId: 'root', index: true },
  'routes/blog._index': { parentId: 'root', path: 'blog', index: true },
  'routes/blog.$slug': { parentId: 'root', path: 'blog/:slug' },
  'routes/blog.category.$slug': { parentId: 'root', path: 'blog/category/:slug' },
  'routes/blog.category.$slug.rss[.]xml': {
    parentId: 'routes/blog.category.$slug',
    path: 'rss.xml',
  },
  'routes/blog.rss[.]xml': { parentId: 'root', path: 'blog/rss.xml' },
  'routes/contact': { parentId: 'root', path: 'contact' },
  'routes/images.$token.$variant': { parentId: 'root', path: 'images/:token/:variant' },
  'routes/media.$': { parentId: 'root', path: 'media/*' },
}

function siteShapedBuild(): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(ROUTES).map(([id, route]) => [
      id,
      { id, ...route, module: { default: () => null } },
    ]),
  )
  const assetRoutes = Object.fromEntries(
    Object.entries(ROUTES).map(([id, route]) => [id, { id, ...route, module: `/build/${id}.js` }]),
  )
  return {
    mode: 'production',
    entry: { module: { default: () => new Response('') } },
    routes,
    assets: { entry: { imports: [], module: '' }, routes: assetRoutes, url: '', version: 'v1' },
    publicPath: '/build/',
    assetsBuildDirectory: 'public/build',
    future,
    isSpaMode: false,
  } as unknown as ServerBuild
}

const deep = (prefix: string, extra: number) =>
  `${prefix}/${Array.from({ length: extra }, (_, i) => `s${i}`).join('/')}`

describe('route discovery, bounded', () => {
  const build = siteShapedBuild()
  const handle = createRequestHandler(build, 'production')
  const manifest = async (query: string) => {
    const response = await handle(new Request(`http://site.test/__manifest?${query}&version=v1`))
    expect(response.status).toBe(200)
    return response.json()
  }
  const asked = (paths: string[]) => paths.map((path) => `p=${encodeURIComponent(path)}`).join('&')

  const shape = routeShape(build.routes)

  it("looks one segment past the deepest route (a category's feed: four segments)", () => {
    expect(shape.depth).toBe(5)
    expect([...shape.literals].sort()).toEqual(
      ['blog', 'category', 'contact', 'images', 'media', 'rss.xml'].sort(),
    )
  })

  it('cuts each path to that depth, makes every segment no route names one, and asks once', () => {
    const paths = [deep('/a', 99), deep('/b', 50), '/blog', '/blog/one-post', '/blog/another']
    const query = boundedManifestQuery(asked(paths), shape)
    expect(new URLSearchParams(query).getAll('p')).toEqual(['/-/-/-/-/-', '/blog', '/blog/-'])
  })

  it('keeps a segment a route names, in any case and however it is encoded', () => {
    const paths = ['/BLOG/Category/x/RSS.XML', '/bl%6Fg/x']
    const query = boundedManifestQuery(asked(paths), shape)
    expect(new URLSearchParams(query).getAll('p')).toEqual([
      '/BLOG/Category/-/RSS.XML',
      '/bl%6Fg/-',
    ])
  })

  it('keeps the version and every other parameter as asked', () => {
    const query = new URLSearchParams(boundedManifestQuery('p=%2Fblog&version=abc', shape))
    expect(query.get('version')).toBe('abc')
  })

  it('answers a cut request exactly as Remix answers the whole one', async () => {
    const paths = [
      deep('/0', 100),
      deep('/media', 40),
      deep('/blog/category/ai-chatbots/rss.xml', 30),
      deep('/images/token', 12),
      deep('/blog', 8),
      '/blog/category/ai-chatbots/rss.xml',
      '/',
      '/contact',
      '/blog/a-post',
      '/BLOG/Category/AI/RSS.XML',
      '/bl%6Fg/category/x',
      '/Contact/more',
      '/images/a/b',
      '/media',
      '/-/blog',
    ]
    for (const path of paths) {
      const whole = await manifest(asked([path]))
      const cut = await manifest(boundedManifestQuery(asked([path]), shape))
      expect(cut, path).toEqual(whole)
      expect(Object.keys(whole).length, path).toBeGreaterThan(0)
    }
    const all = await manifest(asked(paths))
    expect(await manifest(boundedManifestQuery(asked(paths), shape))).toEqual(all)
  })
})

describe("Remix's old data protocol", () => {
  it('is any request with `_data` in its query, with or without a value', () => {
    expect(isLegacyDataRequest('/blog?_data=routes%2Fblog._index')).toBe(true)
    expect(isLegacyDataRequest('/?_data')).toBe(true)
    expect(isLegacyDataRequest('/blog?q=data&page=2')).toBe(false)
    expect(isLegacyDataRequest('/blog/_data')).toBe(false)
  })
})

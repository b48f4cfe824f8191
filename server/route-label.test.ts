import type { ServerBuild } from '@remix-run/node'
import type { Request } from 'express'
import { describe, expect, it } from 'vitest'

import { remixRouteLabeler } from './route-label'

/** The routes of the real build, as Remix lists them: flat, each naming its parent. */
const routes = {
  root: { id: 'root', path: '' },
  'routes/_index': { id: 'routes/_index', parentId: 'root', index: true },
  'routes/blog._index': { id: 'routes/blog._index', parentId: 'root', path: 'blog', index: true },
  'routes/blog.$slug': { id: 'routes/blog.$slug', parentId: 'root', path: 'blog/:slug' },
  'routes/blog.rss[.]xml': { id: 'routes/blog.rss[.]xml', parentId: 'root', path: 'blog/rss.xml' },
  'routes/contact': { id: 'routes/contact', parentId: 'root', path: 'contact' },
  'routes/media.$': { id: 'routes/media.$', parentId: 'root', path: 'media/*' },
  'routes/$': { id: 'routes/$', parentId: 'root', path: '*' },
}
const build = { routes } as unknown as ServerBuild
const label = remixRouteLabeler(() => build)

function request(path: string) {
  return { path } as unknown as Request
}

describe('remixRouteLabeler', () => {
  it.each([
    ['/', 'routes/_index'],
    ['/blog', 'routes/blog._index'],
    ['/blog/', 'routes/blog._index'],
    ['/blog/any-post-at-all', 'routes/blog.$slug'],
    ['/blog/rss.xml', 'routes/blog.rss[.]xml'],
    ['/contact', 'routes/contact'],
    ['/media/2025/03/photo.jpg', 'routes/media.$'],
    ['/wp-login.php', 'not-found'],
    ['/blog/a/b/c', 'not-found'],
  ])('%s is %s', (path, expected) => {
    expect(label(request(path))).toBe(expected)
  })

  it('labels a path of thousands of segments as the routes past their depth match it: splats', () => {
    expect(label(request(`/media${'/a'.repeat(3000)}/photo.jpg`))).toBe('routes/media.$')
    expect(label(request(`/blog${'/a'.repeat(3000)}`))).toBe('not-found')
  })

  it('labels a path asked again the same, and by the new build’s routes once it changes', () => {
    let current = build
    const labelOfBuild = remixRouteLabeler(() => current)
    expect(labelOfBuild(request('/contact'))).toBe('routes/contact')
    expect(labelOfBuild(request('/contact'))).toBe('routes/contact')
    const { 'routes/contact': _gone, ...rest } = routes
    current = { routes: rest } as unknown as ServerBuild
    expect(labelOfBuild(request('/contact'))).toBe('not-found')
  })

  it('labels every path right after a scan of more paths than it keeps', () => {
    for (let i = 0; i < 1_500; i++) label(request(`/probe-${i}.php`))
    expect(label(request('/blog/any-post-at-all'))).toBe('routes/blog.$slug')
    expect(label(request('/probe-1499.php'))).toBe('not-found')
  })

  it.each([
    ['/_root.data', 'routes/_index'],
    ['/contact.data', 'routes/contact'],
    ['/blog.data', 'routes/blog._index'],
    ['/blog/any-post-at-all.data', 'routes/blog.$slug'],
    ['/wp-login.php.data', 'not-found'],
  ])("labels a page's data request %s as its page, %s", (path, expected) => {
    expect(label(request(path))).toBe(expected)
  })

  it("labels Remix's route discovery as itself, not as an unknown address", () => {
    expect(label(request('/__manifest'))).toBe('route-manifest')
  })
})

import { describe, expect, it } from 'vitest'

import { isSafeMediaPath, siteImageUrl } from './sources.server'

const BACKEND = 'http://backend.internal:8000'

describe('siteImageUrl', () => {
  it.each([
    ['/media/post.svg', '/media/post.svg'],
    ['media/post.svg', '/media/post.svg'],
    ['/media/2025/03/post.png', '/media/2025/03/post.png'],
    [`${BACKEND}/media/post.jpg`, '/media/post.jpg'],
    ['https://cdn.example.com/a/b.webp', 'https://cdn.example.com/a/b.webp'],
    ['  https://cdn.example.com/padded.png  ', 'https://cdn.example.com/padded.png'],
  ])('gives %j as %j', (value, expected) => {
    expect(siteImageUrl(value, BACKEND)).toBe(expected)
  })

  it('resolves root-relative paths under a backend that has a path of its own', () => {
    expect(siteImageUrl('/media/a.png', 'https://api.example.com/v1')).toBe('/media/a.png')
  })

  it.each([
    ['no image', null],
    ['an empty string', ''],
    ['blank', '   '],
    ['another path on the backend', '/app/posts/'],
    ['traversal out of media', '/media/../app/posts/'],
    ['an http image elsewhere (blocked by the CSP)', 'http://cdn.example.com/a.png'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:image/svg+xml,<svg/>'],
    ['a protocol-relative URL', '//evil.example.com/a.png'],
  ])('gives null for %s', (_name, value) => {
    expect(siteImageUrl(value, BACKEND)).toBeNull()
  })
})

describe('isSafeMediaPath', () => {
  it.each(['a.svg', '2025/03/a_b-c.png', 'x'])('accepts %j', (path) => {
    expect(isSafeMediaPath(path)).toBe(true)
  })

  it.each([
    '',
    '../secret',
    'a/../../b',
    '.env',
    'a//b',
    'a b.png',
    '%2e%2e/x',
    'a\\b',
    'x'.repeat(600),
  ])('refuses %j', (path) => {
    expect(isSafeMediaPath(path)).toBe(false)
  })
})

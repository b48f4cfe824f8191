/**
 * Values the site's server may hand turbo-stream's `encode`, each with the bytes turbo-stream
 * 2.4.1 wrote for it before our patch (`<name>.stream` beside this file). The patch must write the
 * same bytes: a tab opened before a deploy, and a rollback, read the stream with the old decoder.
 */
import type { encode as Encode, EncodePlugin } from 'turbo-stream'

export type EncodeFixture = {
  value: () => unknown
  /** the encoder plugins of Remix's single fetch (same shapes as @remix-run/server-runtime's) */
  remixPlugins?: boolean
}

/** What @remix-run/server-runtime's single fetch passes `encode` (shapes only, production mode). */
export const REMIX_PLUGINS: { plugins: EncodePlugin[]; postPlugins: EncodePlugin[] } = {
  plugins: [
    (value) => {
      if (value instanceof Error) return ['SanitizedError', value.name, 'Unexpected Server Error']
      if (value && typeof value === 'object' && 'status' in value && 'statusText' in value) {
        const { data, status, statusText } = value as Record<string, unknown>
        return ['ErrorResponse', data, status, statusText]
      }
    },
  ],
  postPlugins: [
    (value) => {
      if (!value || typeof value !== 'object') return
      return ['SingleFetchClassInstance', Object.fromEntries(Object.entries(value))]
    },
    () => ['SingleFetchFallback'],
  ],
}

const DAY_MS = 86_400_000
const START_MS = Date.UTC(2026, 0, 5, 9, 30)
const TAGS = ['ai', 'voice', 'automation', 'plumbing', 'electricians', 'websites', 'seo']

/** A post list as the blog's loader returns it: repeated authors, tags and strings. */
function postList(count: number) {
  const authors = [
    { name: 'Sam Carter', role: 'Founder', avatar: '/images/authors/sam.avif' },
    { name: 'Priya Shah', role: 'Engineer', avatar: '/images/authors/priya.avif' },
  ]
  const posts = Array.from({ length: count }, (_, i) => ({
    slug: `post-${i}-${'how-to-'.repeat(i % 3)}grow-a-trade-business`,
    title: `Post ${i}: “Quotes”, <tags> & line\nbreaks — ünïcödé ${'🔧'.repeat(i % 2)}`,
    excerpt: `A short preview of post ${i}. `.repeat(1 + (i % 4)),
    publishedAt: new Date(START_MS + i * DAY_MS).toISOString(),
    displayDate: `${(i % 28) + 1} January 2026`,
    readingMinutes: 3 + (i % 9),
    author: authors[i % authors.length],
    tags: TAGS.filter((_, t) => (i + t) % 3 === 0),
    image:
      i % 5 === 0
        ? null
        : { src: `/images/post-${i}.avif`, width: 1280, height: 720, alt: `Cover of post ${i}` },
    featured: i % 7 === 0,
  }))
  return { posts, total: count, page: 1, query: undefined }
}

/** A value nested `depth` levels, alternating objects and arrays. */
function nested(depth: number) {
  let value: unknown = { leaf: true }
  for (let i = 0; i < depth; i++) value = i % 2 ? [i, value] : { level: i, child: value }
  return value
}

function withCycles() {
  const root: Record<string, unknown> = { name: 'root' }
  const child = { parent: root, name: 'child' }
  root.child = child
  root.self = root
  root.list = [child, child, root]
  return root
}

function holes() {
  const array: unknown[] = [1]
  array[3] = 'three'
  array[5] = undefined
  return { array, empty: new Array(2) }
}

function errors() {
  const named = new Error('a custom error')
  named.name = 'CustomError'
  return [
    new Error('plain'),
    new TypeError('type'),
    new RangeError('range'),
    named,
    new Error('with "quotes" and\nnewline'),
  ]
}

export const ENCODE_FIXTURES: Record<string, EncodeFixture> = {
  'primitives-root-string': { value: () => 'hello\n"world"' },
  'primitives-root-undefined': { value: () => undefined },
  'primitives-root-null': { value: () => null },
  'primitives-root-negative-zero': { value: () => -0 },
  'special-numbers': {
    value: () => [undefined, null, NaN, -0, 0, Infinity, -Infinity, 1.5, -42, Number.MAX_VALUE],
  },
  'objects-and-arrays': {
    value: () => ({
      a: 1,
      b: 'two',
      c: [true, false, { d: [[], {}, [[1], [2, [3]]]] }],
      e: { f: { g: { h: 'deep' } } },
      'key with "quotes"': 'value',
      _underscore: 1,
      1: 'numeric key',
      empty: '',
    }),
  },
  'repeated-strings-and-numbers': {
    value: () => ({ x: 'same', y: 'same', z: ['same', 7, 7, 'x', 'y'], w: 7 }),
  },
  'repeated-references-and-cycles': { value: withCycles },
  holes: { value: holes },
  'null-prototype-object': {
    value: () => Object.assign(Object.create(null) as object, { a: 1, b: { c: 2 } }),
  },
  dates: {
    value: () => [new Date(0), new Date(START_MS), new Date(-DAY_MS), new Date(Number.NaN)],
  },
  'maps-and-sets': {
    value: () => {
      const shared = { shared: true }
      return {
        map: new Map<unknown, unknown>([
          ['a', 1],
          [shared, new Set([1, 'two', shared])],
          [2, new Map([[new Date(START_MS), 'date key']])],
        ]),
        set: new Set([shared, 'x', [1, 2]]),
        emptyMap: new Map(),
        emptySet: new Set(),
      }
    },
  },
  bigint: { value: () => ({ small: 1n, big: 2n ** 100n, negative: -123n }) },
  'url-and-regexp': {
    value: () => ({
      url: new URL('https://example.com/a path?q=1&r=ü#frag'),
      regexp: /^a"b\/c[\s\d]+$/giu,
      empty: new RegExp(''),
    }),
  },
  errors: { value: errors },
  symbols: {
    value: () => ({
      a: Symbol.for('app.key'),
      b: [Symbol.for('app.other'), Symbol.for('app.key')],
    }),
  },
  promises: {
    value: () => {
      const shared = { shared: 'value' }
      return {
        resolved: Promise.resolve({ ok: true, shared }),
        rejected: Promise.reject(new TypeError('bad')),
        rejectedWithString: Promise.reject('not an error'),
        toUndefined: Promise.resolve(undefined),
        toSeenValue: Promise.resolve(shared),
        nested: Promise.resolve({ inner: Promise.resolve([1, 2, 3]) }),
        later: new Promise((resolve) => setTimeout(() => resolve('later'), 5)),
        shared,
      }
    },
  },
  'nested-200': { value: () => nested(200) },
  'blog-post-list': { value: () => postList(12) },
  // Over 6,000 values: the patched encoder pauses for the event loop inside it.
  'blog-post-list-1000': { value: () => postList(1000) },
  'remix-loader-payload': {
    remixPlugins: true,
    value: () => ({
      root: { data: { year: 2026, toast: null, env: { SITE_URL: 'https://example.com' } } },
      'routes/blog._index': { data: postList(3) },
      'routes/blog.$slug': {
        error: { status: 404, statusText: 'Not Found', data: 'No post called "x"' },
      },
      'routes/contact': { error: new Error('secret detail') },
      deferred: {
        data: { slow: Promise.resolve(postList(2)), failing: Promise.reject(new Error('x')) },
      },
    }),
  },
  'remix-post-plugins': {
    remixPlugins: true,
    value: () => {
      class Point {
        constructor(
          public x: number,
          public y: number,
        ) {}
      }
      return { point: new Point(1, 2), fn: () => 1, symbol: Symbol('local') }
    },
  },
}

/** Everything `encode` writes for a fixture, as text. */
export async function encodeFixture(encode: typeof Encode, fixture: EncodeFixture) {
  const stream = encode(fixture.value(), fixture.remixPlugins ? REMIX_PLUGINS : undefined)
  return new Response(stream).text()
}

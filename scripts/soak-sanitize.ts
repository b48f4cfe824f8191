/**
 * Memory soak for the post sanitiser: sanitises many ~20 KB posts one after another, the way
 * first views of posts do, and reports the heap after garbage collection every `batch` posts.
 * isomorphic-dompurify can keep parsed documents until its jsdom window is replaced; this shows
 * the heap stays flat because the sanitiser replaces the window once documents stop coming.
 *
 *   npx tsx scripts/soak-sanitize.ts [posts=2000] [batch=20]
 */
import url from 'node:url'
import v8 from 'node:v8'
import vm from 'node:vm'

import { sanitizeHtml } from '../app/blog/sanitize.server'
import { fixturePosts, hostilePosts } from '../mocks/fixtures/posts'

const TARGET_POST_BYTES = 20_000

/** A realistic long post: fixture content, a hostile sample and a serial so none are equal. */
export function samplePost(serial: number) {
  const parts = [...fixturePosts.map((post) => post.content), String(hostilePosts[0]!.content)]
  let html = `<p>Post ${serial}</p>`
  for (let i = serial; html.length < TARGET_POST_BYTES; i += 1) html += parts[i % parts.length]
  return html
}

const collectGarbage: () => void = (() => {
  v8.setFlagsFromString('--expose-gc')
  return vm.runInNewContext('gc') as () => void
})()

export async function heapAfterGcMb() {
  // clearWindow() lets the old window go once the event loop has turned.
  await new Promise((resolve) => setTimeout(resolve, 10))
  collectGarbage()
  collectGarbage()
  return process.memoryUsage().heapUsed / 1024 / 1024
}

export const SOAK_OPTIONS = {
  siteUrl: 'https://www.example.com',
  resolveImage: (src: string) => ({ url: src }),
  resolveMedia: (src: string) => src,
}

/** Sanitises `count` posts from `first` on, with a turn of the event loop after each, as requests give. */
export async function sanitizeOneByOne(first: number, count: number) {
  const results: string[] = []
  for (let serial = first; serial < first + count; serial += 1) {
    results.push(sanitizeHtml(samplePost(serial), SOAK_OPTIONS))
    await new Promise((resolve) => setImmediate(resolve))
  }
  return results
}

/** Sanitises `posts` posts; returns the heap after every `batchSize` of them, in MB. */
export async function soakSanitiser({ posts, batchSize }: { posts: number; batchSize: number }) {
  const samples: number[] = []
  for (let start = 0; start < posts; start += batchSize) {
    await sanitizeOneByOne(start, Math.min(batchSize, posts - start))
    samples.push(await heapAfterGcMb())
  }
  return samples
}

const isMain = process.argv[1] && url.pathToFileURL(process.argv[1]).href === import.meta.url
if (isMain) {
  const posts = Number(process.argv[2] ?? 2000)
  const batchSize = Number(process.argv[3] ?? 20)
  const started = performance.now()
  const before = await heapAfterGcMb()
  const samples = await soakSanitiser({ posts, batchSize })
  const seconds = (performance.now() - started) / 1000
  const every = Math.max(1, Math.floor(samples.length / 10))
  console.log(
    `sanitised ${posts} posts of ~20 KB, heap sampled every ${batchSize}, in ${seconds.toFixed(1)} s`,
  )
  console.log(`heap after gc: before ${before.toFixed(1)} MB`)
  samples.forEach((mb, index) => {
    if (index % every === 0 || index === samples.length - 1) {
      console.log(`  after ${Math.min((index + 1) * batchSize, posts)} posts: ${mb.toFixed(1)} MB`)
    }
  })
  const growth = samples.at(-1)! - samples[0]!
  console.log(`growth from the first batch to the last: ${growth.toFixed(1)} MB`)
}

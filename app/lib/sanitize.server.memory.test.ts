import { describe, expect, it } from 'vitest'

import { heapAfterGcMb, samplePost } from '../../scripts/soak-sanitize'

import { sanitizeHtmlBatch } from './sanitize.server'

const options = { siteUrl: 'https://www.example.com', resolveImageSrc: (src: string) => src }
const BATCHES = 3
const POSTS_PER_BATCH = 30

/**
 * A smaller version of scripts/soak-sanitize.ts. Each ~20 KB post costs jsdom about 1 MB until
 * the event loop turns, so a sanitiser that ran a whole list without yielding would grow the
 * heap by tens of MB per list and keep every request waiting meanwhile.
 */
describe('sanitizeHtmlBatch memory', () => {
  it('keeps the heap flat across lists and lets the event loop run during one', async () => {
    await sanitizeHtmlBatch([samplePost(0)], options)
    const baseline = await heapAfterGcMb()

    const duringBatch: number[] = []
    let sampling = false
    const sampler = setInterval(() => {
      if (sampling) return
      sampling = true
      // Measured between two documents, while the batch is still running.
      void heapAfterGcMb().then((mb) => {
        duringBatch.push(mb)
        sampling = false
      })
    }, 250)

    const afterBatch: number[] = []
    try {
      for (let batch = 0; batch < BATCHES; batch += 1) {
        const posts = Array.from({ length: POSTS_PER_BATCH }, (_, i) =>
          samplePost(batch * POSTS_PER_BATCH + i + 1),
        )
        const results = await sanitizeHtmlBatch(posts, options)
        expect(results).toHaveLength(POSTS_PER_BATCH)
        afterBatch.push(await heapAfterGcMb())
      }
    } finally {
      clearInterval(sampler)
    }

    expect(duringBatch.length).toBeGreaterThanOrEqual(BATCHES * 2)
    expect(Math.max(...duringBatch) - baseline).toBeLessThan(15)
    expect(afterBatch.at(-1)! - baseline).toBeLessThan(10)
  }, 90_000)
})

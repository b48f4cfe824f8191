import { describe, expect, it } from 'vitest'

import { heapAfterGcMb, sanitizeOneByOne } from '../../scripts/soak-sanitize'

const BATCHES = 3
/** A window's worth: the window is replaced after every 25 posts. */
const POSTS_PER_BATCH = 25

/**
 * A smaller version of scripts/soak-sanitize.ts. jsdom can keep each parsed ~20 KB post (about
 * 1 MB) alive until its window is replaced, so a sanitiser that never released the window would
 * grow the heap by tens of MB here.
 */
describe('sanitizeHtml memory', () => {
  it('keeps the heap flat over many posts sanitised one after another', async () => {
    await sanitizeOneByOne(0, 1)
    const baseline = await heapAfterGcMb()

    const duringBatch: number[] = []
    let sampling = false
    const sampler = setInterval(() => {
      if (sampling) return
      sampling = true
      // Measured between two documents, while posts are still being sanitised.
      void heapAfterGcMb().then((mb) => {
        duringBatch.push(mb)
        sampling = false
      })
    }, 250)

    const afterBatch: number[] = []
    try {
      for (let batch = 0; batch < BATCHES; batch += 1) {
        const results = await sanitizeOneByOne(batch * POSTS_PER_BATCH + 1, POSTS_PER_BATCH)
        expect(results).toHaveLength(POSTS_PER_BATCH)
        afterBatch.push(await heapAfterGcMb())
      }
    } finally {
      clearInterval(sampler)
    }

    expect(duringBatch.length).toBeGreaterThanOrEqual(BATCHES * 2)
    expect(Math.max(...duringBatch) - baseline).toBeLessThan(15)
    expect(afterBatch.at(-1)! - baseline).toBeLessThan(10)
  }, 240_000)
})

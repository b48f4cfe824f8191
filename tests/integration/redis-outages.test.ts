/**
 * The enquiry's shared state in Redis (the rate limit and the duplicate memory, as the server
 * builds them) when Redis answers, stalls, dies or starts late: an enquiry is never held up longer than the
 * store's one-second wait nor lost, and both stores work again once Redis answers.
 */
import { describe, expect, it } from 'vitest'

import { createDuplicateMemory } from '../../server/duplicate-memory'
import { createRateLimiter } from '../../server/rate-limit'
import { startRedis } from '../support/redis'
import { freePort } from '../support/stack'

/** The stores' own wait for Redis (their default), and what a test allows on top of it. */
const STORE_TIMEOUT_MS = 1000
const SLACK_MS = 500

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Both stores on one Redis, telling their failures where a test reads them. */
function storesOn(url: string) {
  const lines: string[] = []
  let storeErrors = 0
  const log = (_level: string, msg: string) => void lines.push(msg)
  const prefix = `test:${Date.now()}:${Math.random()}:`
  const onRedis = { redisUrl: url, log }
  const limiter = createRateLimiter({
    ...onRedis,
    max: 2,
    windowS: 60,
    prefix: `rl:${prefix}`,
    metrics: { countRateLimitStoreError: () => void storeErrors++ },
  })
  const memory = createDuplicateMemory({
    ...onRedis,
    windowS: 600,
    pendingMs: 2000,
    prefix: `dup:${prefix}`,
  })
  return {
    limiter,
    memory,
    lines,
    storeErrors: () => storeErrors,
    close: () => Promise.all([limiter.close(), memory.close()]),
  }
}

/** What a promise settles to, and how long it took. */
async function timed<T>(promise: Promise<T>) {
  const started = performance.now()
  const value = await promise
  return { value, ms: performance.now() - started }
}

/** Three hits on a new key: the limit of two lets two through. */
async function limitedOfThree(stores: ReturnType<typeof storesOn>, key: string) {
  const decisions = []
  for (let hit = 0; hit < 3; hit++) decisions.push((await stores.limiter.hit(key)).limited)
  return decisions
}

/** A new fingerprint forwarded once, then sent again. */
async function statusesOfForwardedTwice(stores: ReturnType<typeof storesOn>, fingerprint: string) {
  const first = await stores.memory.claim(fingerprint)
  if (first.status === 'claimed') await first.settle(true)
  const second = await stores.memory.claim(fingerprint)
  return [first.status, second.status]
}

/**
 * Asks both stores (each has its own connection, reconnecting on its own) until both answer from
 * Redis, for at most 15 s.
 */
async function untilRedisAnswers(stores: ReturnType<typeof storesOn>) {
  const deadline = Date.now() + 15_000
  for (let attempt = 0; ; attempt++) {
    const [errorsBefore, linesBefore] = [stores.storeErrors(), stores.lines.length]
    await stores.limiter.hit(`probe-${attempt}`)
    const claim = await stores.memory.claim(`probe-${attempt}`)
    if (claim.status === 'claimed') await claim.settle(false)
    const memoryFailed = stores.lines.slice(linesBefore).includes('duplicate memory unavailable')
    if (stores.storeErrors() === errorsBefore && !memoryFailed) return
    expect(Date.now()).toBeLessThan(deadline)
    await sleep(250)
  }
}

/** Both stores answer without Redis, within their wait, and say so in the log. */
async function expectAnsweredWithoutRedis(stores: ReturnType<typeof storesOn>) {
  const hit = await timed(stores.limiter.hit('203.0.113.7'))
  expect(hit.value).toEqual({ limited: false })
  expect(hit.ms).toBeLessThan(STORE_TIMEOUT_MS + SLACK_MS)
  const claim = await timed(stores.memory.claim('a'))
  expect(claim.value.status).toBe('claimed')
  expect(claim.ms).toBeLessThan(STORE_TIMEOUT_MS + SLACK_MS)
  expect(stores.lines).toContain('rate limit store unavailable')
  expect(stores.lines).toContain('duplicate memory unavailable')
}

/** Both stores work through Redis: the limit counts and a forwarded enquiry is remembered. */
async function expectWorkingThroughRedis(stores: ReturnType<typeof storesOn>) {
  expect(await limitedOfThree(stores, 'after')).toEqual([false, false, true])
  expect(await statusesOfForwardedTwice(stores, 'c')).toEqual(['claimed', 'duplicate'])
}

/** A Redis of its own with both stores on it, for `run`; all closed after, whatever happened. */
async function onNewRedis(
  run: (
    stores: ReturnType<typeof storesOn>,
    redis: Awaited<ReturnType<typeof startRedis>>,
  ) => Promise<void>,
) {
  const redis = await startRedis()
  const stores = storesOn(redis.url)
  try {
    await run(stores, redis)
  } finally {
    await stores.close()
    await redis.stop()
  }
}

describe("the enquiry's shared state in Redis", () => {
  it('counts and remembers through Redis while it answers', async () => {
    await onNewRedis(async (stores) => {
      expect(await limitedOfThree(stores, '203.0.113.7')).toEqual([false, false, true])
      expect(await statusesOfForwardedTwice(stores, 'a')).toEqual(['claimed', 'duplicate'])
      const failed = await stores.memory.claim('b')
      if (failed.status === 'claimed') await failed.settle(false)
      expect((await stores.memory.claim('b')).status).toBe('claimed')
      expect(stores.lines).toEqual([])
    })
  })

  it('lets enquiries through within a second while Redis stalls, and uses it again after', async () => {
    await onNewRedis(async (stores, redis) => {
      expect(await limitedOfThree(stores, 'before')).toEqual([false, false, true])
      redis.pause()
      await expectAnsweredWithoutRedis(stores)
      expect(stores.storeErrors()).toBe(1)

      // Longer than the Redis client's own command timeout (5 s): still one second a request.
      await sleep(4_000)
      const later = await timed(stores.limiter.hit('203.0.113.8'))
      expect(later.value).toEqual({ limited: false })
      expect(later.ms).toBeLessThan(STORE_TIMEOUT_MS + SLACK_MS)

      redis.resume()
      const errorsBefore = stores.storeErrors()
      await expectWorkingThroughRedis(stores)
      expect(stores.storeErrors()).toBe(errorsBefore)
    })
  })

  it('lets enquiries through when Redis dies, and uses it again once it is back', async () => {
    await onNewRedis(async (stores, redis) => {
      expect(await limitedOfThree(stores, 'before')).toEqual([false, false, true])
      await redis.kill()
      await expectAnsweredWithoutRedis(stores)

      // A new, empty Redis on the same address: the client reconnects (backing off up to 5 s)
      // and the rate limit loads its script again.
      const restarted = await startRedis(redis.port)
      try {
        await untilRedisAnswers(stores)
        await expectWorkingThroughRedis(stores)
      } finally {
        await restarted.stop()
      }
    })
  })

  it('uses a Redis that comes up after the stores were made', async () => {
    const port = await freePort()
    const stores = storesOn(`redis://127.0.0.1:${port}`)
    let redis: Awaited<ReturnType<typeof startRedis>> | undefined
    try {
      expect(await stores.limiter.hit('203.0.113.7')).toEqual({ limited: false })
      expect((await stores.memory.claim('a')).status).toBe('claimed')
      expect(stores.lines).toContain('rate limit store unavailable')
      redis = await startRedis(port)
      await untilRedisAnswers(stores)
      await expectWorkingThroughRedis(stores)
    } finally {
      await stores.close()
      await redis?.stop()
    }
  })
  it('closes within a second while Redis stalls, so that it holds up no shutdown', async () => {
    const redis = await startRedis()
    const stores = storesOn(redis.url)
    try {
      await stores.limiter.hit('203.0.113.7')
      await stores.memory.claim('a')
      redis.pause()
      // Sent, and never answered: the client's own close would wait for these answers.
      await stores.limiter.hit('203.0.113.8')
      await stores.memory.claim('b')
      const closed = await timed(
        Promise.race([stores.close().then(() => 'closed'), sleep(5_000).then(() => 'waiting')]),
      )
      expect(closed.value).toBe('closed')
      expect(closed.ms).toBeLessThan(STORE_TIMEOUT_MS + SLACK_MS)
    } finally {
      await redis.stop()
    }
  })
})

import { describe, expect, it } from 'vitest'

import { startMockBackend } from '../../mocks/backend'
import { createRateLimiter } from '../../server/rate-limit'
import { uniqueEnquiry } from '../support/enquiry'
import { startRedis } from '../support/redis'
import { startServer } from '../support/stack'
import { startedForTests } from '../support/started-for-tests'

const redis = startedForTests(startRedis)

/** Where a limiter tells its store's failures: the server hands it the app's log and metrics. */
function told() {
  const lines: string[] = []
  let storeErrors = 0
  return {
    log: (_level: string, msg: string) => void lines.push(msg),
    metrics: { countRateLimitStoreError: () => void storeErrors++ },
    lines,
    storeErrors: () => storeErrors,
  }
}

describe('the enquiry rate limit', () => {
  it('is shared by every instance that uses the same Redis', async () => {
    const options = {
      max: 3,
      windowS: 60,
      redisUrl: redis().url,
      prefix: `test:${Date.now()}:`,
      ...told(),
    }
    const first = createRateLimiter(options)
    const second = createRateLimiter(options)
    try {
      const decisions = []
      for (const limiter of [first, second, first, second])
        decisions.push(await limiter.hit('203.0.113.7'))
      expect(decisions.map((decision) => decision.limited)).toEqual([false, false, false, true])
      expect(decisions[3]).toMatchObject({ limited: true, retryAfterS: expect.any(Number) })
      expect(await first.hit('198.51.100.1')).toEqual({ limited: false })
    } finally {
      await first.close()
      await second.close()
    }
  })

  it('is per instance without Redis', async () => {
    const first = createRateLimiter({ max: 1, windowS: 60, prefix: 'm:', ...told() })
    const second = createRateLimiter({ max: 1, windowS: 60, prefix: 'm:', ...told() })
    try {
      expect(await first.hit('203.0.113.7')).toEqual({ limited: false })
      expect((await first.hit('203.0.113.7')).limited).toBe(true)
      expect(await second.hit('203.0.113.7')).toEqual({ limited: false })
    } finally {
      await first.close()
      await second.close()
    }
  })

  it('lets enquiries through, rather than losing them, when Redis is down, and says so', async () => {
    const failures = told()
    const limiter = createRateLimiter({
      max: 1,
      windowS: 60,
      redisUrl: 'redis://127.0.0.1:9',
      prefix: 'x:',
      ...failures,
    })
    try {
      const decision = await Promise.race([
        limiter.hit('203.0.113.7'),
        new Promise((resolve) => setTimeout(() => resolve('timed out'), 5000)),
      ])
      expect(decision).toEqual({ limited: false })
      expect(failures.lines).toContain('rate limit store unavailable')
      expect(failures.storeErrors()).toBe(1)
    } finally {
      await limiter.close()
    }
  })
})

describe('two production instances behind one load balancer', () => {
  it('share the enquiry limit through REDIS_URL, and forward only what the limit allows', async () => {
    const backend = await startMockBackend({ quiet: true })
    const env = { BACKEND_URL: backend.url, REDIS_URL: redis().url, CONTACT_RATE_LIMIT: '2/60' }
    // Started together: one after the other, on a busy 2-core machine, they alone could take most
    // of the test's time.
    const starts = await Promise.allSettled([startServer(env), startServer(env)])
    const instances = starts.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []))
    if (instances.length < starts.length) {
      await Promise.all(instances.map((instance) => instance.stop()))
      await backend.close()
      throw starts.find((start) => start.status === 'rejected')!.reason
    }
    try {
      const statuses = []
      for (const instance of [...instances, ...instances]) {
        const response = await fetch(`${instance.url}/contact`, {
          method: 'POST',
          // A new enquiry each time: a repeat is answered as sent without being counted.
          body: new URLSearchParams(uniqueEnquiry()),
          headers: { 'x-forwarded-for': '198.51.100.23' },
          redirect: 'manual',
        })
        statuses.push(response.status)
      }
      expect(statuses).toEqual([303, 303, 429, 429])
      const received = await (await fetch(`${backend.url}/__mock/enquiries`)).json()
      expect(received).toHaveLength(2)
    } finally {
      await Promise.all(instances.map((instance) => instance.stop()))
      await backend.close()
    }
  }, 60_000)
})

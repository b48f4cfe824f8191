import { ipKeyGenerator, MemoryStore, type Options, type Store } from 'express-rate-limit'
import { RedisStore } from 'rate-limit-redis'

import type { Log, Metrics } from './app-entry'
import { connectRedis, withTimeout, type SharedStoreOptions } from './redis'

export type RateLimitDecision = { limited: false } | { limited: true; retryAfterS: number }

/**
 * Counts one event for a key, a client's address (IPv6 counted by its /56, as one home or office
 * is given), and says whether the key is over its limit for the window.
 */
export type RateLimiter = {
  hit(key: string): Promise<RateLimitDecision>
  close(): Promise<void>
}

type RateLimiterOptions = SharedStoreOptions & {
  max: number
  windowS: number
  metrics: Pick<Metrics, 'countRateLimitStoreError'>
}

/**
 * express-rate-limit's stores, used directly: an enquiry is counted only once it is valid,
 * which a middleware in front of the route cannot know.
 */
export function createRateLimiter({
  max,
  windowS,
  redisUrl,
  prefix,
  storeTimeoutMs = 1000,
  log,
  metrics,
}: RateLimiterOptions): RateLimiter {
  const windowMs = windowS * 1000
  const backend = redisUrl ? redisBackend(redisUrl, prefix, log) : memoryBackend()
  let ready: Promise<Store> | undefined

  // The store is built (and its scripts loaded) once; a failed attempt is retried on the next hit.
  function store() {
    if (!ready) {
      const attempt = backend.build().then(async (built) => {
        await built.init?.({ windowMs } as Options)
        return built
      })
      attempt.catch(() => {
        if (ready === attempt) ready = undefined
      })
      ready = attempt
    }
    return ready
  }

  return {
    async hit(key) {
      try {
        const { totalHits, resetTime } = await withTimeout(
          store().then((resolved) => resolved.increment(ipKeyGenerator(key, 56))),
          storeTimeoutMs,
        )
        if (totalHits <= max) return { limited: false }
        const retryAfterMs = resetTime ? resetTime.getTime() - Date.now() : windowMs
        return { limited: true, retryAfterS: Math.max(1, Math.ceil(retryAfterMs / 1000)) }
      } catch (error) {
        // A lost enquiry costs more than an unthrottled one: fail open, loudly.
        log('error', 'rate limit store unavailable', { reason: (error as Error).message })
        metrics.countRateLimitStoreError()
        return { limited: false }
      }
    },
    close: backend.close,
  }
}

function memoryBackend() {
  const memory = new MemoryStore()
  return { build: async (): Promise<Store> => memory, close: async () => memory.shutdown() }
}

function redisBackend(redisUrl: string, prefix: string, log: Log) {
  const redis = connectRedis(redisUrl, log)
  return {
    build: async (): Promise<Store> => {
      await redis.connected
      return new RedisStore({
        prefix,
        sendCommand: (...args: string[]) => redis.client.sendCommand(args),
      })
    },
    close: redis.close,
  }
}

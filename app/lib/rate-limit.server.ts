import { MemoryStore, type Options, type Store } from 'express-rate-limit'
import { RedisStore } from 'rate-limit-redis'
import { createClient } from 'redis'

import { log } from './log.server'

export type RateLimitDecision = { limited: false } | { limited: true; retryAfterS: number }

/** Counts one event for a key and says whether the key is over its limit for the window. */
export type RateLimiter = {
  hit(key: string): Promise<RateLimitDecision>
  close(): Promise<void>
}

type RateLimiterOptions = { max: number; windowS: number; redisUrl?: string; prefix: string }

/**
 * express-rate-limit's stores, used directly: an enquiry is counted only once it is valid,
 * which a middleware in front of the route cannot know.
 */
export function createRateLimiter({
  max,
  windowS,
  redisUrl,
  prefix,
}: RateLimiterOptions): RateLimiter {
  const windowMs = windowS * 1000
  let store: Store
  let close = async () => {}
  if (redisUrl) {
    const client = createClient({ url: redisUrl })
    client.on('error', (error: Error) => log('warn', 'redis error', { reason: error.message }))
    const connected = client.connect()
    store = new RedisStore({
      prefix,
      sendCommand: async (...args: string[]) => {
        await connected
        return client.sendCommand(args) as Promise<number>
      },
    })
    close = async () => {
      await connected.catch(() => {})
      await client.close().catch(() => {})
    }
  } else {
    const memory = new MemoryStore()
    store = memory
    close = async () => memory.shutdown()
  }
  store.init?.({ windowMs } as Options)

  return {
    async hit(key) {
      try {
        const { totalHits, resetTime } = await store.increment(key)
        if (totalHits <= max) return { limited: false }
        const retryAfterMs = resetTime ? resetTime.getTime() - Date.now() : windowMs
        return { limited: true, retryAfterS: Math.max(1, Math.ceil(retryAfterMs / 1000)) }
      } catch (error) {
        // A lost enquiry costs more than an unthrottled one: fail open, loudly.
        log('error', 'rate limit store unavailable', { reason: (error as Error).message })
        return { limited: false }
      }
    },
    close,
  }
}

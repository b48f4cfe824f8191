import { createClient } from 'redis'

import type { Log } from './app-entry'

/** Where a store of the enquiry's shared state keeps it, and how long it waits for it. */
export type SharedStoreOptions = {
  /** Redis, shared by every instance; without it the state is this process's own */
  redisUrl?: string
  /** what the store's keys start with */
  prefix: string
  /** how long to wait for Redis before letting the enquiry through */
  storeTimeoutMs?: number
  /** where the store's failures are told */
  log: Log
}

/** How long a closing connection waits for Redis to answer what it has sent. */
const CLOSE_TIMEOUT_MS = 1000

/**
 * A Redis client for state that every instance shares (the enquiry rate limit and duplicate
 * memory). It connects in the background and keeps reconnecting; callers treat a command that
 * fails or does not answer in time as "Redis is down" and let the enquiry through.
 */
export function connectRedis(redisUrl: string, log: Log) {
  // RESP3, the client's default since redis 6, needs Redis 6 or newer; the replies our commands
  // read (OK, a string, null, the rate limit script's two integers) are the same as in RESP2.
  const client = createClient({
    url: redisUrl,
    socket: {
      connectTimeout: 2000,
      reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 5000),
    },
  })
  client.on('error', (error: Error) => log('warn', 'redis error', { reason: error.message }))
  const connected = client.connect()
  // Failures surface in the commands that wait for the connection.
  connected.catch(() => undefined)
  return {
    client,
    connected,
    close: async () => {
      // The client's close waits for the answers to what it has sent, which a stalled Redis never
      // gives: a shutdown would then never end.
      if (client.isReady)
        await withTimeout(client.close(), CLOSE_TIMEOUT_MS).catch(() => client.destroy())
      else if (client.isOpen) client.destroy()
    },
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
    promise.then(resolve, reject).finally(() => clearTimeout(timer))
  })
}

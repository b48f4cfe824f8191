import { connectRedis, withTimeout, type SharedStoreOptions } from './redis'

/**
 * `duplicate`: the same enquiry was forwarded within the window. `claimed`: this request forwards
 * it and must `settle` with the outcome; an identical request arriving meanwhile waits for it.
 */
export type DuplicateClaim =
  { status: 'duplicate' } | { status: 'claimed'; settle: (wasForwarded: boolean) => Promise<void> }

/** Remembers which enquiries were forwarded, by fingerprint, for a window. */
export type DuplicateMemory = {
  claim(fingerprint: string): Promise<DuplicateClaim>
  close(): Promise<void>
}

type DuplicateMemoryOptions = SharedStoreOptions & {
  windowS: number
  /** the longest a forward can take: an identical request waits at most this long for it */
  pendingMs: number
}

const RETRY_PENDING_MS = 100
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A key per forwarded enquiry with the window as its TTL: in Redis when `redisUrl` is set (shared
 * by every instance), else in this process. Redis that does not answer lets enquiries through.
 */
export function createDuplicateMemory(options: DuplicateMemoryOptions): DuplicateMemory {
  return options.redisUrl
    ? redisMemory({ ...options, redisUrl: options.redisUrl })
    : processMemory(options)
}

function processMemory({ windowS, pendingMs }: DuplicateMemoryOptions): DuplicateMemory {
  type Entry = { sentUntil: number } | { pending: Promise<void> }
  const entries = new Map<string, Entry>()

  function forgetExpired(now: number) {
    // Entries are kept in the order they were claimed, so the expired ones come first.
    for (const [key, entry] of entries) {
      if ('pending' in entry || entry.sentUntil > now) break
      entries.delete(key)
    }
  }

  return {
    async claim(fingerprint) {
      const deadline = Date.now() + pendingMs
      for (;;) {
        forgetExpired(Date.now())
        const entry = entries.get(fingerprint)
        if (entry && 'sentUntil' in entry && entry.sentUntil > Date.now()) {
          return { status: 'duplicate' }
        }
        if (!entry || !('pending' in entry) || Date.now() > deadline) break
        await Promise.race([entry.pending, sleep(Math.max(0, deadline - Date.now()))])
      }
      let release: (() => void) | undefined
      const pending = new Promise<void>((resolve) => (release = resolve))
      entries.delete(fingerprint)
      entries.set(fingerprint, { pending })
      return {
        status: 'claimed',
        settle: async (wasForwarded) => {
          entries.delete(fingerprint)
          if (wasForwarded) entries.set(fingerprint, { sentUntil: Date.now() + windowS * 1000 })
          release?.()
        },
      }
    },
    close: async () => entries.clear(),
  }
}

const PENDING = 'pending'
const SENT = 'sent'

function redisMemory({
  windowS,
  pendingMs,
  redisUrl,
  prefix,
  storeTimeoutMs = 1000,
  log,
}: DuplicateMemoryOptions & { redisUrl: string }): DuplicateMemory {
  const redis = connectRedis(redisUrl, log)
  const command = async (args: string[]): Promise<unknown> => {
    await withTimeout(redis.connected, storeTimeoutMs)
    return withTimeout(redis.client.sendCommand(args), storeTimeoutMs)
  }

  // A lost lead costs more than a duplicate one: on any Redis failure the enquiry goes through.
  function unavailable(error: unknown): DuplicateClaim {
    log('error', 'duplicate memory unavailable', { reason: (error as Error).message })
    return { status: 'claimed', settle: async () => undefined }
  }

  return {
    async claim(fingerprint) {
      const key = `${prefix}${fingerprint}`
      const deadline = Date.now() + pendingMs
      try {
        for (;;) {
          // Taken only if nobody holds the key; it expires on its own should this instance die.
          const taken = await command(['SET', key, PENDING, 'NX', 'PX', String(pendingMs)])
          if (taken === 'OK') break
          const state = await command(['GET', key])
          if (state === SENT) return { status: 'duplicate' }
          if (Date.now() > deadline) break
          await sleep(RETRY_PENDING_MS)
        }
      } catch (error) {
        return unavailable(error)
      }
      return {
        status: 'claimed',
        settle: async (wasForwarded) => {
          try {
            await command(wasForwarded ? ['SET', key, SENT, 'EX', String(windowS)] : ['DEL', key])
          } catch (error) {
            log('error', 'duplicate memory unavailable', { reason: (error as Error).message })
          }
        },
      }
    },
    close: redis.close,
  }
}

export type LoadResult<T, E> = { status: 'success'; value: T } | { status: 'error'; error: E }

type Options<T, E> = {
  /** Fetches a fresh value; failures are returned, never thrown. */
  load: () => Promise<LoadResult<T, E>>
  /** How long a loaded value is fresh. After that it is still served while a refresh runs. */
  ttlMs: number
  /** The clock, replaceable in tests. */
  now?: () => number
}

/**
 * A value kept in memory and refreshed in the background (stale-while-revalidate):
 * - the first callers wait for one shared load; a failure reaches them and nothing is kept;
 * - later callers get the kept value at once; when it is stale one background load replaces it;
 * - when a refresh fails the last good value stays, and counts as fresh for another TTL so a
 *   failing source is not asked again on every request.
 */
export function createCachedResource<T, E>({ load, ttlMs, now = Date.now }: Options<T, E>) {
  let kept: { value: T; freshUntil: number } | undefined
  let inFlight: Promise<LoadResult<T, E>> | undefined

  function refresh() {
    inFlight ??= load()
      .then((result) => {
        if (result.status === 'success') kept = { value: result.value, freshUntil: now() + ttlMs }
        else if (kept) kept.freshUntil = now() + ttlMs
        return result
      })
      .finally(() => {
        inFlight = undefined
      })
    return inFlight
  }

  return {
    async get(): Promise<LoadResult<T, E>> {
      if (!kept) return refresh()
      if (now() >= kept.freshUntil) refresh().catch(() => undefined)
      return { status: 'success', value: kept.value }
    },
    /** The kept value without loading anything. */
    peek(): T | undefined {
      return kept?.value
    },
    /** How much longer the kept value is fresh: 0 once it is stale, or when there is none. */
    freshForMs(): number {
      return kept ? Math.max(0, kept.freshUntil - now()) : 0
    },
  }
}

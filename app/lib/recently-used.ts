/**
 * A map that keeps its `max` most recently used entries: a `get` that finds its key makes that
 * entry the newest, and a `set` on a full map turns the oldest out.
 */
export function recentlyUsed<K, V>(max: number) {
  const entries = new Map<K, V>()
  return {
    get(key: K): V | undefined {
      const value = entries.get(key)
      if (value !== undefined) {
        entries.delete(key)
        entries.set(key, value)
      }
      return value
    },
    set(key: K, value: V) {
      entries.delete(key)
      if (entries.size >= max) entries.delete(entries.keys().next().value!)
      entries.set(key, value)
    },
    clear() {
      entries.clear()
    },
  }
}

export type RecentlyUsed<K, V> = ReturnType<typeof recentlyUsed<K, V>>

import { useSyncExternalStore } from 'react'

const subscribe = () => () => undefined

/** False during the server render and hydration, true once React runs in the browser. */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}

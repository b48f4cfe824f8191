import { AsyncLocalStorage } from 'node:async_hooks'

import { remember } from './remember.server'

/** What the server knows about the request being answered, wherever in its handling code runs. */
export type RequestContext = {
  requestId: string
  /** performance.now() when the server took the request */
  startedAt: number
  /** milliseconds this request spent waiting on backend calls */
  backendMs: number
}

// The server enters it (through the entry module) and the app reads it: a rebuilt app in
// development reads the same storage.
const storage = remember('request-context', () => new AsyncLocalStorage<RequestContext>())

/** Runs `handle` (and everything it starts) as part of the request `context` describes. */
export function runInRequestContext<T>(context: RequestContext, handle: () => T): T {
  return storage.run(context, handle)
}

/** The request being answered, or undefined outside one (start-up, timers). */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore()
}

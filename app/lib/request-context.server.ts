import { AsyncLocalStorage } from 'node:async_hooks'
import diagnosticsChannel from 'node:diagnostics_channel'

/** What the server knows about the request being answered, wherever in its handling code runs. */
export type RequestContext = {
  requestId: string
  /** performance.now() when the server took the request */
  startedAt: number
  /** milliseconds this request spent waiting on backend calls */
  backendMs: number
}

const storage = new AsyncLocalStorage<RequestContext>()

// server.ts and the Remix build are bundled apart, so each holds its own copy of this module.
// A named channel is one per process: running a request through it enters every copy's storage
// with the same context object.
const requests = diagnosticsChannel.channel('brightwell.request')
requests.bindStore(storage)

/** Runs `handle` (and everything it starts) as part of the request `context` describes. */
export function runInRequestContext<T>(context: RequestContext, handle: () => T): T {
  return requests.runStores(context, handle)
}

/** The request being answered, or undefined outside one (start-up, timers). */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore()
}

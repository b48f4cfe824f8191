import { randomUUID } from 'node:crypto'

import type { RequestHandler } from 'express'

import type { RunInRequestContext } from './app-entry'
import { isFromTrustedProxy } from './trusted-proxy'

/** What a load balancer's id looks like: printable ASCII without spaces, of a sane length. */
const ACCEPTED_ID = /^[\x21-\x7e]{1,128}$/

/** The id a trusted proxy sent, when it is usable; otherwise a new one. */
export function chooseRequestId(sent: string | undefined, fromTrustedProxy: boolean): string {
  if (fromTrustedProxy && sent !== undefined && ACCEPTED_ID.test(sent)) return sent
  return randomUUID()
}

/**
 * Gives every request an id (the trusted proxy's `X-Request-Id`, else a new one), answers with
 * it, and runs the rest of the request in a context that log lines and backend calls read it from.
 */
export function requestId(runInRequestContext: RunInRequestContext): RequestHandler {
  return (req, res, next) => {
    const id = chooseRequestId(req.get('x-request-id'), isFromTrustedProxy(req))
    res.locals.requestId = id
    res.setHeader('X-Request-Id', id)
    runInRequestContext({ requestId: id, startedAt: performance.now(), backendMs: 0 }, next)
  }
}

import type { RequestHandler } from 'express'

import { log } from '../app/lib/log.server'

/** One JSON line per request, written when the answer has been sent. */
export function logRequests(): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint()
    res.on('finish', () => {
      log('info', 'request', {
        method: req.method,
        // The path only: query strings can carry personal data.
        path: req.path,
        status: res.statusCode,
        durationMs: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
      })
    })
    next()
  }
}

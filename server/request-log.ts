import type { Request, RequestHandler } from 'express'

import type { Log, Metrics } from './app-entry'

/**
 * One JSON line per request, written when the answer has been sent, and the request's duration
 * in the metrics under its route: a label set by whoever answered (`res.locals.route`), else
 * `routeLabel`'s.
 */
export function logRequests(
  routeLabel: (req: Request) => string,
  { log, metrics }: { log: Log; metrics: Pick<Metrics, 'observeRequest'> },
): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint()
    res.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9
      const route = (res.locals.route as string | undefined) ?? routeLabel(req)
      metrics.observeRequest(req.method, route, res.statusCode, seconds)
      log('info', 'request', {
        // 'finish' fires outside the request's context, so the id is passed on by hand.
        requestId: res.locals.requestId as string,
        method: req.method,
        // The path only: query strings can carry personal data.
        path: req.path,
        route,
        status: res.statusCode,
        durationMs: Math.round(seconds * 1e6) / 1000,
      })
    })
    next()
  }
}

import type { Request, RequestHandler } from 'express'

import type { Log, Metrics } from './app-entry'

/** The longest path a log line holds whole: every address of the site is far shorter. */
const LOGGED_PATH_CHARS = 512

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
        // The path only: query strings can carry personal data. A stranger's path of thousands of
        // characters is cut: the log line of a flood should not weigh what the flood does.
        path:
          req.path.length > LOGGED_PATH_CHARS
            ? `${req.path.slice(0, LOGGED_PATH_CHARS)}…`
            : req.path,
        route,
        status: res.statusCode,
        durationMs: Math.round(seconds * 1e6) / 1000,
      })
    })
    next()
  }
}

import type http from 'node:http'

import type { RequestHandler } from 'express'

import type { Log } from './app-entry'

type ShutdownOptions = {
  server: http.Server
  /** from the signal to the exit, at most; the container's stop timeout should be longer */
  graceMs: number
  /** the instance stops accepting once no request has arrived for this long... */
  quietMs: number
  /** ...or once this long has passed since the signal, whichever comes first */
  maxDrainMs: number
  /** runs once the last request has been answered, before the exit */
  onStopped: () => Promise<void>
  /** probes, which do not count as traffic */
  probePaths: string[]
  log: Log
}

/**
 * A shutdown that loses no request behind a load balancer. On the signal the instance reports
 * itself not ready (503 on /readyz) but keeps accepting, because the balancer goes on sending
 * requests until its next health check; once the requests stop coming (the balancer has taken it
 * out) or the drain time is up, it stops accepting, finishes what it has, and exits 0.
 */
export function gracefulShutdown({
  server,
  graceMs,
  quietMs,
  maxDrainMs,
  onStopped,
  probePaths,
  log,
}: ShutdownOptions) {
  const probes = new Set(probePaths)
  let signalledAt: number | undefined
  let lastRequestAt = 0

  function stopAccepting() {
    log('info', 'no longer accepting connections', {
      afterMs: Math.round(performance.now() - signalledAt!),
    })
    // A keep-alive connection whose answer ends now would otherwise stay open until it times out.
    const closeIdle = setInterval(() => server.closeIdleConnections(), 50)
    server.close(async () => {
      clearInterval(closeIdle)
      await onStopped()
      log('info', 'server stopped')
      process.exit(0)
    })
    server.closeIdleConnections()
  }

  return {
    isDraining: () => signalledAt !== undefined,

    /** Notes traffic, and asks clients to reconnect elsewhere once the instance is draining. */
    trackTraffic: ((req, res, next) => {
      if (!probes.has(req.path)) lastRequestAt = performance.now()
      if (signalledAt !== undefined) res.set('Connection', 'close')
      next()
    }) as RequestHandler,

    begin(signal: string) {
      if (signalledAt !== undefined) return
      signalledAt = performance.now()
      log('info', 'shutting down', { signal })
      const forceExit = setTimeout(() => {
        log('warn', 'grace period over, closing open connections')
        server.closeAllConnections()
      }, graceMs)
      forceExit.unref()
      const drain = setInterval(() => {
        const now = performance.now()
        const quietFor = now - Math.max(lastRequestAt, signalledAt!)
        if (quietFor < quietMs && now - signalledAt! < maxDrainMs) return
        clearInterval(drain)
        stopAccepting()
      }, 25)
    },
  }
}

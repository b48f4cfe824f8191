import fs from 'node:fs'
import path from 'node:path'
import url from 'node:url'

import { broadcastDevReady, type ServerBuild } from '@remix-run/node'
import compression from 'compression'
import express from 'express'

import { appEntryOf } from './server/app-entry'
import { trustProxySetting } from './server/client-address'
import { createClientShare } from './server/client-share'
import { listenWithLimits } from './server/connections'
import { createDuplicateMemory } from './server/duplicate-memory'
import { ENQUIRY_ACTION_PATHS, formServedAtCookie } from './server/form-served-at'
import { boundRouteDiscovery, refuseLegacyDataRequests } from './server/framework-addresses'
import { redirectToHttps } from './server/https-redirect'
import { startMetricsServer } from './server/metrics-endpoint'
import { refuseOtherNodeLines } from './server/node-line'
import { refuseForeignOrigin } from './server/origin'
import { createPageCache } from './server/page-cache'
import { servePages } from './server/pages'
import { createRateLimiter } from './server/rate-limit'
import { ROUTE_MANIFEST_PATH } from './server/remix-addresses'
import {
  isCostlyNotFound,
  refuseMalformedRequests,
  refuseUntakenMethods,
} from './server/request-bounds'
import { requestId } from './server/request-id'
import { logRequests } from './server/request-log'
import { NOT_FOUND_LABEL, remixRouteLabeler } from './server/route-label'
import { contentSecurityPolicy, securityHeaders } from './server/security-headers'
import { gracefulShutdown } from './server/shutdown'

// First: a start on another Node line ends here, before the app is loaded.
refuseOtherNodeLines()

const SHUTDOWN_GRACE_MS = 10_000
/**
 * After SIGTERM the instance keeps accepting until no request has come for DRAIN_QUIET_MS (the
 * load balancer has seen /readyz fail and sends no more), or for DRAIN_MAX_MS at most; what it
 * has accepted then has the rest of the grace period to finish. docs/operations.md has the timings.
 */
const DRAIN_QUIET_MS = 500
const DRAIN_MAX_MS = 5_000
const PROBE_PATHS = ['/healthz', '/readyz']

const BUILD_PATH = path.resolve('build/index.js')
const VERSION_PATH = path.resolve('build/version.txt')

async function importBuild(): Promise<ServerBuild> {
  // The query defeats the ESM module cache so that a rebuilt app is picked up in development.
  const href = `${url.pathToFileURL(BUILD_PATH).href}?t=${Date.now()}`
  return (await import(href)) as ServerBuild
}

let build = await importBuild()

// The app's settings, log, metrics and request context come from the build, the process's one copy
// of each; a rebuild in development counts into the same metrics and request context.
const {
  ConfigError,
  getConfig,
  log,
  metrics,
  metricsText,
  runInRequestContext,
  MAX_REQUEST_BODY_BYTES,
} = appEntryOf(build)

let config: ReturnType<typeof getConfig>
try {
  config = getConfig()
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(error.message)
  process.exit(1)
}

if (!config.isProduction) {
  fs.watchFile(VERSION_PATH, { interval: 200 }, async () => {
    build = await importBuild()
    broadcastDevReady(build)
  })
}

const enquiryLimiter = createRateLimiter({
  max: config.contactRateLimit.max,
  windowS: config.contactRateLimit.windowS,
  redisUrl: config.redisUrl,
  prefix: 'rl:enquiry:',
  log,
  metrics,
})

// The same enquiry is forwarded once in this window, however often it is sent.
const enquiryMemory = createDuplicateMemory({
  windowS: 600,
  pendingMs: config.backendTimeoutMs + 1000,
  redisUrl: config.redisUrl,
  prefix: 'dup:enquiry:',
  log,
})

// Each client address's share of the work: docs/decisions/024-one-client-one-share.md.
const clientShare = createClientShare({
  rate: config.clientCostlyRateLimit,
  maxInFlight: config.clientMaxInFlight,
  log,
  metrics,
})

const app = express()
app.disable('x-powered-by')
app.set('trust proxy', trustProxySetting(config.trustProxy))

const routeLabel = remixRouteLabeler(() => build)

app.use(requestId(runInRequestContext))
app.use((req, res, next) => shutdown.trackTraffic(req, res, next))

// Liveness: the process answers. Never asks the backend, so a backend outage restarts nothing.
app.get('/healthz', (_req, res) => {
  res.set('Cache-Control', 'no-store').type('text/plain').send('ok')
})

// Readiness: whether the load balancer should send this instance requests.
app.get('/readyz', (_req, res) => {
  const ready = !shutdown.isDraining()
  res
    .status(ready ? 200 : 503)
    .set('Cache-Control', 'no-store')
    .type('text/plain')
    .send(ready ? 'ready' : 'shutting down')
})

app.use(logRequests(routeLabel, { log, metrics }))
app.use(redirectToHttps(config.siteUrl))
app.use(
  securityHeaders({
    siteUrl: config.siteUrl,
    isProduction: config.isProduction,
    analytics: config.analytics,
  }),
)

// Every request's cost bounded before the app's work: its address, its length, its body.
app.use(
  refuseMalformedRequests({
    maxBodyBytes: MAX_REQUEST_BODY_BYTES,
    onBodyTooLarge: (req) => {
      if (req.method === 'POST' && ENQUIRY_ACTION_PATHS.includes(req.path))
        metrics.countEnquiry('too_large')
    },
  }),
)

app.post(ENQUIRY_ACTION_PATHS, refuseForeignOrigin(config.siteUrl, { log, metrics }))

// The framework's own addresses, within bounds that Remix 2 no longer sets itself.
app.get(
  ROUTE_MANIFEST_PATH,
  boundRouteDiscovery(
    () => build,
    config.routeDiscoveryRateLimit,
    () => metrics.countRefusal('route_discovery_rate'),
  ),
)
app.use(refuseLegacyDataRequests)

app.use(compression())

app.use(
  '/build',
  (_req, res, next) => {
    res.locals.route = 'build'
    next()
  },
  express.static('public/build', { immutable: true, maxAge: '1y', fallthrough: false }),
)
app.use(
  express.static('public', {
    maxAge: '1h',
    // No index.html: `/` is a page, and looking for one cost the home page a file lookup a request.
    index: false,
    setHeaders: (res: express.Response) => {
      res.locals.route = 'static'
    },
  }),
)

// Everything else is Remix's: the label says which of its routes answers.
app.use((req, res, next) => {
  res.locals.route = routeLabel(req)
  next()
})
// A method the answering route does not take is refused before Remix sees it.
app.use(
  refuseUntakenMethods(
    () => build,
    (req, status) => pages.keptPage(req, status),
  ),
)

// The enquiry forms' time travels in a cookie, so their pages are the same bytes for everyone.
const formServedAt = formServedAtCookie({ secrets: config.sessionSecrets, siteUrl: config.siteUrl })
app.use(formServedAt.issue)

const policy = contentSecurityPolicy({
  siteUrl: config.siteUrl,
  isProduction: config.isProduction,
  analytics: config.analytics,
})

/**
 * The query parameters the page of the Remix route answering a request reads, when the route
 * lets the instance keep its page (its `handle`, from `pageCacheHandle`).
 */
const cachedRouteQuery = (_req: express.Request, res: express.Response) => {
  const module = build.routes[res.locals.route as string]?.module as { handle?: unknown }
  const handle = module?.handle as { pageCache?: { query: readonly string[] } } | undefined
  return handle?.pageCache?.query
}

const pages = servePages({
  build: () => build,
  mode: config.isProduction ? 'production' : 'development',
  cache:
    config.isProduction && config.postsCacheTtlS > 0
      ? createPageCache({
          ttlMs: config.postsCacheTtlS * 1000,
          cachedRouteQuery,
          isUnknownAddress: (_req, res) => res.locals.route === NOT_FOUND_LABEL,
          metrics,
        })
      : undefined,
  answersKeptNotFound: isCostlyNotFound(() => build),
  admit: (req, res) =>
    clientShare.admit(req, res, {
      isEnquiry: req.method === 'POST' && ENQUIRY_ACTION_PATHS.includes(req.path),
      isImage: req.path.startsWith('/images/'),
    }),
  getLoadContext: (req) => ({
    contentSecurityPolicy: policy,
    readFormServedAt: () => formServedAt.read(req),
    clientIp: req.ip ?? req.socket.remoteAddress ?? 'unknown',
    enquiryLimiter,
    enquiryMemory,
  }),
})
// Express 5's paths name their wildcard; the braces let it match `/` too.
app.all('/{*splat}', pages)

// Metrics first: an instance that cannot serve them should fail at start, not run unobserved.
const metricsServer =
  config.metricsPort === 0
    ? undefined
    : await startMetricsServer(config.host, config.metricsPort, metricsText).catch(
        (error: Error) => {
          log('error', 'metrics port unavailable', {
            metricsPort: config.metricsPort,
            reason: error.message,
          })
          process.exit(1)
        },
      )

// Visitors and crawlers come soon after a deploy: the first post should not wait for jsdom to load.
await appEntryOf(build).warmUp()

// A connection's peer is a proxy when TRUST_PROXY believes it: its connections carry many clients.
const trusts = app.get('trust proxy fn') as (address: string, hop: number) => boolean
const listening = {
  port: config.port,
  host: config.host,
  isTrustedPeer: (address: string) => trusts(address, 0),
}
const server = listenWithLimits(app, listening, (error?: Error) => {
  // A failed listen (the port taken) comes here instead of ending the process.
  if (error) {
    log('error', 'port unavailable', { port: config.port, reason: error.message })
    process.exit(1)
  }
  log('info', 'server listening', {
    url: `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`,
    mode: config.isProduction ? 'production' : 'development',
    metricsPort: config.metricsPort,
  })
  if (!config.isProduction) broadcastDevReady(build)
})

const shutdown = gracefulShutdown({
  server,
  graceMs: SHUTDOWN_GRACE_MS,
  quietMs: DRAIN_QUIET_MS,
  maxDrainMs: DRAIN_MAX_MS,
  probePaths: PROBE_PATHS,
  log,
  onStopped: async () => {
    await Promise.all([
      clientShare.close(),
      enquiryLimiter.close(),
      enquiryMemory.close(),
      appEntryOf(build).close(),
    ])
    metricsServer?.close()
  },
})

process.on('SIGTERM', () => shutdown.begin('SIGTERM'))
process.on('SIGINT', () => shutdown.begin('SIGINT'))

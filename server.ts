import fs from 'node:fs'
import path from 'node:path'
import url from 'node:url'

import { createRequestHandler } from '@remix-run/express'
import { broadcastDevReady, installGlobals, type ServerBuild } from '@remix-run/node'
import compression from 'compression'
import express from 'express'

import { ConfigError, getConfig } from './app/lib/config.server'
import { MAX_REQUEST_BODY_BYTES } from './app/lib/constants'
import { log } from './app/lib/log.server'
import { refuseForeignOrigin } from './server/origin'
import { createRateLimiter } from './server/rate-limit'
import { createRenderCache } from './server/render-cache'
import { logRequests } from './server/request-log'
import { securityHeaders } from './server/security-headers'

installGlobals({ nativeFetch: true })

const SHUTDOWN_GRACE_MS = 10_000

let config: ReturnType<typeof getConfig>
try {
  config = getConfig()
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(error.message)
  process.exit(1)
}

const BUILD_PATH = path.resolve('build/index.js')
const VERSION_PATH = path.resolve('build/version.txt')

async function importBuild(): Promise<ServerBuild> {
  // The query defeats the ESM module cache so that a rebuilt app is picked up in development.
  const href = `${url.pathToFileURL(BUILD_PATH).href}?t=${Date.now()}`
  return (await import(href)) as ServerBuild
}

let build = await importBuild()

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
})

const app = express()
app.disable('x-powered-by')
app.set('trust proxy', config.trustProxyHops === 0 ? false : config.trustProxyHops)

let isShuttingDown = false

app.use((req, res, next) => {
  if (isShuttingDown) res.set('Connection', 'close')
  next()
})

app.get('/healthz', (_req, res) => {
  res.set('Cache-Control', 'no-store').type('text/plain').send('ok')
})

app.use(logRequests())
app.use(
  securityHeaders({
    siteUrl: config.siteUrl,
    isProduction: config.isProduction,
    analytics: config.analytics,
  }),
)

app.use((req, res, next) => {
  const declaredLength = Number(req.get('content-length') ?? 0)
  if (declaredLength > MAX_REQUEST_BODY_BYTES) {
    res.status(413).type('text/plain').send('Request body too large')
    return
  }
  next()
})

app.post('/contact', refuseForeignOrigin(config.siteUrl))

app.use(compression())

app.use(
  '/build',
  express.static('public/build', { immutable: true, maxAge: '1y', fallthrough: false }),
)
app.use(express.static('public', { maxAge: '1h' }))

if (config.isProduction && config.postsCacheTtlS > 0) {
  app.use(
    createRenderCache({
      ttlMs: config.postsCacheTtlS * 1000,
      // entry.server exports the version of the data pages show (the post list).
      version: () => {
        const entry = build.entry.module as { renderCacheVersion?: () => string }
        return entry.renderCacheVersion?.() ?? ''
      },
    }),
  )
}

app.all(
  '*',
  createRequestHandler({
    build: async () => build,
    mode: config.isProduction ? 'production' : 'development',
    getLoadContext: (req, res) => ({
      cspNonce: res.locals.cspNonce as string,
      clientIp: req.ip ?? req.socket.remoteAddress ?? 'unknown',
      enquiryLimiter,
      isDataRequest: req.query._data !== undefined,
    }),
  }),
)

const server = app.listen(config.port, config.host, () => {
  log('info', 'server listening', {
    url: `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`,
    mode: config.isProduction ? 'production' : 'development',
  })
  if (!config.isProduction) broadcastDevReady(build)
})

function shutDown(signal: string) {
  if (isShuttingDown) return
  isShuttingDown = true
  log('info', 'shutting down', { signal })
  const forceExit = setTimeout(() => {
    log('warn', 'grace period over, closing open connections')
    server.closeAllConnections()
  }, SHUTDOWN_GRACE_MS)
  forceExit.unref()
  server.close(async () => {
    clearTimeout(forceExit)
    await enquiryLimiter.close()
    log('info', 'server stopped')
    process.exit(0)
  })
  server.closeIdleConnections()
}

process.on('SIGTERM', () => shutDown('SIGTERM'))
process.on('SIGINT', () => shutDown('SIGINT'))

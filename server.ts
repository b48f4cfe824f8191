import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import url from 'node:url'

import { createRequestHandler } from '@remix-run/express'
import { broadcastDevReady, installGlobals, type ServerBuild } from '@remix-run/node'
import compression from 'compression'
import express from 'express'
import helmet from 'helmet'

import { ConfigError, getConfig } from './app/lib/config.server'
import { MAX_REQUEST_BODY_BYTES } from './app/lib/constants'
import { isAllowedOrigin } from './app/lib/enquiry.server'
import { log } from './app/lib/log.server'
import { createRateLimiter } from './app/lib/rate-limit.server'
import { createRenderCache } from './server/render-cache'

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

app.use((req, res, next) => {
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
})

app.use((_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString('base64')
  next()
})

const siteIsHttps = config.siteUrl.startsWith('https:')
app.use(
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': [
          "'self'",
          (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`,
        ],
        'script-src-attr': ["'none'"],
        // React's style props and react-toastify's injected stylesheet need inline styles.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'https:'],
        'font-src': ["'self'"],
        'connect-src': config.isProduction ? ["'self'"] : ["'self'", 'ws://localhost:*'],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        'frame-src': ["'none'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'manifest-src': ["'self'"],
        'upgrade-insecure-requests': siteIsHttps ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: { maxAge: 63_072_000, includeSubDomains: true },
  }),
)

app.use((_req, res, next) => {
  res.set(
    'Permissions-Policy',
    'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
  )
  next()
})

app.use((req, res, next) => {
  const declaredLength = Number(req.get('content-length') ?? 0)
  if (declaredLength > MAX_REQUEST_BODY_BYTES) {
    res.status(413).type('text/plain').send('Request body too large')
    return
  }
  next()
})

// Remix answers a foreign Origin on a form POST with a bare 500, and compares hosts only, which
// would refuse SITE_URL's origin behind a proxy that rewrites Host. This check replaces it.
app.post('/contact', (req, res, next) => {
  if (!isAllowedOrigin(req.get('origin'), req.get('host'), config.siteUrl)) {
    log('warn', 'cross-site enquiry refused', { origin: req.get('origin')?.slice(0, 200) })
    res.status(403).type('text/plain').send('Enquiries are accepted from this website only')
    return
  }
  delete req.headers.origin
  next()
})

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

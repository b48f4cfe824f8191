import crypto from 'node:crypto'

import type { RequestHandler, Response } from 'express'
import helmet from 'helmet'

import type { AnalyticsSettings } from '../app/consent/analytics'

type SecurityHeadersOptions = {
  siteUrl: string
  isProduction: boolean
  /** the analytics visitors may consent to; null adds nothing to the CSP */
  analytics: AnalyticsSettings | null
}

/** Where Google's gtag.js sends GA4 hits, as Google's CSP guide for GA4 lists them. */
const GA4_COLLECTION_ORIGINS = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.googletagmanager.com',
]

/**
 * The origins the provider's script loads from and sends to. Plausible's script sends to
 * /api/event on its own origin; gtag.js to Google's, or to its transport_url behind a proxy.
 */
export function analyticsOrigins(analytics: AnalyticsSettings | null) {
  if (!analytics) return { script: [], connect: [] }
  const scriptOrigin = new URL(analytics.scriptUrl).origin
  if (analytics.provider === 'plausible') return { script: [scriptOrigin], connect: [scriptOrigin] }
  return {
    script: [scriptOrigin],
    connect: analytics.transportUrl ? [analytics.transportUrl] : GA4_COLLECTION_ORIGINS,
  }
}

/** A fresh nonce for every response: the CSP admits only the scripts that carry it. */
const assignNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString('base64')
  next()
}

const setPermissionsPolicy: RequestHandler = (_req, res, next) => {
  res.set(
    'Permissions-Policy',
    'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
  )
  next()
}

/** The strict headers every answer carries: CSP with the nonce, HSTS, framing and referrer rules. */
export function securityHeaders({ siteUrl, isProduction, analytics }: SecurityHeadersOptions) {
  const siteIsHttps = siteUrl.startsWith('https:')
  const analyticsFrom = analyticsOrigins(analytics)
  return [
    assignNonce,
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          'default-src': ["'self'"],
          'script-src': [
            "'self'",
            (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`,
            ...analyticsFrom.script,
          ],
          'script-src-attr': ["'none'"],
          // React's style props and react-toastify's injected stylesheet need inline styles.
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'https:'],
          'font-src': ["'self'"],
          'connect-src': [
            "'self'",
            ...(isProduction ? [] : ['ws://localhost:*']),
            ...analyticsFrom.connect,
          ],
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
    setPermissionsPolicy,
  ]
}

import type { RequestHandler } from 'express'
import helmet from 'helmet'

import type { AnalyticsSettings } from '../app/lib/config.server'

export type SecurityHeadersOptions = {
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

const setPermissionsPolicy: RequestHandler = (_req, res, next) => {
  res.set(
    'Permissions-Policy',
    'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
  )
  next()
}

/**
 * The Content-Security-Policy of this site. The inline scripts the app wrote into a page are
 * allowed by their SHA-256 hashes (`scriptHashes`, which the app's entry declares: see
 * app/own-scripts.server.tsx), so the same page sends the same bytes and header to every visitor,
 * and any other inline script is refused; an answer that is not a page gets the policy with no
 * inline script.
 */
export function contentSecurityPolicy({
  siteUrl,
  isProduction,
  analytics,
}: SecurityHeadersOptions) {
  const analyticsFrom = analyticsOrigins(analytics)
  const directives = (scriptHashes: readonly string[]): Record<string, string[] | null> => ({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes.map((hash) => `'${hash}'`), ...analyticsFrom.script],
    'script-src-attr': ["'none'"],
    // React's style props and react-toastify's injected stylesheet need inline styles.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'https:'],
    // Players in posts: the backend's audio through /media/, and https: audio and video.
    'media-src': ["'self'", 'https:'],
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
    'upgrade-insecure-requests': siteUrl.startsWith('https:') ? [] : null,
  })
  return (scriptHashes: readonly string[] = []) =>
    Object.entries(directives(scriptHashes))
      .filter((entry): entry is [string, string[]] => entry[1] !== null)
      .map(([name, values]) => [name, ...values].join(' '))
      .join(';')
}

/** The strict headers every answer carries: the CSP, HSTS, framing and referrer rules. */
export function securityHeaders(options: SecurityHeadersOptions) {
  const policy = contentSecurityPolicy(options)()
  const setContentSecurityPolicy: RequestHandler = (_req, res, next) => {
    res.setHeader('Content-Security-Policy', policy)
    next()
  }
  return [
    setContentSecurityPolicy,
    helmet({
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: { maxAge: 63_072_000, includeSubDomains: true },
    }),
    setPermissionsPolicy,
  ]
}

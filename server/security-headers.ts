import crypto from 'node:crypto'

import type { RequestHandler, Response } from 'express'
import helmet from 'helmet'

type SecurityHeadersOptions = { siteUrl: string; isProduction: boolean }

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
export function securityHeaders({ siteUrl, isProduction }: SecurityHeadersOptions) {
  const siteIsHttps = siteUrl.startsWith('https:')
  return [
    assignNonce,
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
          'script-src-attr': ["'none'"],
          // React's style props and react-toastify's injected stylesheet need inline styles.
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'https:'],
          'font-src': ["'self'"],
          'connect-src': isProduction ? ["'self'"] : ["'self'", 'ws://localhost:*'],
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

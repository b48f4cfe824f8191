import type { RateLimiter } from '../server/rate-limit'

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** fresh for every response; the CSP allows only scripts that carry it */
    cspNonce: string
    /** the visitor's address, TRUST_PROXY hops from the right of X-Forwarded-For */
    clientIp: string
    enquiryLimiter: RateLimiter
    /** asked by Remix's browser code (`?_data`, which Remix strips before loaders and actions) */
    isDataRequest: boolean
  }
}

import type { DuplicateMemory } from '../server/duplicate-memory'
import type { RateLimiter } from '../server/rate-limit'

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** fresh for every response; the CSP allows only scripts that carry it */
    cspNonce: string
    /** the signed time this response was served, for the enquiry form's spam defence */
    enquiryServedAt: string
    /** the visitor's address, TRUST_PROXY hops from the right of X-Forwarded-For */
    clientIp: string
    enquiryLimiter: RateLimiter
    /** which enquiries were forwarded in the last 10 minutes */
    enquiryMemory: DuplicateMemory
    /** asked by Remix's browser code (`?_data`, which Remix strips before loaders and actions) */
    isDataRequest: boolean
  }
}

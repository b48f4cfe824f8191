import { collectDefaultMetrics, Counter, Histogram, register } from 'prom-client'

import { ENQUIRIES_METRIC, SECONDS_BUCKETS, type EnquiryOutcome } from '../app/lib/metrics.server'

/** Methods a browser or a client of this site sends; anything else shares one label. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

collectDefaultMetrics()

const requestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer a request, by method, matched route and status class',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: SECONDS_BUCKETS,
})
const pageCacheLookups = new Counter({
  name: 'page_cache_lookups_total',
  help: 'Page requests the instance page cache could answer (hit) or passed to the app (miss)',
  labelNames: ['result'] as const,
})
for (const result of ['hit', 'miss']) pageCacheLookups.inc({ result }, 0)
const rateLimitStoreErrors = new Counter({
  name: 'rate_limit_store_errors_total',
  help: 'Rate limit checks that failed open because the store (Redis) did not answer',
})

/**
 * The server's metrics: requests, the page cache, the rate limit store. They share prom-client's
 * default registry with the app's (backend calls, enquiries, the post list), so one scrape reads
 * both. Label values come from fixed lists, never from what a client sends.
 */
export const serverMetrics = {
  observeRequest(method: string, route: string, status: number, seconds: number) {
    requestDuration.observe(
      {
        method: KNOWN_METHODS.has(method) ? method : 'other',
        route,
        status_class: `${Math.trunc(status / 100)}xx`,
      },
      seconds,
    )
  },
  countPageCacheLookup(result: 'hit' | 'miss') {
    pageCacheLookups.inc({ result })
  },
  countRateLimitStoreError() {
    rateLimitStoreErrors.inc()
  },
  /** An enquiry refused before it reaches the app, counted with the app's enquiry outcomes. */
  countRefusedEnquiry(outcome: Extract<EnquiryOutcome, 'refused_origin' | 'too_large'>) {
    const enquiries = register.getSingleMetric(ENQUIRIES_METRIC) as Counter<'outcome'> | undefined
    enquiries?.inc({ outcome })
  },
}

/** The text a Prometheus scrape reads. */
export async function metricsText() {
  return { contentType: register.contentType, body: await register.metrics() }
}

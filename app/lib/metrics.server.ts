import { collectDefaultMetrics, Counter, Gauge, Histogram, register } from 'prom-client'

import { remember } from './remember.server'

const ENQUIRY_OUTCOMES = [
  'forwarded',
  'failed',
  'invalid',
  'rate_limited',
  'refused_origin',
  'too_large',
  'spam',
  'duplicate',
] as const
export type EnquiryOutcome = (typeof ENQUIRY_OUTCOMES)[number]

/** Why a request was refused before any work started: its client was past its share. */
export const REFUSAL_REASONS = ['client_rate', 'client_in_flight', 'route_discovery_rate'] as const
export type RefusalReason = (typeof REFUSAL_REASONS)[number]

export type PostSanitisingOutcome = 'sanitised' | 'unparseable' | 'unavailable'

export type BackendEndpoint = 'posts' | 'send-email' | 'file'
export type BackendOutcome = 'success' | 'http_error' | 'network_error' | 'timeout'

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

/** Methods a browser or a client of this site sends; anything else shares one label. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/**
 * The process's metrics, in prom-client's default registry: requests, the page cache and the
 * rate limit store (counted by the server), backend calls, enquiries, the post list and its
 * sanitising. Label values come from fixed lists, never from what a client sends, so series
 * cannot grow without bound.
 */
function createMetrics() {
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
  const refusals = new Counter({
    name: 'http_requests_refused_total',
    help:
      'Requests refused before any work because their client address was past its share, by ' +
      'reason (one address taking them all: a proxy in front that TRUST_PROXY does not trust)',
    labelNames: ['reason'] as const,
  })
  for (const reason of REFUSAL_REASONS) refusals.inc({ reason }, 0)
  const backendDuration = new Histogram({
    name: 'backend_request_duration_seconds',
    help: 'Backend calls by endpoint and outcome, with their duration',
    labelNames: ['endpoint', 'outcome'] as const,
    buckets: SECONDS_BUCKETS,
  })
  const enquiries = new Counter({
    name: 'enquiries_total',
    help: 'Enquiries received, by outcome',
    labelNames: ['outcome'] as const,
  })
  for (const outcome of ENQUIRY_OUTCOMES) enquiries.inc({ outcome }, 0)

  const postList = { refreshedAt: undefined as number | undefined, size: 0 }
  new Gauge({
    name: 'posts_list_age_seconds',
    help: 'Seconds since the post list pages show was last fetched from the backend',
    collect() {
      if (postList.refreshedAt !== undefined) this.set((Date.now() - postList.refreshedAt) / 1000)
    },
  })
  new Gauge({
    name: 'posts_list_size',
    help: 'Posts in the list pages show',
    collect() {
      this.set(postList.size)
    },
  })
  const postListRefreshes = new Counter({
    name: 'posts_list_refreshes_total',
    help: 'Fetches of the post list from the backend, by outcome',
    labelNames: ['outcome'] as const,
  })
  const postSanitising = new Counter({
    name: 'post_sanitising_total',
    help: 'Posts sanitised at their first view, by outcome (unavailable: the worker failed or was busy, the post was shown without its content)',
    labelNames: ['outcome'] as const,
  })
  for (const outcome of ['sanitised', 'unparseable', 'unavailable'])
    postSanitising.inc({ outcome }, 0)
  const sanitizer = { threads: () => 0 }
  new Gauge({
    name: 'post_sanitiser_threads',
    help: 'Worker threads sanitising post content: 1 while posts are being sanitised, 0 once idle',
    collect() {
      this.set(sanitizer.threads())
    },
  })

  return {
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
    countRefusal(reason: RefusalReason) {
      refusals.inc({ reason })
    },
    observeBackendCall(endpoint: BackendEndpoint, outcome: BackendOutcome, seconds: number) {
      backendDuration.observe({ endpoint, outcome }, seconds)
    },
    countEnquiry(outcome: EnquiryOutcome) {
      enquiries.inc({ outcome })
    },
    /** A fetch of the post list ended: its size on success, undefined on failure. */
    countPostListRefresh(size: number | undefined) {
      postListRefreshes.inc({ outcome: size === undefined ? 'failure' : 'success' })
      if (size === undefined) return
      postList.refreshedAt = Date.now()
      postList.size = size
    },
    countPostSanitising(outcome: PostSanitisingOutcome) {
      postSanitising.inc({ outcome })
    },
    /** Where the sanitiser's thread count is read from, at each scrape. */
    observeSanitizerThreads(threads: () => number) {
      sanitizer.threads = threads
    },
  }
}

// A rebuilt app in development counts into the metrics it registered first: registering them
// again would throw, and removing them would lose what was counted.
export const metrics = remember('metrics', createMetrics)

/** The text a Prometheus scrape reads. */
export async function metricsText() {
  return { contentType: register.contentType, body: await register.metrics() }
}

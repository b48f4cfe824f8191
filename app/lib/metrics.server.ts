import { Counter, Gauge, Histogram, register } from 'prom-client'

export const ENQUIRY_OUTCOMES = [
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

export type PostSanitisingOutcome = 'sanitised' | 'unparseable' | 'unavailable'

export type BackendEndpoint = 'posts' | 'send-email' | 'file'
export type BackendOutcome = 'success' | 'http_error' | 'network_error' | 'timeout'

/** The name the server adds its refusals at the door (origin, body size) under. */
export const ENQUIRIES_METRIC = 'enquiries_total'

export const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

const APP_METRICS = [
  'backend_request_duration_seconds',
  ENQUIRIES_METRIC,
  'posts_list_age_seconds',
  'posts_list_size',
  'posts_list_refreshes_total',
  'post_sanitising_total',
  'post_sanitiser_threads',
]

/**
 * The app's metrics: backend calls, enquiries, the post list and its sanitising. Label values
 * come from fixed lists, never from what a client sends, so series cannot grow without bound.
 * The server's own (requests, the page cache, the rate limit store) are in server/metrics.ts.
 */
function createMetrics() {
  // prom-client's default registry is one per process, shared with the server's metrics.
  // Development re-imports a rebuilt app: its metrics take the place of the old build's.
  for (const name of APP_METRICS) register.removeSingleMetric(name)

  const backendDuration = new Histogram({
    name: 'backend_request_duration_seconds',
    help: 'Backend calls by endpoint and outcome, with their duration',
    labelNames: ['endpoint', 'outcome'] as const,
    buckets: SECONDS_BUCKETS,
  })
  const enquiries = new Counter({
    name: ENQUIRIES_METRIC,
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

export const metrics = createMetrics()

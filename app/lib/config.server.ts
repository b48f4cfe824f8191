import { z } from 'zod'

/** The analytics a visitor may consent to (settings ANALYTICS, ANALYTICS_ID, ANALYTICS_SCRIPT_URL). */
export type AnalyticsProvider = 'plausible' | 'ga4'

export type AnalyticsSettings = {
  provider: AnalyticsProvider
  /** Plausible's site domain, or the GA4 measurement id */
  id: string
  /** the script the page loads after consent (for GA4 with `?id=` already appended) */
  scriptUrl: string
  /** GA4 through a proxy or stand-in: where gtag sends what it collects */
  transportUrl?: string
}

const DEFAULT_PORT = 3000
const DEFAULT_METRICS_PORT = 9464
const DEV_MOCK_BACKEND_URL = 'http://127.0.0.1:4010'
const DEV_SESSION_SECRET = 'dev-only-session-secret-change-me'

/** Environment strings: an empty value counts as unset. */
const optionalString = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().optional(),
)

const httpUrl = (name: string) =>
  z
    .string()
    .url(`${name} must be an absolute http(s) URL`)
    .refine((value) => /^https?:\/\//.test(value), `${name} must be an absolute http(s) URL`)
    .transform((value) => value.replace(/\/+$/, ''))

/** A DNS name of two labels or more: no scheme, port, path or IP literal. */
const HOST_NAME =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/

const wholeNumber = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((value) => value >= min && value <= max, `${name} must be between ${min} and ${max}`)

/** A rate as `MAX/SECONDS`: so many events per client IP in a window of so many seconds. */
type Rate = { max: number; windowS: number }
const rate = (name: string, example: string) =>
  z
    .string()
    .regex(/^[1-9]\d*\/[1-9]\d*$/, `${name} must look like MAX/SECONDS, e.g. ${example}`)
    .optional()
/**
 * TRUST_PROXY: a hop count, or the proxies by address. Express's names (`loopback`, `linklocal`,
 * `uniquelocal`), IPv4 or IPv6 addresses and CIDR ranges, separated by commas.
 */
const TRUST_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])
const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}(\/(3[0-2]|[12]?\d))?$/
const IPV6 = /^[0-9a-f:.]*:[0-9a-f:.]*(\/(12[0-8]|1[01]\d|[1-9]?\d))?$/i
const isProxyEntry = (entry: string) =>
  TRUST_NAMES.has(entry) || IPV4.test(entry) || IPV6.test(entry)
const trustProxy = z
  .string()
  .transform((value): number | string[] =>
    /^\d+$/.test(value) ? Number(value) : value.split(',').map((entry) => entry.trim()),
  )
  .refine(
    (value) => (typeof value === 'number' ? value <= 10 : value.every(isProxyEntry)),
    'TRUST_PROXY must be a number of hops from 0 to 10, or addresses, CIDR ranges and the names ' +
      'loopback, linklocal, uniquelocal separated by commas',
  )

const rateOf = (value: string): Rate => {
  const [max, windowS] = value.split('/').map(Number) as [number, number]
  return { max, windowS }
}

const rawSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      error: 'NODE_ENV must be development, production or test',
    })
    .default('development'),
  BACKEND_URL: optionalString.pipe(httpUrl('BACKEND_URL').optional()),
  SESSION_SECRET: optionalString,
  PORT: optionalString.pipe(wholeNumber('PORT', 1, 65535).optional()),
  HOST: optionalString,
  SITE_URL: optionalString.pipe(httpUrl('SITE_URL').optional()),
  SCHEDULER_URL: optionalString.pipe(httpUrl('SCHEDULER_URL').optional()),
  COMPANY_PHONE: optionalString.pipe(
    z
      .string()
      .regex(/^\+?[\d\s()-]+$/, 'COMPANY_PHONE must be a phone number such as +44 20 7946 0958')
      .refine((value) => {
        const digits = value.replace(/\D/g, '').length
        return digits >= 7 && digits <= 15
      }, 'COMPANY_PHONE must have 7 to 15 digits')
      .optional(),
  ),
  COMPANY_EMAIL: optionalString.pipe(
    z.string().email('COMPANY_EMAIL must be an email address').optional(),
  ),
  BACKEND_TIMEOUT_MS: optionalString.pipe(wholeNumber('BACKEND_TIMEOUT_MS', 1, 120_000).optional()),
  POSTS_CACHE_TTL_S: optionalString.pipe(wholeNumber('POSTS_CACHE_TTL_S', 0, 86_400).optional()),
  CONTACT_RATE_LIMIT: optionalString.pipe(rate('CONTACT_RATE_LIMIT', '5/900')),
  ROUTE_DISCOVERY_RATE_LIMIT: optionalString.pipe(rate('ROUTE_DISCOVERY_RATE_LIMIT', '120/60')),
  TRUST_PROXY: optionalString.pipe(trustProxy.optional()),
  CLIENT_COSTLY_RATE_LIMIT: optionalString.pipe(rate('CLIENT_COSTLY_RATE_LIMIT', '600/30')),
  CLIENT_MAX_IN_FLIGHT: optionalString.pipe(
    wholeNumber('CLIENT_MAX_IN_FLIGHT', 1, 1000).optional(),
  ),
  METRICS_PORT: optionalString.pipe(wholeNumber('METRICS_PORT', 0, 65535).optional()),
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\/\S+$/, 'REDIS_URL must start with redis:// or rediss://')
      .optional(),
  ),
  ANALYTICS: optionalString.pipe(
    z
      .enum(['none', 'plausible', 'ga4'], { error: 'ANALYTICS must be none, plausible or ga4' })
      .default('none'),
  ),
  ANALYTICS_ID: optionalString,
  ANALYTICS_SCRIPT_URL: optionalString.pipe(httpUrl('ANALYTICS_SCRIPT_URL').optional()),
  IMAGE_HOSTS: optionalString.pipe(
    z
      .string()
      .transform((value) => value.split(',').map((host) => host.trim().toLowerCase()))
      .refine(
        (hosts) => hosts.every((host) => HOST_NAME.test(host)),
        'IMAGE_HOSTS must be host names separated by commas, such as images.example.com',
      )
      .optional(),
  ),
})

/**
 * Development falls back to the mock backend, a dev secret and placeholder contact details; a
 * production site must never show a placeholder phone number or booking link, so it refuses to start.
 */
export const REQUIRED_IN_PRODUCTION = [
  'BACKEND_URL',
  'SESSION_SECRET',
  'SITE_URL',
  'SCHEDULER_URL',
  'COMPANY_PHONE',
  'COMPANY_EMAIL',
] as const

/** Plausible's site domain (or several, comma-separated, as Plausible allows). */
const PLAUSIBLE_DOMAINS = /^[a-z0-9-]+(\.[a-z0-9-]+)+(,[a-z0-9-]+(\.[a-z0-9-]+)+)*$/
const GA4_MEASUREMENT_ID = /^G-[A-Z0-9]+$/

/** The analytics a visitor may consent to, or null; adds to `problems` what is wrong. */
function analyticsSettings(
  raw: z.infer<typeof rawSchema>,
  problems: string[],
): AnalyticsSettings | null {
  const provider = raw.ANALYTICS
  if (provider === 'none') return null
  const id = raw.ANALYTICS_ID
  if (!id) {
    problems.push(`ANALYTICS_ID: required when ANALYTICS=${provider}`)
    return null
  }
  const scriptUrl = raw.ANALYTICS_SCRIPT_URL
  if (provider === 'plausible') {
    if (!PLAUSIBLE_DOMAINS.test(id)) {
      problems.push(
        "ANALYTICS_ID: must be the site's domain as Plausible knows it, e.g. example.co.uk",
      )
    }
    return { provider, id, scriptUrl: scriptUrl ?? 'https://plausible.io/js/script.js' }
  }
  if (!GA4_MEASUREMENT_ID.test(id)) {
    problems.push('ANALYTICS_ID: must be a GA4 measurement id such as G-AB12CD34EF')
  }
  const gtagUrl = scriptUrl ?? 'https://www.googletagmanager.com/gtag/js'
  return {
    provider,
    id,
    scriptUrl: `${gtagUrl}${gtagUrl.includes('?') ? '&' : '?'}id=${encodeURIComponent(id)}`,
    // A proxy or stand-in of gtag.js also receives what it collects.
    transportUrl: scriptUrl ? new URL(scriptUrl).origin : undefined,
  }
}

export type Config = {
  isProduction: boolean
  backendUrl: string
  sessionSecrets: string[]
  port: number
  host: string
  siteUrl: string
  schedulerUrl: string
  companyPhone: string
  companyEmail: string
  backendTimeoutMs: number
  postsCacheTtlS: number
  contactRateLimit: Rate
  /** route discovery requests (`/__manifest`) allowed per client IP per window */
  routeDiscoveryRateLimit: Rate
  /**
   * the proxies whose X-Forwarded-For is believed: a number of hops, each only from a loopback,
   * link-local or private address, or the proxies' addresses and ranges
   */
  trustProxy: number | string[]
  /** requests each client address may make that the instance must work for (not a kept page) */
  clientCostlyRateLimit: Rate
  /** such requests of one client address being worked on at once */
  clientMaxInFlight: number
  redisUrl: string | undefined
  /** where Prometheus metrics are served; 0 when they are off */
  metricsPort: number
  /** null when ANALYTICS=none */
  analytics: AnalyticsSettings | null
  /** hosts besides the backend whose `https:` images the site may fetch and resize */
  imageHosts: string[]
}

export class ConfigError extends Error {
  name = 'ConfigError'
}

/** Parses the environment; throws one ConfigError whose message names every bad variable. */
export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const result = rawSchema.safeParse(env)
  const problems: string[] = []
  if (!result.success) {
    for (const issue of result.error.issues) {
      problems.push(`${issue.path.join('.')}: ${issue.message}`)
    }
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`)
  }
  const raw = result.data
  const isProduction = raw.NODE_ENV === 'production'
  if (isProduction) {
    for (const name of REQUIRED_IN_PRODUCTION) {
      if (!raw[name]) problems.push(`${name}: required when NODE_ENV=production`)
    }
  }
  const sessionSecrets = (raw.SESSION_SECRET ?? DEV_SESSION_SECRET)
    .split(',')
    .map((secret) => secret.trim())
    .filter(Boolean)
  if (isProduction && sessionSecrets.some((secret) => secret.length < 16)) {
    problems.push('SESSION_SECRET: each secret must be at least 16 characters')
  }
  const port = raw.PORT ?? DEFAULT_PORT
  const metricsPort = raw.METRICS_PORT ?? DEFAULT_METRICS_PORT
  if (metricsPort === port) {
    problems.push(
      'METRICS_PORT: must differ from PORT; metrics are never served on the public port',
    )
  }
  const analytics = analyticsSettings(raw, problems)
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`)
  }

  return {
    isProduction,
    backendUrl: raw.BACKEND_URL ?? DEV_MOCK_BACKEND_URL,
    sessionSecrets,
    port,
    host: raw.HOST ?? '0.0.0.0',
    siteUrl: raw.SITE_URL ?? `http://localhost:${port}`,
    schedulerUrl: raw.SCHEDULER_URL ?? 'https://calendly.com/brightwell-ai/discovery-call',
    companyPhone: raw.COMPANY_PHONE ?? '+44 20 7946 0958',
    companyEmail: raw.COMPANY_EMAIL ?? 'hello@brightwell.example',
    backendTimeoutMs: raw.BACKEND_TIMEOUT_MS ?? 5000,
    postsCacheTtlS: raw.POSTS_CACHE_TTL_S ?? 60,
    contactRateLimit: rateOf(raw.CONTACT_RATE_LIMIT ?? '5/900'),
    routeDiscoveryRateLimit: rateOf(raw.ROUTE_DISCOVERY_RATE_LIMIT ?? '120/60'),
    trustProxy: raw.TRUST_PROXY ?? 1,
    clientCostlyRateLimit: rateOf(raw.CLIENT_COSTLY_RATE_LIMIT ?? '600/30'),
    clientMaxInFlight: raw.CLIENT_MAX_IN_FLIGHT ?? 2,
    redisUrl: raw.REDIS_URL,
    metricsPort,
    analytics,
    imageHosts: raw.IMAGE_HOSTS ?? [],
  }
}

let cached: Config | undefined

/** The settings, parsed from process.env once per process. */
export function getConfig(): Config {
  cached ??= parseConfig(process.env)
  return cached
}

/** What the browser may see: contact details and links, never secrets. */
export function getPublicSiteConfig() {
  const config = getConfig()
  const phoneDigits = config.companyPhone.replace(/\D/g, '')
  return {
    siteUrl: config.siteUrl,
    schedulerUrl: config.schedulerUrl,
    phone: config.companyPhone,
    phoneHref: `tel:${config.companyPhone.replace(/[^\d+]/g, '')}`,
    whatsappUrl: `https://wa.me/${phoneDigits}`,
    email: config.companyEmail,
  }
}

export type PublicSiteConfig = ReturnType<typeof getPublicSiteConfig>

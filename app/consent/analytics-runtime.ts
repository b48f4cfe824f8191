/**
 * Runs the provider's script in the browser once the visitor has consented, and stops it when
 * they withdraw. Loaded on demand: a visitor who has not consented never downloads it.
 */
import type { AnalyticsSettings } from '~/lib/config.server'

type Gtag = (...args: unknown[]) => void
type AnalyticsWindow = Window & {
  dataLayer?: unknown[]
  gtag?: Gtag
  [gaDisable: `ga-disable-${string}`]: boolean
}

const PLAUSIBLE_IGNORE_KEY = 'plausible_ignore'
/** Google Analytics' first-party cookies: _ga, and _ga_<id> per measurement id. */
const GA_COOKIE = /^_ga(_|$)/

/** Scripts this page has run already: a script stays in memory once run, even when removed. */
const startedScripts = new Set<string>()

function analyticsWindow() {
  return window as unknown as AnalyticsWindow
}

/** The gtag() of Google's snippet: it must push the arguments object itself, not an array. */
function gtag(..._args: unknown[]) {
  const win = analyticsWindow()
  win.dataLayer ??= []
  // eslint-disable-next-line prefer-rest-params -- gtag.js reads Arguments objects only
  win.dataLayer.push(arguments)
}

function scriptElements(settings: AnalyticsSettings) {
  return [...document.querySelectorAll<HTMLScriptElement>('script[data-analytics]')].filter(
    (script) => script.src === settings.scriptUrl,
  )
}

function addScript(settings: AnalyticsSettings) {
  const script = document.createElement('script')
  script.async = true
  script.src = settings.scriptUrl
  script.dataset.analytics = settings.provider
  if (settings.provider === 'plausible') script.dataset.domain = settings.id
  document.head.append(script)
}

/** Starts analytics on this page: loads the script, or lets the one already run send again. */
export function startAnalytics(settings: AnalyticsSettings) {
  if (settings.provider === 'plausible') {
    try {
      localStorage.removeItem(PLAUSIBLE_IGNORE_KEY)
    } catch {
      // Storage blocked: Plausible cannot read the flag either.
    }
  } else {
    const win = analyticsWindow()
    win[`ga-disable-${settings.id}`] = false
    if (!startedScripts.has(settings.scriptUrl)) {
      gtag('consent', 'default', {
        analytics_storage: 'denied',
        ad_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
      })
      gtag('js', new Date())
      // Page views are sent on every route change (see sendPageView), the first one included.
      gtag('config', settings.id, {
        send_page_view: false,
        ...(settings.transportUrl ? { transport_url: settings.transportUrl } : {}),
      })
    }
    gtag('consent', 'update', { analytics_storage: 'granted' })
  }
  if (startedScripts.has(settings.scriptUrl)) return
  startedScripts.add(settings.scriptUrl)
  addScript(settings)
}

/** GA4 only: Plausible's script reports route changes itself (it wraps history.pushState). */
export function sendPageView(settings: AnalyticsSettings) {
  if (settings.provider !== 'ga4') return
  gtag('event', 'page_view', { page_location: window.location.href, page_title: document.title })
}

/**
 * Consent withdrawn: from now on nothing more is sent, the script leaves the page and the
 * provider's cookies are deleted. A script that has run cannot be unloaded, so each provider's
 * own off switch stops it: the ga-disable flag for gtag, plausible_ignore for Plausible.
 */
export function stopAnalytics(settings: AnalyticsSettings) {
  if (settings.provider === 'plausible') {
    try {
      localStorage.setItem(PLAUSIBLE_IGNORE_KEY, 'true')
    } catch {
      // Storage blocked: the script is removed below; a running one may still report.
    }
  } else if (startedScripts.has(settings.scriptUrl)) {
    gtag('consent', 'update', { analytics_storage: 'denied' })
    analyticsWindow()[`ga-disable-${settings.id}`] = true
  }
  for (const script of scriptElements(settings)) script.remove()
  deleteAnalyticsCookies()
}

/**
 * Deletes _ga and _ga_<id> on this host and on every parent domain, where gtag sets them by
 * default (the widest domain the browser accepts).
 */
export function deleteAnalyticsCookies() {
  const names = document.cookie
    .split(';')
    .map((pair) => pair.split('=')[0]!.trim())
    .filter((name) => GA_COOKIE.test(name))
  if (names.length === 0) return
  const { hostname } = window.location
  const labels = hostname.split('.')
  const isIpAddress = /^[\d.]+$|:/.test(hostname)
  const domains = isIpAddress
    ? []
    : labels.slice(0, -1).map((_, index) => `.${labels.slice(index).join('.')}`)
  const expired = 'expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
  for (const name of names) {
    document.cookie = `${name}=; ${expired}`
    for (const domain of domains) document.cookie = `${name}=; ${expired}; domain=${domain}`
  }
}

/**
 * The analytics a visitor may consent to (settings ANALYTICS, ANALYTICS_ID, ANALYTICS_SCRIPT_URL).
 * Shared by the server (CSP, settings) and the browser (what loads after 'I Consent').
 */
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

/** What a stored consent was given for: a change of setting asks the visitor again. */
export type AnalyticsSetting = AnalyticsProvider | 'none'

export function analyticsSetting(settings: AnalyticsSettings | null | undefined): AnalyticsSetting {
  return settings?.provider ?? 'none'
}

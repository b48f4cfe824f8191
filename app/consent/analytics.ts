import type { AnalyticsProvider, AnalyticsSettings } from '~/lib/config.server'

/** What a stored consent was given for: a change of setting asks the visitor again. */
export type AnalyticsSetting = AnalyticsProvider | 'none'

export function analyticsSetting(settings: AnalyticsSettings | null | undefined): AnalyticsSetting {
  return settings?.provider ?? 'none'
}

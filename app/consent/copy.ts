/**
 * Copy of the cookie consent dialog. Kept apart from the home page's copy because the dialog
 * is part of every page, and pages other than home should not download the home copy.
 */
import type { AnalyticsProvider, AnalyticsSettings } from '~/lib/config.server'

export type CookieConsentCopy = {
  readonly title: string
  /** followed by links to the Privacy Policy and the Terms of Service */
  readonly text: string
}

const ESSENTIALS =
  'We only use what this site needs to work: short-lived cookies for our enquiry form (when it was shown, and its confirmation messages) and a note of this choice.'

export const COOKIE_CONSENT_COPY = {
  title: 'Your privacy, your choice',
  text: `${ESSENTIALS} We run no analytics or advertising trackers today; if we ever add them, they will load only after you choose ‘I Consent’.`,
} as const satisfies CookieConsentCopy

/** What 'I Consent' switches on, with the provider's cookies (as the Privacy Policy lists them). */
const ANALYTICS_SENTENCE: Record<AnalyticsProvider, string> = {
  plausible:
    'If you choose ‘I Consent’, we also count page visits with Plausible Analytics, which sets no cookies and keeps nothing on your device.',
  ga4: 'If you choose ‘I Consent’, we also measure visits with Google Analytics, which sets the cookies _ga and _ga_<id> for up to 2 years.',
}

/** The dialog's text with the site's analytics setting: it names the provider and its cookies. */
export function cookieConsentText(analytics: AnalyticsSettings | null | undefined): string {
  if (!analytics) return COOKIE_CONSENT_COPY.text
  return `${ESSENTIALS} ${ANALYTICS_SENTENCE[analytics.provider]} You can change your mind at any time under ‘Cookie settings’ at the foot of every page.`
}

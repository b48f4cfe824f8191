/**
 * Copy of the cookie consent dialog. Kept apart from the home page's copy because the dialog
 * is part of every page, and pages other than home should not download the home copy.
 */
import type { AnalyticsSettings } from '~/lib/analytics'

import { analyticsDisclosure } from './analytics-disclosure'

export type CookieConsentCopy = {
  readonly title: string
  /** followed by links to the Privacy Policy and the Terms of Service */
  readonly text: string
}

const ESSENTIALS =
  'We only use what this site needs to work: a short-lived cookie for form confirmations and a note of this choice.'

export const COOKIE_CONSENT_COPY = {
  title: 'Your privacy, your choice',
  text: `${ESSENTIALS} We run no analytics or advertising trackers today; if we ever add them, they will load only after you choose ‘I Consent’.`,
} as const satisfies CookieConsentCopy

/** The dialog's text with the site's analytics setting: it names the provider and its cookies. */
export function cookieConsentText(analytics: AnalyticsSettings | null | undefined): string {
  const disclosure = analyticsDisclosure(analytics)
  if (!disclosure) return COOKIE_CONSENT_COPY.text
  return `${ESSENTIALS} ${disclosure.dialog} You can change your mind at any time under ‘Cookie settings’ at the foot of every page.`
}

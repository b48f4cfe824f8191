/**
 * Copy of the cookie consent dialog. Kept apart from the home page's copy because the dialog
 * is part of every page, and pages other than home should not download the home copy.
 */
export type CookieConsentCopy = {
  readonly title: string
  /** followed by links to the Privacy Policy and the Terms of Service */
  readonly text: string
}

export const COOKIE_CONSENT_COPY = {
  title: 'Your privacy, your choice',
  text: 'We only use what this site needs to work: a short-lived cookie for form confirmations and a note of this choice. We run no analytics or advertising trackers today; if we ever add them, they will load only after you choose ‘I Consent’.',
} as const satisfies CookieConsentCopy

/**
 * What the Privacy Policy says about the analytics provider the site is set up with (setting
 * ANALYTICS). The cookie dialog's one sentence about it is in cookie-consent.ts, kept apart so the
 * dialog does not download the policy's text.
 */
import type { RichText } from '~/content/legal/types'
import type { AnalyticsSettings } from '~/lib/config.server'

export type AnalyticsDisclosure = {
  /** the provider's product, as visitors know it */
  name: string
  /** paragraphs of the policy's 'Analytics and advertising' section */
  policy: string[]
  /** one sentence before the policy's table of cookies */
  cookiesIntro: string
  /** rows of that table: name, type, purpose, duration */
  storage: RichText[][]
}

const CHANGE_OF_MIND =
  'If you later choose ‘Only Essential’ or ‘Decline’ under ‘Cookie settings’ at the foot of every page, the analytics stop at once'

export function analyticsDisclosure(
  analytics: AnalyticsSettings | null | undefined,
): AnalyticsDisclosure | null {
  if (analytics?.provider === 'plausible') {
    return {
      name: 'Plausible Analytics',
      policy: [
        'If you choose ‘I Consent’ in our cookie dialog, we count visits to our pages with Plausible Analytics, a privacy-focused analytics service run by Plausible Insights OÜ in the European Union. Its script then loads from our pages and reports each page you view, the site or campaign that referred you, your browser, device type and country. Plausible sets no cookies and keeps no identifier on your device; it counts unique visitors with a daily changing hash of your IP address and browser that it cannot reverse, and discards the IP address itself.',
        `Until you choose ‘I Consent’, and if you choose ‘Only Essential’ or ‘Decline’, the Plausible script is not loaded and nothing is sent to Plausible. ${CHANGE_OF_MIND}: we note ‘plausible_ignore’ in your browser’s local storage so that no further visit is reported.`,
      ],
      cookiesIntro:
        'Plausible Analytics, which runs only after you choose ‘I Consent’, sets no cookies.',
      storage: [
        [
          'plausible_ignore',
          'Local storage, only after you withdraw consent',
          'Tells the Plausible script, which cannot be unloaded from a page already open, to report nothing more.',
          'Until you choose ‘I Consent’ again or clear your browser’s site data',
        ],
      ],
    }
  }
  if (analytics?.provider === 'ga4') {
    return {
      name: 'Google Analytics',
      policy: [
        'If you choose ‘I Consent’ in our cookie dialog, we measure visits to our pages with Google Analytics 4, a service of Google Ireland Limited. Its script then loads from our pages, sets two first-party cookies (_ga and _ga_<id>) that tell one visit of yours from another, and reports each page you view, the site or campaign that referred you, your browser, device and approximate location. We do not use it for advertising: advertising storage and personalisation stay switched off, and IP addresses are not stored by Google Analytics 4. Google may process this data in the United States under the UK Extension to the EU-US Data Privacy Framework.',
        `Until you choose ‘I Consent’, and if you choose ‘Only Essential’ or ‘Decline’, the Google Analytics script is not loaded, nothing is sent to Google and no Google Analytics cookie is set. ${CHANGE_OF_MIND} and we delete the _ga and _ga_<id> cookies.`,
      ],
      cookiesIntro:
        'The Google Analytics cookies below are set only after you choose ‘I Consent’, and deleted when you withdraw it.',
      storage: [
        [
          '_ga',
          'First-party analytics cookie, set only with your consent',
          'Google Analytics: tells one visitor from another with a random identifier.',
          '2 years, or until you withdraw consent',
        ],
        [
          `_ga_${analytics.id.replace(/^G-/, '')}`,
          'First-party analytics cookie, set only with your consent',
          'Google Analytics: keeps the state of your current visit (session).',
          '2 years, or until you withdraw consent',
        ],
      ],
    }
  }
  return null
}

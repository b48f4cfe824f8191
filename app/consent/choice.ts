/**
 * The visitor's cookie choice (docs/contracts.md): stored in localStorage under
 * `cookieConsent` as 'accepted' or 'declined', with when it was made and for which analytics
 * setting under keys of their own. This module is the one reader and writer: anything
 * non-essential (analytics, ads) must call hasConsent() first and may listen with
 * onConsentChange() to start once the visitor accepts.
 */
import { COOKIE_CONSENT_KEY } from '~/lib/constants'

import type { AnalyticsSetting } from './analytics'

export type Consent = 'accepted' | 'declined'

export const CONSENT_CHANGE_EVENT = 'cookie-consent-change'
/** ISO date and time of the choice */
export const CONSENT_DATE_KEY = 'cookieConsentDate'
/** the ANALYTICS setting the choice was made for */
export const CONSENT_SETTING_KEY = 'cookieConsentAnalytics'
/** A choice is asked for again this long after it was made. */
export const CONSENT_VALID_MONTHS = 12

/** A stored value we did not write (or none) counts as no choice yet. */
export function parseConsent(raw: string | null | undefined): Consent | null {
  return raw === 'accepted' || raw === 'declined' ? raw : null
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    // Storage blocked by the browser's privacy settings: behave as if nothing is stored.
    return null
  }
}

/**
 * The stored choice while it holds: made for this analytics setting, less than 12 months ago.
 * Null on the server, before a choice, after it lapsed, or when storage is unavailable. A choice
 * stored before dates were kept counts from now, and as made when no analytics existed.
 */
export function getConsent(setting: AnalyticsSetting = 'none', now = new Date()): Consent | null {
  try {
    const stored = storage()
    const consent = parseConsent(stored?.getItem(COOKIE_CONSENT_KEY))
    if (!stored || !consent) return null
    if ((stored.getItem(CONSENT_SETTING_KEY) ?? 'none') !== setting) return null
    const madeAt = new Date(stored.getItem(CONSENT_DATE_KEY) ?? NaN)
    if (Number.isNaN(madeAt.getTime())) {
      stored.setItem(CONSENT_DATE_KEY, now.toISOString())
      return consent
    }
    const lapsesAt = new Date(madeAt)
    lapsesAt.setMonth(lapsesAt.getMonth() + CONSENT_VALID_MONTHS)
    return now < lapsesAt ? consent : null
  } catch {
    return null
  }
}

/** True only after the visitor chose 'I Consent' for this analytics setting. */
export function hasConsent(setting: AnalyticsSetting = 'none'): boolean {
  return getConsent(setting) === 'accepted'
}

/** Stores the choice and tells listeners in this tab; other tabs hear it through 'storage'. */
export function setConsent(
  consent: Consent,
  setting: AnalyticsSetting = 'none',
  now = new Date(),
): void {
  try {
    const stored = storage()
    // The value other tabs listen for goes last, when its date and setting are there to read.
    stored?.setItem(CONSENT_DATE_KEY, now.toISOString())
    stored?.setItem(CONSENT_SETTING_KEY, setting)
    stored?.setItem(COOKIE_CONSENT_KEY, consent)
  } catch {
    // Full or blocked storage: the choice still applies to this page view.
  }
  window.dispatchEvent(new CustomEvent<Consent>(CONSENT_CHANGE_EVENT, { detail: consent }))
}

/** Calls back with the new choice whenever it changes, here or in another tab. */
export function onConsentChange(listener: (consent: Consent | null) => void): () => void {
  const onLocalChange = (event: Event) => listener((event as CustomEvent<Consent>).detail)
  const onOtherTabChange = (event: StorageEvent) => {
    if (event.key === COOKIE_CONSENT_KEY || event.key === null)
      listener(parseConsent(event.newValue))
  }
  window.addEventListener(CONSENT_CHANGE_EVENT, onLocalChange)
  window.addEventListener('storage', onOtherTabChange)
  return () => {
    window.removeEventListener(CONSENT_CHANGE_EVENT, onLocalChange)
    window.removeEventListener('storage', onOtherTabChange)
  }
}

/** Raised by 'Cookie settings' in the footer: the consent dialog opens again. */
export const COOKIE_SETTINGS_EVENT = 'cookie-settings-open'

export function openCookieSettings(): void {
  window.dispatchEvent(new Event(COOKIE_SETTINGS_EVENT))
}

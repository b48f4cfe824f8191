/**
 * The visitor's cookie choice (docs/contracts.md): stored in localStorage under
 * `cookieConsent` as 'accepted' or 'declined'. This module is the one reader and writer:
 * anything non-essential (analytics, ads) must call hasConsent() first and may listen with
 * onConsentChange() to start once the visitor accepts.
 */
import { COOKIE_CONSENT_KEY } from './constants'

export type Consent = 'accepted' | 'declined'

export const CONSENT_CHANGE_EVENT = 'cookie-consent-change'

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

/** The stored choice; null on the server, before a choice, or when storage is unavailable. */
export function getConsent(): Consent | null {
  try {
    return parseConsent(storage()?.getItem(COOKIE_CONSENT_KEY))
  } catch {
    return null
  }
}

/** True only after the visitor chose 'I Consent'. */
export function hasConsent(): boolean {
  return getConsent() === 'accepted'
}

/** Stores the choice and tells listeners in this tab; other tabs hear it through 'storage'. */
export function setConsent(consent: Consent): void {
  try {
    storage()?.setItem(COOKIE_CONSENT_KEY, consent)
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

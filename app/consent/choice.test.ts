import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import {
  CONSENT_CHANGE_EVENT,
  getConsent,
  hasConsent,
  onConsentChange,
  parseConsent,
  setConsent,
} from './choice'

function memoryStorage(): Storage {
  const values = new Map<string, string>()
  return {
    get length() {
      return values.size
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, String(value)),
  }
}

function fakeWindow(localStorage: Storage) {
  const target = new EventTarget()
  return Object.assign(target, { localStorage })
}

describe('parseConsent', () => {
  it('accepts only the two values the dialog writes', () => {
    expect(parseConsent('accepted')).toBe('accepted')
    expect(parseConsent('declined')).toBe('declined')
    expect(parseConsent('yes')).toBeNull()
    expect(parseConsent('')).toBeNull()
    expect(parseConsent(null)).toBeNull()
  })
})

describe('consent in the browser', () => {
  let storage: Storage

  beforeEach(() => {
    storage = memoryStorage()
    vi.stubGlobal('window', fakeWindow(storage))
  })

  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('has no choice until one is stored', () => {
    expect(getConsent()).toBeNull()
    expect(hasConsent()).toBe(false)
  })

  it('stores accepted under cookieConsent and reports consent', () => {
    setConsent('accepted')
    expect(storage.getItem('cookieConsent')).toBe('accepted')
    expect(getConsent()).toBe('accepted')
    expect(hasConsent()).toBe(true)
  })

  it('stores declined and reports no consent', () => {
    setConsent('declined')
    expect(storage.getItem('cookieConsent')).toBe('declined')
    expect(hasConsent()).toBe(false)
  })

  it('ignores a value it did not write', () => {
    storage.setItem('cookieConsent', 'maybe')
    expect(getConsent()).toBeNull()
  })

  it('tells listeners about a change in this tab, until they unsubscribe', () => {
    const heard: Array<string | null> = []
    const stop = onConsentChange((consent) => heard.push(consent))
    setConsent('accepted')
    stop()
    setConsent('declined')
    expect(heard).toEqual(['accepted'])
  })

  it('hears a change made in another tab', () => {
    const heard: Array<string | null> = []
    onConsentChange((consent) => heard.push(consent))
    const other = Object.assign(new Event('storage'), {
      key: 'cookieConsent',
      newValue: 'declined',
    })
    window.dispatchEvent(other)
    const unrelated = Object.assign(new Event('storage'), { key: 'theme', newValue: 'dark' })
    window.dispatchEvent(unrelated)
    expect(heard).toEqual(['declined'])
  })

  it('treats blocked storage as no choice and still announces a new one', () => {
    const blocked = Object.defineProperty(new EventTarget(), 'localStorage', {
      get() {
        throw new DOMException('blocked', 'SecurityError')
      },
    })
    vi.stubGlobal('window', blocked)
    const heard: string[] = []
    window.addEventListener(CONSENT_CHANGE_EVENT, () => heard.push('changed'))
    expect(getConsent()).toBeNull()
    expect(() => setConsent('accepted')).not.toThrow()
    expect(heard).toEqual(['changed'])
  })

  it('records when the choice was made and for which analytics setting', () => {
    setConsent('accepted', 'ga4', new Date('2026-03-01T10:00:00Z'))
    expect(storage.getItem('cookieConsent')).toBe('accepted')
    expect(storage.getItem('cookieConsentDate')).toBe('2026-03-01T10:00:00.000Z')
    expect(storage.getItem('cookieConsentAnalytics')).toBe('ga4')
  })

  it('holds for 12 months, then counts as no choice', () => {
    setConsent('accepted', 'plausible', new Date('2026-03-01T10:00:00Z'))
    expect(getConsent('plausible', new Date('2027-02-28T23:59:00Z'))).toBe('accepted')
    expect(getConsent('plausible', new Date('2027-03-01T10:00:00Z'))).toBeNull()
    setConsent('declined', 'plausible', new Date('2026-03-01T10:00:00Z'))
    expect(getConsent('plausible', new Date('2027-03-02T00:00:00Z'))).toBeNull()
  })

  it('counts as no choice once the analytics setting has changed', () => {
    setConsent('accepted', 'plausible')
    expect(hasConsent('plausible')).toBe(true)
    expect(getConsent('ga4')).toBeNull()
    expect(getConsent('none')).toBeNull()
  })

  it('takes a choice stored before dates were kept as made now, with no analytics', () => {
    storage.setItem('cookieConsent', 'accepted')
    const now = new Date('2026-06-01T00:00:00Z')
    expect(getConsent('none', now)).toBe('accepted')
    expect(storage.getItem('cookieConsentDate')).toBe(now.toISOString())
    expect(getConsent('plausible', now)).toBeNull()
    expect(getConsent('none', new Date('2027-06-01T00:00:00Z'))).toBeNull()
  })

  it('is empty on the server', () => {
    vi.unstubAllGlobals()
    expect(getConsent()).toBeNull()
  })
})

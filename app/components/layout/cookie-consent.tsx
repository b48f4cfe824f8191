import { useEffect, useState, type ComponentType } from 'react'

import { getConsent, onConsentChange, setConsent, type Consent } from '~/lib/consent'
import { COOKIE_DIALOG_DELAY_MS } from '~/lib/constants'

import type { ConsentDialogProps } from './cookie-consent-dialog'

/**
 * With no stored choice, a non-modal dialog appears 1 s after the page has
 * loaded and stays until the visitor chooses. It is never rendered on the server, so it cannot
 * block a page without JavaScript (where nothing non-essential exists to consent to). The timing
 * lives here; the dialog's markup and copy load separately, only for visitors who have not chosen.
 */
export function CookieConsent() {
  const [isOpen, setIsOpen] = useState(false)
  const [Dialog, setDialog] = useState<ComponentType<ConsentDialogProps> | null>(null)

  useEffect(() => {
    if (getConsent()) return
    let isCurrent = true
    void import('./cookie-consent-dialog').then((module) => {
      if (isCurrent) setDialog(() => module.ConsentDialog)
    })
    let timer: number | undefined
    const openLater = () => {
      timer = window.setTimeout(() => {
        if (!getConsent()) setIsOpen(true)
      }, msUntilDelayAfterLoad())
    }
    if (document.readyState === 'complete') openLater()
    else window.addEventListener('load', openLater, { once: true })
    const stopListening = onConsentChange((consent) => {
      if (consent) setIsOpen(false)
    })
    return () => {
      isCurrent = false
      window.clearTimeout(timer)
      window.removeEventListener('load', openLater)
      stopListening()
    }
  }, [])

  const choose = (consent: Consent) => {
    setConsent(consent)
    setIsOpen(false)
  }

  return isOpen && Dialog ? <Dialog onChoose={choose} /> : null
}

/**
 * The page may have loaded before React hydrated (a slow phone, a busy CPU), so the delay counts
 * from the load event itself, not from whenever this code first ran.
 */
function msUntilDelayAfterLoad(): number {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
  if (!navigation?.loadEventStart) return COOKIE_DIALOG_DELAY_MS
  const sinceLoad = performance.now() - navigation.loadEventStart
  return Math.min(COOKIE_DIALOG_DELAY_MS, Math.max(0, COOKIE_DIALOG_DELAY_MS - sinceLoad))
}

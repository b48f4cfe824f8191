import { useLocation } from '@remix-run/react'
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react'

import { useAnalyticsSettings } from '~/components/use-site-config'
import { analyticsSetting } from '~/consent/analytics'
import {
  COOKIE_SETTINGS_EVENT,
  getConsent,
  onConsentChange,
  setConsent,
  type Consent,
} from '~/consent/choice'
import { COOKIE_DIALOG_DELAY_MS } from '~/lib/constants'

import type { ConsentDialogProps } from './cookie-consent-dialog'

const Analytics = lazy(() => import('./analytics-loader'))

/**
 * With no valid choice stored, a non-modal dialog appears 1 s after the page has loaded and
 * stays until the visitor chooses; 'Cookie settings' (in the footer) opens it again at any time.
 * It is never rendered on the server, so it cannot block a page without JavaScript (where nothing
 * non-essential exists to consent to). The timing lives here; the dialog's markup and copy, and
 * the analytics code, load separately, only for visitors who need them.
 */
export function CookieConsent() {
  const analytics = useAnalyticsSettings()
  const setting = analyticsSetting(analytics)
  const { pathname, search } = useLocation()
  const [consent, setConsentState] = useState<Consent | null>(null)
  const [isOpen, setIsOpen] = useState(false)
  const [Dialog, setDialog] = useState<ComponentType<ConsentDialogProps> | null>(null)
  // Set when the visitor reopened the dialog: focus goes back there when it closes.
  const [openedFrom, setOpenedFrom] = useState<HTMLElement | null>(null)

  useEffect(() => {
    let isCurrent = true
    const loadDialog = () =>
      import('./cookie-consent-dialog').then((module) => {
        if (isCurrent) setDialog(() => module.ConsentDialog)
      })
    const reopen = () => {
      setOpenedFrom(document.activeElement as HTMLElement | null)
      void loadDialog().then(() => isCurrent && setIsOpen(true))
    }
    window.addEventListener(COOKIE_SETTINGS_EVENT, reopen)
    const stopListening = onConsentChange((changed) => {
      setConsentState(changed)
      if (changed) setIsOpen(false)
    })
    const stored = getConsent(setting)
    setConsentState(stored)
    // Cookies left from a consent that lapsed or was withdrawn elsewhere go at once.
    if (stored !== 'accepted' && /(^|;\s*)_ga/.test(document.cookie)) {
      void import('~/consent/analytics-runtime').then((module) => module.deleteAnalyticsCookies())
    }
    let timer: number | undefined
    const openLater = () => {
      timer = window.setTimeout(() => {
        if (!getConsent(setting)) setIsOpen(true)
      }, msUntilDelayAfterLoad())
    }
    if (!stored) {
      void loadDialog()
      if (document.readyState === 'complete') openLater()
      else window.addEventListener('load', openLater, { once: true })
    }
    return () => {
      isCurrent = false
      window.clearTimeout(timer)
      window.removeEventListener('load', openLater)
      window.removeEventListener(COOKIE_SETTINGS_EVENT, reopen)
      stopListening()
    }
  }, [setting])

  const close = () => {
    setIsOpen(false)
    openedFrom?.focus()
    setOpenedFrom(null)
  }
  const choose = (choice: Consent) => {
    setConsent(choice, setting)
    close()
  }

  return (
    <>
      {isOpen && Dialog ? (
        <Dialog
          analytics={analytics}
          onChoose={choose}
          onDismiss={openedFrom ? close : undefined}
        />
      ) : null}
      {consent === 'accepted' && analytics ? (
        <Suspense fallback={null}>
          <Analytics settings={analytics} page={pathname + search} />
        </Suspense>
      ) : null}
    </>
  )
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

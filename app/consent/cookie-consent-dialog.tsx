import { useLocation } from '@remix-run/react'
import { useCallback, useEffect, useRef, useState } from 'react'

import type { Consent } from '~/consent/choice'
import { COOKIE_CONSENT_COPY, cookieConsentText } from '~/consent/copy'
import type { AnalyticsSettings } from '~/lib/config.server'

import { LegalDocumentModalSlot, LegalModalLink, type LegalDocumentKey } from './legal-modals'

export type ConsentDialogProps = {
  /** the analytics 'I Consent' switches on, named in the text */
  analytics: AnalyticsSettings | null
  onChoose: (consent: Consent) => void
  /** Reopened through 'Cookie settings': Escape closes it and keeps the choice as it was. */
  onDismiss?: () => void
}

/** The consent dialog itself, loaded on demand by CookieConsent. */
export function ConsentDialog({ analytics, onChoose: choose, onDismiss }: ConsentDialogProps) {
  const [openDocument, setOpenDocument] = useState<LegalDocumentKey | null>(null)
  const dialogRef = useRef<HTMLDivElement>(null)
  const { pathname } = useLocation()
  const isReopened = onDismiss !== undefined

  // On its own, take focus only when nothing has it yet, so a visitor who is already reading or
  // typing is not interrupted; the dialog sits first in the page so Tab reaches it early anyway.
  // Reopened, it takes focus from the control that opened it.
  useEffect(() => {
    if (isReopened || !document.activeElement || document.activeElement === document.body) {
      dialogRef.current?.focus()
    }
  }, [isReopened])

  // Escape inside the reopened dialog closes it, unless a legal text is open above it.
  useEffect(() => {
    const dialog = dialogRef.current
    if (!onDismiss || openDocument || !dialog) return
    const dismissOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onDismiss()
    }
    dialog.addEventListener('keydown', dismissOnEscape)
    return () => dialog.removeEventListener('keydown', dismissOnEscape)
  }, [onDismiss, openDocument])

  // A link inside a legal text leads to another page: the modal goes with the old page.
  useEffect(() => setOpenDocument(null), [pathname])

  const closeDocument = useCallback(() => setOpenDocument(null), [])

  return (
    <>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="false"
        aria-labelledby="cookie-consent-title"
        aria-describedby="cookie-consent-text"
        tabIndex={-1}
        className="fixed inset-x-3 bottom-3 z-40 print:hidden rounded-2xl bg-white p-4 text-slate-900 shadow-2xl ring-1 ring-slate-900/10 focus:outline-none motion-safe:animate-[consent-in_300ms_ease-out] sm:inset-x-auto sm:bottom-6 sm:left-6 sm:max-w-md sm:p-6"
      >
        <h2 id="cookie-consent-title" className="text-base font-semibold">
          {COOKIE_CONSENT_COPY.title}
        </h2>
        <p id="cookie-consent-text" className="mt-2 text-sm leading-6 text-slate-600">
          {cookieConsentText(analytics)} Read our{' '}
          <LegalModalLink documentKey="privacy" onOpen={setOpenDocument} className={linkClass} />{' '}
          and <LegalModalLink documentKey="terms" onOpen={setOpenDocument} className={linkClass} />.
        </p>
        <div className="mt-4 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          <button
            type="button"
            onClick={() => choose('accepted')}
            className={`${buttonClass} col-span-2 bg-indigo-700 text-white hover:bg-indigo-800`}
          >
            I Consent
          </button>
          <button
            type="button"
            onClick={() => choose('declined')}
            className={`${buttonClass} bg-slate-100 text-slate-900 ring-1 ring-slate-300 hover:bg-slate-200`}
          >
            Only Essential
          </button>
          <button
            type="button"
            onClick={() => choose('declined')}
            className={`${buttonClass} text-slate-700 underline-offset-4 hover:bg-slate-50 hover:underline`}
          >
            Decline
          </button>
        </div>
      </div>
      <LegalDocumentModalSlot documentKey={openDocument} onClose={closeDocument} />
    </>
  )
}

const linkClass =
  'font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-indigo-600'

const buttonClass =
  'rounded-lg px-4 py-2.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600'

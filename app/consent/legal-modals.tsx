import { lazy, Suspense, type ReactNode } from 'react'

import { isPlainLeftClick } from '~/components/layout/scroll-to-section'

export type LegalDocumentKey = 'privacy' | 'terms'

/** The legal pages (/privacy-policy, /terms-of-service); their modals show the same text. */
export const LEGAL_LINKS = {
  privacy: { href: '/privacy-policy', label: 'Privacy Policy' },
  terms: { href: '/terms-of-service', label: 'Terms of Service' },
} as const satisfies Record<LegalDocumentKey, { href: string; label: string }>

const loadLegalDocumentModal = () => import('./legal-document-modal')
const LegalDocumentModal = lazy(loadLegalDocumentModal)

/**
 * A link to a legal page that opens the text as a modal instead. Without JavaScript, and on a
 * modified or middle click, it is an ordinary link to the page.
 */
export function LegalModalLink({
  documentKey,
  onOpen,
  className,
  children,
}: {
  documentKey: LegalDocumentKey
  onOpen: (documentKey: LegalDocumentKey) => void
  className?: string
  children?: ReactNode
}) {
  const { href, label } = LEGAL_LINKS[documentKey]
  return (
    <a
      href={href}
      className={className}
      // Fetch the text as soon as the visitor shows interest, so the modal opens without a wait.
      onPointerEnter={loadLegalDocumentModal}
      onFocus={loadLegalDocumentModal}
      onClick={(event) => {
        if (!isPlainLeftClick(event)) return
        event.preventDefault()
        onOpen(documentKey)
      }}
    >
      {children ?? label}
    </a>
  )
}

/** The open legal modal, if any; it sits in the top layer, above every other overlay. */
export function LegalDocumentModalSlot({
  documentKey,
  onClose,
}: {
  documentKey: LegalDocumentKey | null
  onClose: () => void
}) {
  if (!documentKey) return null
  return (
    <Suspense fallback={null}>
      <LegalDocumentModal documentKey={documentKey} onClose={onClose} />
    </Suspense>
  )
}

/**
 * The Privacy Policy or Terms of Service as a modal, from the same data as their pages.
 * Loaded on demand (the texts are long and most visits never open them).
 */
import { LegalDocumentBody } from '~/components/legal/legal-document'
import { Modal } from '~/components/ui/modal'
import { privacyPolicy } from '~/content/legal/privacy-policy'
import { termsOfService } from '~/content/legal/terms-of-service'

import type { LegalDocumentKey } from './legal-modals'

const LEGAL_DOCUMENTS = { privacy: privacyPolicy, terms: termsOfService } as const

export default function LegalDocumentModal({
  documentKey,
  onClose,
}: {
  documentKey: LegalDocumentKey
  onClose: () => void
}) {
  const doc = LEGAL_DOCUMENTS[documentKey]
  return (
    <Modal isOpen onClose={onClose} title={doc.title} size="lg">
      {/* Prefixed ids: the page behind may hold the same anchors (e.g. #contact). */}
      <LegalDocumentBody doc={doc} headingLevel={3} idPrefix={`${documentKey}-modal-`} />
    </Modal>
  )
}

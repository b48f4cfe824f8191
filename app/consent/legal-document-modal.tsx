/**
 * The Privacy Policy or Terms of Service as a modal, from the same data as their pages.
 * Loaded on demand (the texts are long and most visits never open them).
 */
import { LegalDocumentBody } from '~/components/legal/legal-document'
import { Modal } from '~/components/ui/modal'
import { useAnalyticsSettings } from '~/components/use-site-config'
import { privacyPolicyFor } from '~/content/legal/privacy-policy'
import { termsOfService } from '~/content/legal/terms-of-service'

import type { LegalDocumentKey } from './legal-modals'

export default function LegalDocumentModal({
  documentKey,
  onClose,
}: {
  documentKey: LegalDocumentKey
  onClose: () => void
}) {
  const analytics = useAnalyticsSettings()
  const doc = documentKey === 'privacy' ? privacyPolicyFor(analytics) : termsOfService
  return (
    <Modal isOpen onClose={onClose} title={doc.title} size="lg">
      {/* Prefixed ids: the page behind may hold the same anchors (e.g. #contact). */}
      <LegalDocumentBody doc={doc} headingLevel={3} idPrefix={`${documentKey}-modal-`} />
    </Modal>
  )
}

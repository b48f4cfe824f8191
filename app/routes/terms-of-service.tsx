import { LegalDocumentBody } from '~/components/legal/legal-document'
import { termsOfService } from '~/content/legal/terms-of-service'

export default function TermsOfServiceRoute() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-4xl font-bold">{termsOfService.title}</h1>
      <LegalDocumentBody doc={termsOfService} />
    </article>
  )
}

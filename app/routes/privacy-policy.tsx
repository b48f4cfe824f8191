import { LegalDocumentBody } from '~/components/legal/legal-document'
import { privacyPolicy } from '~/content/legal/privacy-policy'

export default function PrivacyPolicyRoute() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-4xl font-bold">{privacyPolicy.title}</h1>
      <LegalDocumentBody doc={privacyPolicy} />
    </article>
  )
}

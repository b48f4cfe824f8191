import type { LegalDocument } from '~/content/legal/types'

/** Placeholder until the legal renderer lands: renders a legal document's sections. */
export function LegalDocumentBody({ doc }: { doc: LegalDocument; headingLevel?: 2 | 3 }) {
  return (
    <div>
      {doc.sections.map((section) => (
        <h2 key={section.id}>{section.title}</h2>
      ))}
    </div>
  )
}

import { KeptMarkup } from '~/components/kept-markup'
import { COMPANY } from '~/content/company'
import type { LegalDocument } from '~/content/legal/types'

import { LegalTableOfContents } from './legal-contents'
import { LegalDocumentBody, LegalDocumentDate } from './legal-document'

/**
 * The frame of a legal page: title, date and registration, contents beside the text. All of it
 * is text and links, so it keeps its server markup while the page hydrates.
 */
export function LegalPage({ doc }: { doc: LegalDocument }) {
  return (
    <KeptMarkup
      key={doc.title}
      as="article"
      className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8 print:max-w-none print:p-0"
    >
      <div className="max-w-3xl border-b border-slate-200 pb-8">
        <p className="text-sm font-semibold text-indigo-700 print:hidden">Legal</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {doc.title}
        </h1>
        <p className="mt-4 text-base font-medium text-slate-700">
          <LegalDocumentDate doc={doc} />
        </p>
        <p className="mt-2 text-sm leading-6 text-slate-600">
          {COMPANY.legalName} is a company registered in {COMPANY.registeredIn} (company number{' '}
          {COMPANY.companyNumber}). Registered office: {COMPANY.registeredOffice}.
        </p>
      </div>
      <div className="mt-10 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-12 print:mt-6 print:block">
        <div className="lg:sticky lg:top-24 lg:self-start print:hidden">
          <LegalTableOfContents doc={doc} />
        </div>
        <div className="mt-10 max-w-3xl lg:mt-0 print:mt-0 print:max-w-none">
          <LegalDocumentBody doc={doc} headingLevel={2} showDate={false} />
        </div>
      </div>
    </KeptMarkup>
  )
}

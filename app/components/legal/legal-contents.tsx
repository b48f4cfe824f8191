import type { LegalDocument } from '~/content/legal/types'

/**
 * The document's table of contents. Plain in-page anchors: they work without JavaScript and the
 * browser's own scroll-padding keeps each heading clear of the fixed header.
 */
export function LegalTableOfContents({
  doc,
  idPrefix = '',
}: {
  doc: LegalDocument
  idPrefix?: string
}) {
  return (
    <nav
      aria-labelledby={`${idPrefix}contents-heading`}
      className="rounded-xl border border-slate-200 bg-slate-50 p-5 print:hidden lg:max-h-[calc(100vh-8rem)] lg:overflow-y-auto lg:border-0 lg:bg-transparent lg:p-0"
    >
      <h2
        id={`${idPrefix}contents-heading`}
        className="text-sm font-semibold uppercase tracking-wide text-slate-900"
      >
        Contents
      </h2>
      <ol className="mt-3 space-y-1 text-sm sm:columns-2 sm:gap-8 lg:columns-1 lg:border-l lg:border-slate-200">
        {doc.sections.map((section) => (
          <li key={section.id} className="break-inside-avoid">
            <a
              href={`#${idPrefix}${section.id}`}
              className="block rounded-sm py-1 text-slate-700 hover:text-indigo-700 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600 lg:-ml-px lg:border-l lg:border-transparent lg:pl-4 lg:hover:border-indigo-400"
            >
              {section.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  )
}

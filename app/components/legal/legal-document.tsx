import { Link } from '@remix-run/react'
import { useId } from 'react'

import { ExternalLink } from '~/components/ui/external-link'
import { useSiteConfig } from '~/components/use-site-config'
import type {
  InlinePart,
  LegalBlock,
  LegalDocument,
  LegalSection,
  RichText,
} from '~/content/legal/types'

type HeadingLevel = 2 | 3

type LegalDocumentBodyProps = {
  doc: LegalDocument
  /** 2 on the legal pages (under their h1); 3 inside a modal, whose title is the h2 */
  headingLevel?: HeadingLevel
  /** Prepended to every section id, so a modal's anchors never collide with the page's own ids. */
  idPrefix?: string
  /** The date line; the legal pages show it in their own heading block instead. */
  showDate?: boolean
}

/** Renders a legal text from its structured source: the pages and the modals both use this. */
export function LegalDocumentBody({
  doc,
  headingLevel = 2,
  idPrefix = '',
  showDate = true,
}: LegalDocumentBodyProps) {
  return (
    <div
      // One type scale (prose's default) for every long text: each extra size adds to every page's CSS.
      className={`legal-document prose prose-slate max-w-none prose-headings:text-slate-900 prose-a:text-indigo-700 prose-a:underline-offset-2 prose-a:hover:text-indigo-900`}
    >
      {showDate ? (
        <p className="text-sm text-slate-600">
          <LegalDocumentDate doc={doc} />
        </p>
      ) : null}
      {doc.intro.map((block, index) => (
        <Block key={index} block={block} subheadingLevel={headingLevel} />
      ))}
      {doc.sections.map((section) => (
        <Section
          key={section.id}
          section={section}
          id={`${idPrefix}${section.id}`}
          headingLevel={headingLevel}
        />
      ))}
    </div>
  )
}

/** 'Last updated 25 July 2025' or 'Effective 25 July 2025', machine-readable through <time>. */
export function LegalDocumentDate({ doc }: { doc: LegalDocument }) {
  return (
    <>
      {doc.dateLabel} <time dateTime={doc.date}>{doc.dateText}</time>
    </>
  )
}

function Section({
  section,
  id,
  headingLevel,
}: {
  section: LegalSection
  id: string
  headingLevel: HeadingLevel
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <section id={id}>
      <Heading>{section.title}</Heading>
      {section.blocks.map((block, index) => (
        <Block key={index} block={block} subheadingLevel={headingLevel === 2 ? 3 : 4} />
      ))}
    </section>
  )
}

function Block({ block, subheadingLevel }: { block: LegalBlock; subheadingLevel: 2 | 3 | 4 }) {
  switch (block.kind) {
    case 'p':
      return (
        <p>
          <RichTextContent text={block.text} />
        </p>
      )
    case 'ul':
      return (
        <ul>
          {block.items.map((item, index) => (
            <li key={index}>
              <RichTextContent text={item} />
            </li>
          ))}
        </ul>
      )
    case 'h3': {
      const Subheading = subheadingLevel === 2 ? 'h2' : subheadingLevel === 3 ? 'h3' : 'h4'
      return <Subheading>{block.text}</Subheading>
    }
    case 'table':
      return <Table caption={block.caption} columns={block.columns} rows={block.rows} />
  }
}

/**
 * A real table, with its first column as row headers. On a narrow screen it keeps readable
 * column widths and scrolls sideways; the scrolling box is focusable so keyboards can scroll it.
 */
function Table({
  caption,
  columns,
  rows,
}: {
  caption: string
  columns: string[]
  rows: RichText[][]
}) {
  const captionId = useId()
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      // A box that scrolls sideways must be reachable by keyboard to be scrolled (WCAG 2.1.1).
      // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex
      tabIndex={0}
      className="not-prose my-6 overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 print:overflow-visible"
    >
      <table className="w-full min-w-[36rem] border-collapse text-left text-sm leading-6 text-slate-700 print:min-w-0">
        <caption
          id={captionId}
          className="border-b border-slate-200 bg-slate-50 px-4 py-3 text-left font-semibold text-slate-900"
        >
          {caption}
        </caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((column) => (
              <th
                key={column}
                scope="col"
                className="border-b border-slate-200 px-4 py-3 align-bottom font-semibold text-slate-900"
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row, rowIndex) => (
            <tr key={rowIndex} className="break-inside-avoid">
              {row.map((cell, cellIndex) =>
                cellIndex === 0 ? (
                  <th
                    key={cellIndex}
                    scope="row"
                    className="px-4 py-3 align-top font-medium text-slate-900"
                  >
                    <RichTextContent text={cell} />
                  </th>
                ) : (
                  <td key={cellIndex} className="px-4 py-3 align-top">
                    <RichTextContent text={cell} />
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function RichTextContent({ text }: { text: RichText }) {
  if (typeof text === 'string') return <>{text}</>
  return (
    <>
      {text.map((part, index) => (
        <InlinePartContent key={index} part={part} />
      ))}
    </>
  )
}

function InlinePartContent({ part }: { part: InlinePart }) {
  if (typeof part === 'string') return <>{part}</>
  if ('contact' in part) return <ContactLink kind={part.contact} />
  if (part.href.startsWith('/')) return <Link to={part.href}>{part.text}</Link>
  return <ExternalLink href={part.href}>{part.text}</ExternalLink>
}

/** The company's email or phone, from settings (COMPANY_EMAIL / COMPANY_PHONE). */
function ContactLink({ kind }: { kind: 'email' | 'phone' }) {
  const site = useSiteConfig()
  // Only when the root loader failed: point to the contact form rather than leave a gap.
  if (!site) return <Link to="/contact">our contact form</Link>
  return kind === 'email' ? (
    <a href={`mailto:${site.email}`}>{site.email}</a>
  ) : (
    <a href={site.phoneHref}>{site.phone}</a>
  )
}

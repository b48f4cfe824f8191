/**
 * Legal texts are structured data so that the page and the modal render the same source.
 * A contact part is filled in from settings (COMPANY_EMAIL / COMPANY_PHONE) when rendered.
 */
export type InlinePart = string | { text: string; href: string } | { contact: 'email' | 'phone' }
export type RichText = string | InlinePart[]

export type LegalBlock =
  | { kind: 'p'; text: RichText }
  | { kind: 'ul'; items: RichText[] }
  | { kind: 'h3'; text: string }
  | { kind: 'table'; caption: string; columns: string[]; rows: RichText[][] }

export type LegalSection = {
  /** anchor id, kebab-case, unique within the document */
  id: string
  title: string
  blocks: LegalBlock[]
}

export type LegalDocument = {
  title: string
  path: '/privacy-policy' | '/terms-of-service'
  /** one sentence for the meta description */
  description: string
  /** the words before the date, e.g. 'Last updated' */
  dateLabel: string
  /** ISO date, for <time dateTime> */
  date: string
  /** as shown, e.g. '25 July 2025' */
  dateText: string
  intro: LegalBlock[]
  sections: LegalSection[]
}

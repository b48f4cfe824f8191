/**
 * The enquiry's fields and the answers of its action. No zod here: the form imports this at once
 * and loads the schema (./enquiry) only when it is about to be used.
 */
export const ENQUIRY_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'businessName',
  'message',
] as const

export type EnquiryField = (typeof ENQUIRY_FIELDS)[number]
/** What the visitor typed, as typed. */
export type EnquiryValues = Record<EnquiryField, string>
export type EnquiryErrors = Partial<Record<EnquiryField, string>>

/** The spam defence's honeypot: a person never sees it; bots fill in every field they find. */
export const SPAM_TRAP_FIELD = 'companyWebsite'

/** A form shown again keeps what the visitor typed. */
type ShownAgain = { values: EnquiryValues }

/**
 * What the action answers, and what the form renders. `sent` only reaches the form with
 * JavaScript; without it, success is a redirect to the thank-you page.
 */
export type EnquiryResult =
  | { outcome: 'sent' }
  | ({ outcome: 'invalid'; errors: EnquiryErrors } & ShownAgain)
  | ({ outcome: 'failed'; message: string } & Partial<ShownAgain>)
  | ({ outcome: 'rate-limited'; message: string } & ShownAgain)
  | { outcome: 'too-large'; message: string }

/** Where both forms post, on / and on /contact. */
export const ENQUIRY_ACTION = '/contact'

export const ENQUIRY_FAILED_MESSAGE =
  'There was an error submitting your form. Please try again or contact us directly.'

/** The six fields of a submitted form; anything missing or not text (a file) counts as empty. */
export function readEnquiryValues(formData: FormData): EnquiryValues {
  const read = (field: EnquiryField) => {
    const value = formData.get(field)
    return typeof value === 'string' ? value : ''
  }
  return {
    firstName: read('firstName'),
    lastName: read('lastName'),
    email: read('email'),
    phone: read('phone'),
    businessName: read('businessName'),
    message: read('message'),
  }
}

/** The first field, in form order, that has an error. */
export function firstInvalidField(errors: EnquiryErrors): EnquiryField | undefined {
  return ENQUIRY_FIELDS.find((field) => errors[field])
}

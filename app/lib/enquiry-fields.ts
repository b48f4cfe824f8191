import type { ShouldRevalidateFunction } from '@remix-run/react'

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

/**
 * What the action answers, and what the form renders. `sent` only reaches the form with
 * JavaScript; without it, success is a redirect to the thank-you page.
 */
export type EnquiryResult =
  | { outcome: 'sent' }
  | { outcome: 'invalid'; errors: EnquiryErrors; values: EnquiryValues }
  | {
      outcome: 'failed'
      message: string
      values?: EnquiryValues
      /** the server also set the message as a flash toast, which the root loader delivers */
      isFlashToast?: boolean
    }
  | { outcome: 'rate-limited'; message: string; values: EnquiryValues }
  | { outcome: 'too-large'; message: string }

/** Where both forms post, on / and on /contact. */
export const ENQUIRY_ACTION = '/contact'

/**
 * An enquiry changes no page's data, so the routes on screen skip reloading theirs after one:
 * on a lost connection that reload would fail too and replace the form, and what the visitor
 * typed, with an error page.
 */
export const skipRevalidationAfterEnquiry: ShouldRevalidateFunction = ({
  formAction,
  defaultShouldRevalidate,
}) => (formAction === ENQUIRY_ACTION ? false : defaultShouldRevalidate)

/**
 * The root reloads after an enquiry only to collect a flash toast the server has just set: the
 * server answered, so the connection is up and the reload cannot blank the page.
 */
export const collectFlashToastAfterEnquiry: ShouldRevalidateFunction = (args) =>
  args.formAction === ENQUIRY_ACTION
    ? hasFlashToast(args.actionResult)
    : args.defaultShouldRevalidate

/** Whether an enquiry's answer says a flash toast is waiting in the cookie. */
export function hasFlashToast(result: unknown): boolean {
  return (
    typeof result === 'object' &&
    result !== null &&
    'isFlashToast' in result &&
    result.isFlashToast === true
  )
}

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

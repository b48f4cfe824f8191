/**
 * The contact enquiry's rules (docs/contracts.md): one schema, run in the browser before sending
 * and again by the action. zod's mini build, and the form loads this module only on use, so the
 * rules cost the home page nothing until someone fills in the form (a classic zod schema would
 * weigh on every route chunk that imports it: docs/decisions/004-javascript-budget.md).
 */
import * as z from 'zod/mini'

import { MESSAGE_MIN_CHARS, PHONE_MAX_DIGITS } from '~/lib/constants'

import type { EnquiryErrors, EnquiryField, EnquiryValues } from './fields'

// zod compiles object checks with `new Function` unless told not to; the site's CSP forbids
// eval, and the probe alone makes the browser report a violation. A six-field form needs no JIT.
z.config({ jitless: true })

export const ENQUIRY_MAX_CHARS = {
  firstName: 100,
  lastName: 100,
  email: 254,
  phone: 30,
  businessName: 200,
  message: 5000,
} as const satisfies Record<EnquiryField, number>

/** An optional leading '+', a first digit 1-9, then up to 15 more digits. */
const PHONE_PATTERN = new RegExp(`^\\+?[1-9]\\d{0,${PHONE_MAX_DIGITS - 1}}$`)

/**
 * A length rule in UTF-16 code units, as `String.length` counts them (an emoji is two). zod 4.6's
 * own minLength and maxLength count code points, which would move the limits the form has had.
 */
function length(isWithin: (chars: number) => boolean, error: string) {
  return z.refine<string>((value) => isWithin(value.length), { error, abort: true })
}

/**
 * Trims, then checks that something is left and that it is not too long. The checks abort at
 * the first failure, so each field reports one message: the first rule it breaks.
 */
function text(field: EnquiryField, label: string, requiredMessage: string) {
  const maxChars = ENQUIRY_MAX_CHARS[field]
  return z.string({ error: requiredMessage }).check(
    z.trim(),
    length((chars) => chars >= 1, requiredMessage),
    length((chars) => chars <= maxChars, `${label} must be at most ${maxChars} characters`),
  )
}

export const enquirySchema = z.object({
  firstName: text('firstName', 'First name', 'First name is required'),
  lastName: text('lastName', 'Last name', 'Last name is required'),
  email: text('email', 'Email', 'Email is required').check(
    z.regex(z.regexes.email, { error: 'Please enter a valid email address' }),
  ),
  phone: text('phone', 'Phone number', 'Phone number is required').check(
    z.refine((phone) => PHONE_PATTERN.test(phone.replace(/\s/g, '')), {
      error: 'Please enter a valid phone number',
    }),
  ),
  businessName: text('businessName', 'Business name', 'Business name is required'),
  message: text('message', 'Message', 'Please tell us about your needs').check(
    length(
      (chars) => chars >= MESSAGE_MIN_CHARS,
      `Message must be at least ${MESSAGE_MIN_CHARS} characters long`,
    ),
  ),
})

/** What is forwarded to the backend: exactly the six fields, trimmed. */
export type Enquiry = z.infer<typeof enquirySchema>

export type EnquiryValidation =
  { success: true; enquiry: Enquiry } | { success: false; errors: EnquiryErrors }

export function validateEnquiry(values: EnquiryValues): EnquiryValidation {
  const result = enquirySchema.safeParse(values)
  if (result.success) return { success: true, enquiry: result.data }
  const errors: EnquiryErrors = {}
  for (const issue of result.error.issues) {
    const field = issue.path[0] as EnquiryField
    errors[field] ??= issue.message
  }
  return { success: false, errors }
}

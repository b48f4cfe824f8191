/**
 * The sample enquiry every test and script sends, and the action's failure message. The site
 * forwards an enquiry once in 10 minutes, so each sending gets a message of its own.
 */
import type { Locator } from '@playwright/test'

import type { EnquiryValues } from '../../app/enquiry/fields'
import { MIN_FILL_MS } from '../../app/enquiry/spam.server'

export { ENQUIRY_FAILED_MESSAGE } from '../../app/enquiry/fields'

/** Quotes, an ampersand, angle brackets and a multi-byte letter: escaping is tested on the way. */
export const SAMPLE_ENQUIRY: EnquiryValues = {
  firstName: 'Zoë',
  lastName: "O'Brien",
  email: 'zoe.obrien@example.co.uk',
  phone: '+44 7700 900123',
  businessName: 'Brien & Daughters <Plumbing>',
  message: 'We miss calls while on jobs and want an AI receptionist to book visits.',
}

/** What each field says when it is sent empty, written out as a visitor reads it. */
export const REQUIRED_MESSAGES = [
  ['firstName', 'First name is required'],
  ['lastName', 'Last name is required'],
  ['email', 'Email is required'],
  ['phone', 'Phone number is required'],
  ['businessName', 'Business name is required'],
  ['message', 'Please tell us about your needs'],
] as const

let sent = 0

/** The sample, with a numbered message so that it is not a repeat of an earlier one. */
export function uniqueEnquiry(overrides: Partial<EnquiryValues> = {}): EnquiryValues {
  sent += 1
  return {
    ...SAMPLE_ENQUIRY,
    message: `${SAMPLE_ENQUIRY.message} (enquiry ${process.pid}-${sent})`,
    ...overrides,
  }
}

/**
 * When the page that holds `form` was served, read from the cookie the site set with it: a
 * signed value whose first part is the time, base64-encoded JSON.
 */
export async function servedAtMs(form: Locator) {
  const cookies = await form.page().context().cookies()
  const signed = decodeURIComponent(cookies.find(({ name }) => name === 'form_served_at')!.value)
  return Number(JSON.parse(Buffer.from(signed.split('.')[0]!, 'base64').toString()))
}

/**
 * Waits until a person could have filled in the form: the site takes a post sent sooner than
 * 2 s after the page was served for a bot's, and forwards nothing.
 */
export async function waitLikeAPerson(form: Locator) {
  const wait = (await servedAtMs(form)) + MIN_FILL_MS + 100 - Date.now()
  if (wait > 0) await form.page().waitForTimeout(wait)
}

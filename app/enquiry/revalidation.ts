import type { ShouldRevalidateFunction } from '@remix-run/react'

import { ENQUIRY_ACTION } from './fields'

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

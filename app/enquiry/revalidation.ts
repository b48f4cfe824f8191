import type { ShouldRevalidateFunction } from '@remix-run/react'

import { ENQUIRY_ACTION } from './fields'

/**
 * An enquiry changes no page's data, so the routes on screen (the root and the page with the
 * form) skip reloading theirs after one: on a lost connection that reload would fail too and
 * replace the form, and what the visitor typed, with an error page.
 */
export const skipRevalidationAfterEnquiry: ShouldRevalidateFunction = ({
  formAction,
  defaultShouldRevalidate,
}) => (formAction === ENQUIRY_ACTION ? false : defaultShouldRevalidate)

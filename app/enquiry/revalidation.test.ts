import type { ShouldRevalidateFunctionArgs } from '@remix-run/react'
import { describe, expect, it } from 'vitest'

import { ENQUIRY_ACTION, ENQUIRY_FAILED_MESSAGE } from './fields'
import { skipRevalidationAfterEnquiry } from './revalidation'

function after(formAction: string | undefined, actionResult?: unknown) {
  return {
    currentUrl: new URL('http://localhost/'),
    currentParams: {},
    nextUrl: new URL('http://localhost/'),
    nextParams: {},
    formMethod: formAction ? 'POST' : undefined,
    formAction,
    actionResult,
    defaultShouldRevalidate: true,
  } as ShouldRevalidateFunctionArgs
}

const failed = { outcome: 'failed', message: ENQUIRY_FAILED_MESSAGE }

describe('reloading page data after an enquiry', () => {
  it('the routes on screen never reload theirs, whatever the answer', () => {
    expect(skipRevalidationAfterEnquiry(after(ENQUIRY_ACTION, { outcome: 'sent' }))).toBe(false)
    expect(skipRevalidationAfterEnquiry(after(ENQUIRY_ACTION, failed))).toBe(false)
  })

  it('other submissions and navigations keep the router’s own rule', () => {
    expect(skipRevalidationAfterEnquiry(after('/somewhere-else'))).toBe(true)
    expect(skipRevalidationAfterEnquiry(after(undefined))).toBe(true)
  })
})

import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/node'
import { data } from '@remix-run/node'
import { useActionData, useLoaderData, type ClientActionFunctionArgs } from '@remix-run/react'

import { ContactPage } from '~/components/contact/contact-page'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { notify } from '~/components/ui/toaster'
import { CONTACT_PAGE_COPY } from '~/content/contact'
import { ENQUIRY_FAILED_MESSAGE, type EnquiryResult } from '~/enquiry/fields'
import { skipRevalidationAfterEnquiry } from '~/enquiry/revalidation'
import { submitEnquiry } from '~/enquiry/submit.server'
import { pageCacheHandle } from '~/lib/constants'
import { CACHE_CONTROL } from '~/lib/http-cache.server'
import { pageMeta, siteUrlFrom, type RootLoaders } from '~/lib/meta'

export const meta: MetaFunction<typeof loader, RootLoaders> = ({ data, matches }) =>
  pageMeta({
    siteUrl: siteUrlFrom(matches),
    path: '/contact',
    title: CONTACT_PAGE_COPY.metaTitle,
    description: CONTACT_PAGE_COPY.metaDescription,
    noIndex: data?.isSent,
  })

/** A page answer does not carry the action's headers unless the route passes them on. */
export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders, errorHeaders }) => {
  const headers = new Headers({ 'Cache-Control': loaderHeaders.get('Cache-Control') ?? '' })
  for (const source of [actionHeaders, errorHeaders]) {
    for (const name of ['Retry-After', 'Connection', 'Allow']) {
      const value = source?.get(name)
      if (value) headers.set(name, value)
    }
  }
  return headers
}

export async function loader({ request }: LoaderFunctionArgs) {
  const isSent = new URL(request.url).searchParams.get('sent') === '1'
  // The thank-you page is one visitor's: no cache keeps it.
  const cacheControl = isSent ? CACHE_CONTROL.personal : CACHE_CONTROL.formPage
  return data({ isSent }, { headers: { 'Cache-Control': cacheControl } })
}

export const handle = pageCacheHandle(['sent'])

export async function action({ request, context }: ActionFunctionArgs) {
  return submitEnquiry(request, context)
}

/**
 * With JavaScript the form posts through a fetcher: the server's 303 becomes 'sent' so the
 * thank-you dialog opens in place, and a failure, the backend's or a lost connection, becomes
 * the failure toast instead of an error page that would throw away what the visitor typed.
 */
export async function clientAction({
  serverAction,
}: ClientActionFunctionArgs): Promise<EnquiryResult> {
  let result: EnquiryResult
  try {
    result = await serverAction<typeof action>()
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400) {
      return { outcome: 'sent' }
    }
    console.warn('The enquiry could not be sent:', error)
    result = { outcome: 'failed', message: ENQUIRY_FAILED_MESSAGE }
  }
  if (result.outcome === 'failed') notify(result.message, 'error')
  return result
}

export const shouldRevalidate = skipRevalidationAfterEnquiry

export default function ContactRoute() {
  const { isSent } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  return <ContactPage serverResult={result} wasSentWithoutJavaScript={isSent} />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

import crypto from 'node:crypto'

import { data, redirect, type AppLoadContext } from '@remix-run/node'

import { ENQUIRY_FORM_COPY } from '~/content/contact'
import { postBackendJson, type BackendResult } from '~/lib/backend.server'
import { MAX_REQUEST_BODY_BYTES } from '~/lib/constants'
import { log } from '~/lib/log.server'
import { metrics } from '~/lib/metrics.server'

import { ENQUIRY_FAILED_MESSAGE, readEnquiryValues, type EnquiryResult } from './fields'
import { validateEnquiry, type Enquiry } from './schema'
import { spamReason } from './spam.server'

/** Where a successful enquiry without JavaScript lands: a GET, so a reload sends nothing. */
const THANK_YOU_PATH = '/contact?sent=1'
const SEND_EMAIL_PATH = '/app/send-email/'

type BodyReading = { status: 'read'; formData: FormData } | { status: 'too-large' }

/** The form body, read up to the limit: a chunked upload has no Content-Length to check first. */
async function readFormBody(request: Request): Promise<BodyReading> {
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = request.body?.getReader()
  while (reader) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    // Stop reading without cancelling: cancelling destroys the socket before the 413 is sent.
    // server.ts refuses a declared Content-Length over the limit; a chunked body is counted here.
    if (size > MAX_REQUEST_BODY_BYTES) return { status: 'too-large' }
    chunks.push(value)
  }
  const contentType = request.headers.get('content-type') ?? ''
  try {
    const formData = await new Response(concat(chunks, size), {
      headers: { 'content-type': contentType },
    }).formData()
    return { status: 'read', formData }
  } catch {
    // Not a form (JSON, garbage): treated as an empty form, so every field says what it needs.
    return { status: 'read', formData: new FormData() }
  }
}

function concat(chunks: Uint8Array[], size: number) {
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/** Sends a valid enquiry to the backend; only the answer's status matters. */
export async function forwardEnquiry(enquiry: Enquiry): Promise<BackendResult<null>> {
  const result = await postBackendJson(SEND_EMAIL_PATH, enquiry)
  if (result.status === 'error') {
    // A lost lead: loud, but without the visitor's details.
    log('error', 'enquiry not forwarded', { reason: result.error })
    metrics.countEnquiry('failed')
  } else {
    log('info', 'enquiry forwarded')
    metrics.countEnquiry('forwarded')
  }
  return result
}

/**
 * The same enquiry, as far as its reader is concerned: the six trimmed values, the email in any
 * case. A hash, so the shared memory holds no personal data in the clear.
 */
export function enquiryFingerprint(enquiry: Enquiry): string {
  const same = { ...enquiry, email: enquiry.email.toLowerCase() }
  return crypto.createHash('sha256').update(JSON.stringify(same)).digest('base64url')
}

/** What to do instead: the form shows the phone, email and WhatsApp links right below it. */
function rateLimitedMessage(retryAfterS: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterS / 60))
  const wait = `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`
  return `Too many enquiries have been sent from your connection. Please try again in ${wait}, or call, email or message us on WhatsApp instead.`
}

/**
 * POST /contact, as docs/contracts.md says. The checks run in this order (docs/decisions/009):
 * size (413), origin (403, by server.ts before Remix), validation (400), spam and duplicate
 * (answered as a success, nothing forwarded), rate limit (429), forward (303, or 502).
 */
export async function submitEnquiry(request: Request, context: AppLoadContext) {
  if (request.method !== 'POST') {
    throw new Response('Method Not Allowed', { status: 405, headers: { Allow: 'GET, HEAD, POST' } })
  }
  const body = await readFormBody(request)
  if (body.status === 'too-large') {
    log('warn', 'enquiry body too large')
    metrics.countEnquiry('too_large')
    return data<EnquiryResult>(
      { outcome: 'too-large', message: ENQUIRY_FORM_COPY.tooLarge },
      // The rest of the body is never read, so the connection cannot carry another request.
      { status: 413, headers: { Connection: 'close' } },
    )
  }

  const values = readEnquiryValues(body.formData)
  const validation = validateEnquiry(values)
  if (!validation.success) {
    metrics.countEnquiry('invalid')
    return data<EnquiryResult>(
      { outcome: 'invalid', errors: validation.errors, values },
      { status: 400 },
    )
  }

  // Bots and repeats get the answer a person gets, so they learn nothing from it.
  const spam = spamReason(body.formData, await context.readFormServedAt())
  if (spam) {
    log('warn', 'enquiry caught as spam', { reason: spam })
    metrics.countEnquiry('spam')
    return redirect(THANK_YOU_PATH, 303)
  }
  const claim = await context.enquiryMemory.claim(enquiryFingerprint(validation.enquiry))
  if (claim.status === 'duplicate') {
    log('info', 'duplicate enquiry not forwarded')
    metrics.countEnquiry('duplicate')
    return redirect(THANK_YOU_PATH, 303)
  }

  const limit = await context.enquiryLimiter.hit(context.clientIp)
  if (limit.limited) {
    await claim.settle(false)
    log('warn', 'enquiry rate limited', { retryAfterS: limit.retryAfterS })
    metrics.countEnquiry('rate_limited')
    return data<EnquiryResult>(
      {
        outcome: 'rate-limited',
        message: rateLimitedMessage(limit.retryAfterS),
        values,
      },
      { status: 429, headers: { 'Retry-After': String(limit.retryAfterS) } },
    )
  }

  const forwarded = await forwardEnquiry(validation.enquiry)
  // Only a forward that worked is remembered: after a failure the visitor's retry goes through.
  await claim.settle(forwarded.status !== 'error')
  if (forwarded.status === 'error') {
    // The same answer with and without JavaScript: the page prints the message, the browser's
    // clientAction raises it as a toast.
    return data<EnquiryResult>(
      { outcome: 'failed', message: ENQUIRY_FAILED_MESSAGE, values },
      { status: 502 },
    )
  }
  return redirect(THANK_YOU_PATH, 303)
}

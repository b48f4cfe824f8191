/**
 * CONTACT_RATE_LIMIT per client IP, behind one trusted proxy: the client is the rightmost
 * X-Forwarded-For entry, and only valid enquiries count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { uniqueEnquiry } from '../support/enquiry'
import { dataUrl, readData } from '../support/remix-data'
import { startStack, type Stack } from '../support/stack'

let stack: Stack

beforeAll(async () => {
  stack = await startStack({ CONTACT_RATE_LIMIT: '2/60', TRUST_PROXY: '1' })
})
afterAll(async () => {
  await stack?.stop()
})

/** Each a new enquiry: the same one again would be a repeat, answered as sent and not counted. */
function postFrom(forwardedFor: string, fields: Record<string, string> = uniqueEnquiry()) {
  return fetch(`${stack.baseUrl}/contact`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { 'x-forwarded-for': forwardedFor },
    redirect: 'manual',
  })
}

async function enquiryRequests() {
  return (await stack.mock.state()).enquiryRequests
}

describe('the enquiry rate limit (2 per 60 s)', () => {
  it('answers the third valid enquiry from one client with 429 and forwards nothing', async () => {
    const client = '203.0.113.10'
    expect((await postFrom(client)).status).toBe(303)
    expect((await postFrom(client)).status).toBe(303)
    const before = await enquiryRequests()

    const enquiry = uniqueEnquiry()
    const limited = await postFrom(client, enquiry)
    expect(limited.status).toBe(429)
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
    const html = await limited.text()
    expect(html).toContain(
      'Too many enquiries have been sent from your connection. Please try again in 1 minute, or call, email or message us on WhatsApp instead.',
    )
    // What to do instead, right under the message: the company's phone, email and WhatsApp.
    const alert = /role="alert".*?<\/ul>/.exec(html)?.[0] ?? ''
    expect(alert).toContain('href="tel:+442079460958"')
    expect(alert).toContain('href="mailto:hello@brightwell.example"')
    expect(alert).toContain('href="https://wa.me/442079460958"')
    // The visitor's values are still in the form.
    expect(html).toContain(`value="${enquiry.email}"`)
    expect(html).toContain(`${enquiry.message}</textarea>`)
    expect(await enquiryRequests()).toBe(before)
  })

  it('does not count invalid submissions', async () => {
    const client = '203.0.113.20'
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await postFrom(client, uniqueEnquiry({ email: 'nope' }))).status).toBe(400)
    }
    expect((await postFrom(client)).status).toBe(303)
    expect((await postFrom(client)).status).toBe(303)
    expect((await postFrom(client)).status).toBe(429)
  })

  it('gives every forwarded client IP its own quota', async () => {
    expect((await postFrom('203.0.113.30')).status).toBe(303)
    expect((await postFrom('203.0.113.30')).status).toBe(303)
    expect((await postFrom('203.0.113.31')).status).toBe(303)
  })

  it('trusts only the rightmost entry, so a forged left part does not reset the quota', async () => {
    expect((await postFrom('198.51.100.1, 203.0.113.40')).status).toBe(303)
    expect((await postFrom('198.51.100.2, 203.0.113.40')).status).toBe(303)
    expect((await postFrom('198.51.100.3, 203.0.113.40')).status).toBe(429)
  })

  it('answers the JavaScript (data) request with 429 and the message as its data', async () => {
    const client = '203.0.113.50'
    await postFrom(client)
    await postFrom(client)
    const enquiry = uniqueEnquiry()
    const response = await fetch(dataUrl(stack.baseUrl, '/contact'), {
      method: 'POST',
      body: new URLSearchParams(enquiry),
      headers: { 'x-forwarded-for': client },
    })
    expect(response.status).toBe(429)
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/)
    const body = ((await readData(response)) as { data: { message: string } }).data
    expect(body).toMatchObject({ outcome: 'rate-limited', values: enquiry })
    expect(body.message).toMatch(/^Too many enquiries/)
  })
})

/**
 * Enquiries forwarded once across instances: two production servers that share a Redis forward
 * the same enquiry once, sent one after the other or at the same moment
 * (contact-spam.test.ts has the rest, on one instance).
 */
import { describe, expect, it } from 'vitest'

import { startMockBackend } from '../../mocks/backend'
import { uniqueEnquiry } from '../support/enquiry'
import { startRedis } from '../support/redis'
import { startServer } from '../support/stack'
import { startedForTests } from '../support/started-for-tests'

const redis = startedForTests(startRedis)

/** A POST as the form sends it without JavaScript. */
function post(baseUrl: string, fields: Record<string, string>) {
  return fetch(`${baseUrl}/contact`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual',
  })
}

/** Answered as a sent enquiry is: 303 to the thank-you page, forwarded or not. */
function expectAnsweredAsSent(response: Response) {
  expect(response.status).toBe(303)
  expect(response.headers.get('location')).toBe('/contact?sent=1')
}

describe('two instances sharing a Redis', () => {
  it('an enquiry forwarded through one instance is not forwarded again through another', async () => {
    const backend = await startMockBackend({ quiet: true })
    const env = { BACKEND_URL: backend.url, REDIS_URL: redis().url }
    const [first, second] = [await startServer(env), await startServer(env)]
    try {
      const enquiry = uniqueEnquiry()
      expectAnsweredAsSent(await post(first.url, enquiry))
      expectAnsweredAsSent(await post(second.url, enquiry))
      // And sent to both at the same moment.
      const both = uniqueEnquiry()
      const responses = await Promise.all([post(first.url, both), post(second.url, both)])
      for (const response of responses) expectAnsweredAsSent(response)

      const received = await (await fetch(`${backend.url}/__mock/enquiries`)).json()
      expect(received.map((entry: { body: unknown }) => entry.body)).toEqual(
        expect.arrayContaining([enquiry, both]),
      )
      expect(received).toHaveLength(2)
    } finally {
      await Promise.all([first.stop(), second.stop()])
      await backend.close()
    }
  })
})

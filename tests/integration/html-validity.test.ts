/**
 * Every page the production server renders is valid HTML by the W3C Nu Html Checker: the pages of
 * every route, the form after a failed submit, the thank-you page, the 404 pages and the blog when
 * the backend fails or has no posts. The pages are fetched first and checked in one run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { nuErrors, type CheckedPage } from '../support/nu-checker'
import { startStack, type Stack } from '../support/stack'

const POST = '/blog/restaurant-ai-phone-bookings'

const blankEnquiry = new URLSearchParams({
  firstName: ' ',
  lastName: '',
  email: 'not-an-email',
  phone: '',
  businessName: '',
  message: '',
})
const validEnquiry = new URLSearchParams({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.co.uk',
  phone: '+44 7700 900123',
  businessName: 'Analytical Ltd',
  message: 'We miss calls while we are on site; can a voice agent help?',
})

let stack: Stack
let failing: Stack

beforeAll(async () => {
  const started = await Promise.all([
    startStack({ CONTACT_RATE_LIMIT: '1000/60' }),
    // Failing from the start: the server listens with no post list.
    startStack({ BACKEND_TIMEOUT_MS: '800' }, { mock: { posts: 'fail' } }),
  ])
  stack = started[0]
  failing = started[1]
})
afterAll(async () => {
  await Promise.all([stack?.stop(), failing?.stop()])
})

async function page(
  name: string,
  expectedStatus: number,
  url: string,
  init?: RequestInit,
): Promise<CheckedPage> {
  const response = await fetch(url, { redirect: 'manual', ...init })
  expect(response.status, name).toBe(expectedStatus)
  expect(response.headers.get('content-type'), name).toContain('text/html')
  return { name, html: await response.text() }
}

const postForm = (body: URLSearchParams) => ({ method: 'POST', body })

describe('the Nu Html Checker', () => {
  it('finds no errors on any page', { timeout: 120_000 }, async () => {
    const at = (path: string) => `${stack.baseUrl}${path}`
    const pages = [
      await page('/', 200, at('/')),
      await page('/blog', 200, at('/blog')),
      await page(POST, 200, at(POST)),
      await page('/blog/no-such-post (404)', 404, at('/blog/no-such-post')),
      await page('/blog?q=voice (search)', 200, at('/blog?q=voice')),
      await page('/blog?q=… (no match)', 200, at('/blog?q=%22quantum%22+%3Czebra%3E')),
      await page('/blog/category/voice-agents', 200, at('/blog/category/voice-agents')),
      await page('/blog/category/no-such-category (404)', 404, at('/blog/category/nope')),
      await page('/privacy-policy', 200, at('/privacy-policy')),
      await page('/terms-of-service', 200, at('/terms-of-service')),
      await page('/contact', 200, at('/contact')),
      await page(
        '/contact after an invalid submit (400)',
        400,
        at('/contact'),
        postForm(blankEnquiry),
      ),
      await page('/contact?sent=1 (thank you)', 200, at('/contact?sent=1')),
      await page('/no-such-page (404)', 404, at('/no-such-page')),
      await page('/blog/category/a/b/c/d/e (kept 404)', 404, at('/blog/category/a/b/c/d/e')),
    ]
    await stack.mock.setState({ enquiries: 'fail' })
    pages.push(
      await page(
        '/contact when the backend fails (502)',
        502,
        at('/contact'),
        postForm(validEnquiry),
      ),
    )

    // The failure states first: a list that failed to load is not cached, an empty one is.
    const atFailing = (path: string) => `${failing.baseUrl}${path}`
    pages.push(
      await page('/blog when the backend fails (502)', 502, atFailing('/blog')),
      await page(`${POST} when the backend fails (502)`, 502, atFailing(POST)),
    )
    await failing.mock.setState({ posts: 'empty' })
    pages.push(await page('/blog without posts', 200, atFailing('/blog')))

    expect(await nuErrors(pages)).toEqual([])
  })
})

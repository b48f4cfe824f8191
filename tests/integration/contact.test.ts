/**
 * POST /contact against the production server and the mock backend: every row of docs/contracts.md's
 * action table, with the bodies a browser sends without JavaScript.
 */
import { createCookieSessionStorage } from '@remix-run/node'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import {
  ENQUIRY_FAILED_MESSAGE as FAILED_MESSAGE,
  REQUIRED_MESSAGES,
  uniqueEnquiry,
} from '../support/enquiry'
import { dataUrl, readData } from '../support/remix-data'
import {
  startServer,
  startStack,
  TEST_SESSION_SECRET,
  UNREACHABLE_URL,
  type RunningServer,
  type Stack,
} from '../support/stack'

const TIMEOUT_MS = 1500

// A new one for every test: the site forwards the same enquiry only once in 10 minutes.
let enquiry = uniqueEnquiry()
type Fields = typeof enquiry

let stack: Stack

beforeAll(async () => {
  stack = await startStack({
    BACKEND_TIMEOUT_MS: String(TIMEOUT_MS),
    CONTACT_RATE_LIMIT: '1000/60',
  })
})
afterAll(async () => {
  await stack?.stop()
})
beforeEach(async () => {
  enquiry = uniqueEnquiry()
  await stack.mock.reset()
  await fetch(`${stack.mock.url}/__mock/enquiries`, { method: 'DELETE' })
})

function urlencoded(fields: Record<string, string>) {
  return new URLSearchParams(fields)
}

function multipart(fields: Record<string, string>) {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.set(name, value)
  return body
}

function post(body: BodyInit, headers: Record<string, string> = {}, baseUrl = stack.baseUrl) {
  return fetch(`${baseUrl}/contact`, { method: 'POST', body, headers, redirect: 'manual' })
}

/** Sends the values, expects the form back with its messages (400), and gives that page. */
async function formSentBack(body: BodyInit) {
  const response = await post(body)
  expect(response.status).toBe(400)
  return response.text()
}

/** The value React rendered into a field of the /contact form. */
function fieldValue(html: string, field: string) {
  const id = `contact-${field}`
  const input = new RegExp(`<input[^>]*\\bid="${id}"[^>]*>`).exec(html)?.[0]
  const raw = input
    ? (/\bvalue="([^"]*)"/.exec(input)?.[1] ?? '')
    : (new RegExp(`<textarea[^>]*\\bid="${id}"[^>]*>([^<]*)</textarea>`).exec(html)?.[1] ?? '')
  return raw
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
}

function expectValuesKept(html: string, fields: Fields) {
  for (const [field, value] of Object.entries(fields)) {
    expect(fieldValue(html, field), field).toBe(value)
  }
}

async function enquiryRequests() {
  return (await stack.mock.state()).enquiryRequests
}

describe('GET /contact', () => {
  it('renders the enquiry form, posting to /contact without browser validation', async () => {
    const response = await fetch(`${stack.baseUrl}/contact`)
    expect(response.status).toBe(200)
    const html = await response.text()
    const form = /<form[^>]*>/.exec(html)?.[0] ?? ''
    expect(form).toMatch(/method="post"/)
    expect(form).toMatch(/action="\/contact"/)
    expect(form).toMatch(/novalidate/i)
    for (const [field, label] of [
      ['firstName', 'First name'],
      ['lastName', 'Last name'],
      ['email', 'Email'],
      ['phone', 'Phone number'],
      ['businessName', 'Business name'],
      ['message', 'How can we help?'],
    ] as const) {
      expect(html).toMatch(
        new RegExp(`<label for="contact-${field}"[^>]*>${label.replace('?', '\\?')}</label>`),
      )
      expect(html).toMatch(new RegExp(`name="${field}"`))
    }
    expect(html).toContain('Send Message')
    expect(await enquiryRequests()).toBe(0)
  })
})

describe.each([
  ['urlencoded', urlencoded],
  ['multipart', multipart],
] as const)('POST /contact, %s', (_encoding, encode) => {
  it('forwards a valid enquiry once, trimmed, as JSON with exactly six keys, then 303s', async () => {
    const padded = Object.fromEntries(
      Object.entries(enquiry).map(([key, value]) => [key, ` \t${value}\n `]),
    )
    const response = await post(encode(padded))
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/contact?sent=1')

    const received = await stack.mock.enquiries()
    expect(received).toHaveLength(1)
    expect(received[0]!.contentType).toBe('application/json')
    expect(received[0]!.body).toStrictEqual(enquiry)
    expect(Object.keys(received[0]!.body)).toHaveLength(6)
  })

  it('accepts exactly the six fields with no cookie, token or other field', async () => {
    const response = await post(encode(enquiry))
    expect(response.status).toBe(303)
    expect(response.headers.get('set-cookie')).toBeNull()
    expect(await stack.mock.enquiries()).toHaveLength(1)
  })

  it('ignores extra fields: they are not forwarded', async () => {
    const response = await post(encode({ ...enquiry, role: 'admin', website: 'spam' }))
    expect(response.status).toBe(303)
    const [received] = await stack.mock.enquiries()
    expect(received!.body).toStrictEqual(enquiry)
  })

  it('answers 400 with every message under its field and every value kept', async () => {
    const blank = {
      firstName: '   ',
      lastName: '\t',
      email: '',
      phone: '',
      businessName: ' \n ',
      message: '',
    }
    const html = await formSentBack(encode(blank))
    for (const [field, message] of REQUIRED_MESSAGES) {
      expect(html).toContain(`id="contact-${field}-error"`)
      expect(html).toMatch(
        new RegExp(`id="contact-${field}-error"[^>]*>(<svg.*?</svg>)?${message}</p>`),
      )
      const input = new RegExp(`<(input|textarea)[^>]*id="contact-${field}"[^>]*>`).exec(html)?.[0]
      expect(input).toContain('aria-invalid="true"')
      expect(input).toMatch(new RegExp(`aria-describedby="[^"]*contact-${field}-error`))
    }
    expect(await enquiryRequests()).toBe(0)
  })

  it('keeps the typed values, untrimmed, next to the format messages', async () => {
    const typed = {
      ...enquiry,
      email: ' zoe@ ',
      phone: '020 7946 0958',
      message: ' too short ',
    }
    const html = await formSentBack(encode(typed))
    expect(html).toContain('Please enter a valid email address')
    expect(html).toContain('Please enter a valid phone number')
    expect(html).toContain('Message must be at least 10 characters long')
    expect(html).not.toContain('First name is required')
    expectValuesKept(html, typed)
    // The first invalid field has focus when the page loads, even without JavaScript.
    expect(/<input[^>]*id="contact-email"[^>]*>/.exec(html)?.[0]).toMatch(/autofocus/i)
    expect(await enquiryRequests()).toBe(0)
  })

  it('answers 502 with the failure message and the values when the backend says no', async () => {
    await stack.mock.setState({ enquiries: 'fail' })
    const response = await post(encode(enquiry))
    expect(response.status).toBe(502)
    const html = await response.text()
    expect(html).toMatch(new RegExp(`role="alert"[^>]*><p[^>]*>${FAILED_MESSAGE}</p>`))
    expectValuesKept(html, enquiry)
    expect(await enquiryRequests()).toBe(1)
    expect(await stack.mock.enquiries()).toHaveLength(0)
  })

  it('answers 502 within the timeout when the backend hangs', async () => {
    await stack.mock.setState({ enquiries: 'hang' })
    const started = Date.now()
    const response = await post(encode(enquiry))
    const elapsed = Date.now() - started
    expect(response.status).toBe(502)
    expect(await response.text()).toContain(FAILED_MESSAGE)
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 100)
    // The backend never answers: any answer well short of a hang shows the call was abandoned.
    expect(elapsed).toBeLessThan(TIMEOUT_MS * 3)
  })

  it('refuses a cross-site Origin with 403 and forwards nothing', async () => {
    for (const origin of ['https://evil.example', 'null']) {
      const response = await post(encode(enquiry), { origin })
      expect(response.status, origin).toBe(403)
    }
    expect(await enquiryRequests()).toBe(0)
  })
})

describe('values kept', () => {
  it('come back intact wherever a multi-byte character falls in the streamed page', async () => {
    // React buffers its output 2 KB at a time (react#31134). Padding the fields before the
    // message by 0-2047 bytes, at even and odd counts, moves a buffer boundary into its 'ë's.
    const chunk = (padding: number, from: number) =>
      'a'.repeat(Math.min(600, Math.max(0, padding - from)))
    for (let padding = 0; padding < 2048; padding += 49) {
      const typed = {
        ...enquiry,
        email: 'not an email',
        firstName: chunk(padding, 0),
        lastName: chunk(padding, 600),
        businessName: chunk(padding, 1200),
        phone: chunk(padding, 1800),
        message: 'ë'.repeat(680),
      }
      const html = await formSentBack(urlencoded(typed))
      expect(fieldValue(html, 'message'), `padding ${padding}`).toBe(typed.message)
      expect(html).not.toContain('\u0000')
    }
  })
})

describe('Origin', () => {
  it("accepts the request's own origin, SITE_URL's origin and no Origin at all", async () => {
    const siteOrigin = `http://localhost:${stack.server.port}`
    const cases: Array<Record<string, string>> = [
      { origin: stack.baseUrl },
      { origin: siteOrigin },
      {},
    ]
    for (const headers of cases) {
      const response = await post(urlencoded(uniqueEnquiry()), headers)
      expect(response.status, JSON.stringify(headers)).toBe(303)
    }
    expect(await stack.mock.enquiries()).toHaveLength(3)
  })

  it('refuses a cross-site Origin on the JavaScript (data) request too', async () => {
    const response = await fetch(dataUrl(stack.baseUrl, '/contact'), {
      method: 'POST',
      body: urlencoded(enquiry),
      headers: { origin: 'https://evil.example' },
      redirect: 'manual',
    })
    expect(response.status).toBe(403)
    expect(await enquiryRequests()).toBe(0)
  })
})

describe('body size', () => {
  const oversized = { ...enquiry, message: 'a'.repeat(70 * 1024) }

  it('answers 413 to a declared Content-Length over 64 KiB and forwards nothing', async () => {
    const response = await post(urlencoded(oversized))
    expect(response.status).toBe(413)
    expect(await enquiryRequests()).toBe(0)
  })

  /** Streams the form in chunks of this size, so the request declares no Content-Length. */
  function postChunked(form: URLSearchParams, chunkBytes: number) {
    const bytes = new TextEncoder().encode(form.toString())
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < bytes.length; offset += chunkBytes) {
          controller.enqueue(bytes.slice(offset, offset + chunkBytes))
        }
        controller.close()
      },
    })
    return fetch(`${stack.baseUrl}/contact`, {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    } as RequestInit)
  }

  it('answers 413 to a chunked body over 64 KiB that declares no length', async () => {
    const response = await postChunked(urlencoded(oversized), 8 * 1024)
    expect(response.status).toBe(413)
    expect(await response.text()).toContain('too large')
    expect(await enquiryRequests()).toBe(0)
  })

  it('accepts a chunked body under the limit', async () => {
    const response = await postChunked(urlencoded(enquiry), 20)
    expect(response.status).toBe(303)
    expect(await stack.mock.enquiries()).toHaveLength(1)
  })
})

describe('other methods', () => {
  it.each(['PUT', 'PATCH', 'DELETE'])(
    'answers %s with 405 and forwards nothing',
    async (method) => {
      const response = await fetch(`${stack.baseUrl}/contact`, {
        method,
        body: urlencoded(enquiry),
        redirect: 'manual',
      })
      expect(response.status).toBe(405)
      expect(response.headers.get('allow')).toBe('GET, HEAD, POST')
      expect(await enquiryRequests()).toBe(0)
    },
  )
})

describe('the thank-you page', () => {
  it('shows the thank-you dialog, and loading it again sends nothing', async () => {
    const response = await post(urlencoded(enquiry))
    const location = response.headers.get('location')!
    for (let visit = 0; visit < 2; visit += 1) {
      const page = await fetch(new URL(location, stack.baseUrl))
      expect(page.status).toBe(200)
      const html = await page.text()
      expect(html).toMatch(/<dialog[^>]*open=""[^>]*>/)
      expect(html).toMatch(/<h2[^>]*>Thank you for your enquiry!<\/h2>/)
      expect(html).toMatch(/<a href="\/contact"[^>]*>Close<\/a>/)
    }
    expect(await stack.mock.enquiries()).toHaveLength(1)
  })

  it('shows no dialog on the plain /contact page', async () => {
    const html = await (await fetch(`${stack.baseUrl}/contact`)).text()
    expect(html).not.toMatch(/<dialog[^>]*open=""/)
  })
})

describe('with JavaScript (the data request a fetcher makes)', () => {
  const actionUrl = () => dataUrl(stack.baseUrl, '/contact')

  it('answers a valid enquiry with the redirect the client turns into the dialog', async () => {
    const response = await fetch(actionUrl(), {
      method: 'POST',
      body: urlencoded(enquiry),
      redirect: 'manual',
    })
    expect(response.status).toBe(202)
    expect(await readData(response)).toMatchObject({ redirect: '/contact?sent=1', status: 303 })
    expect(await stack.mock.enquiries()).toHaveLength(1)
  })

  it('answers the same statuses with the same data', async () => {
    const invalid = await fetch(actionUrl(), {
      method: 'POST',
      body: urlencoded({ ...enquiry, email: 'nope' }),
    })
    expect(invalid.status).toBe(400)
    expect(await readData(invalid)).toEqual({
      data: {
        outcome: 'invalid',
        errors: { email: 'Please enter a valid email address' },
        values: { ...enquiry, email: 'nope' },
      },
    })

    await stack.mock.setState({ enquiries: 'fail' })
    const failed = await fetch(actionUrl(), { method: 'POST', body: urlencoded(enquiry) })
    expect(failed.status).toBe(502)
    expect(await readData(failed)).toEqual({
      data: { outcome: 'failed', message: FAILED_MESSAGE, values: enquiry },
    })
  })

  it('sets no cookie on a failure: the browser shows the toast from the answer itself', async () => {
    await stack.mock.setState({ enquiries: 'fail' })
    const failed = await fetch(actionUrl(), { method: 'POST', body: urlencoded(enquiry) })
    expect(failed.status).toBe(502)
    expect(failed.headers.get('set-cookie')).toBeNull()
    expect(failed.headers.get('cache-control')).toBe('private, no-store')
  })

  describe("the root's flash toast", () => {
    async function toastCookie(secret: string) {
      const storage = createCookieSessionStorage({ cookie: { name: 'toast', secrets: [secret] } })
      const session = await storage.getSession()
      session.flash('flash', { toast: { message: 'Signed here', type: 'error' } })
      return (await storage.commitSession(session)).split(';')[0]!
    }
    const rootData = (cookie: string) => fetch(dataUrl(stack.baseUrl, '/'), { headers: { cookie } })
    const toastIn = async (response: Response) =>
      ((await readData(response)).root as { data: { toast?: unknown } }).data.toast

    it('is delivered when signed with SESSION_SECRET, and any other is ignored', async () => {
      expect(await toastIn(await rootData(await toastCookie(TEST_SESSION_SECRET)))).toEqual({
        message: 'Signed here',
        type: 'error',
      })
      expect(
        await toastIn(await rootData(await toastCookie('somebody-elses-secret'))),
      ).toBeUndefined()
    })

    it('is delivered once: the answer empties the cookie, privately', async () => {
      const delivered = await rootData(await toastCookie(TEST_SESSION_SECRET))
      expect(delivered.headers.get('cache-control')).toMatch(/private/)
      const cleared = delivered.headers.getSetCookie().find((line) => line.startsWith('toast='))
      expect(cleared).toMatch(/^toast=[^;]*;.*HttpOnly/i)
      expect(await toastIn(await rootData(cleared!.split(';')[0]!))).toBeUndefined()
    })
  })
})

describe('without JavaScript, a failure is printed in the page', () => {
  it('and sets no flash toast that would pop up again on the next page', async () => {
    await stack.mock.setState({ enquiries: 'fail' })
    const response = await post(urlencoded(enquiry))
    expect(response.status).toBe(502)
    expect(await response.text()).toContain(FAILED_MESSAGE)
    expect(response.headers.get('set-cookie')).toBeNull()
  })
})

describe('server logs', () => {
  it('record each failure with a reason and never the visitor’s details', async () => {
    await stack.mock.setState({ enquiries: 'fail' })
    await post(urlencoded(enquiry))
    await stack.mock.setState({ enquiries: 'hang' })
    await post(urlencoded(enquiry))
    await new Promise((resolve) => setTimeout(resolve, 100))

    const lines = stack.server
      .output()
      .split('\n')
      .filter((line) => line.includes('"enquiry not forwarded"'))
      .map((line) => JSON.parse(line))
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ level: 'error', reason: { kind: 'http', status: 500 } }),
        expect.objectContaining({ level: 'error', reason: { kind: 'timeout' } }),
      ]),
    )
    const output = stack.server.output()
    for (const personal of [enquiry.email, enquiry.phone, enquiry.lastName, 'AI receptionist']) {
      expect(output).not.toContain(personal)
    }
  })
})

describe('an unreachable backend', () => {
  let server: RunningServer

  beforeAll(async () => {
    // A port that was free a moment ago: nothing listens there.
    server = await startServer({ BACKEND_URL: UNREACHABLE_URL })
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('answers 502 with the failure message and the values', async () => {
    const response = await post(multipart(enquiry), {}, server.url)
    expect(response.status).toBe(502)
    const html = await response.text()
    expect(html).toContain(FAILED_MESSAGE)
    expectValuesKept(html, enquiry)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(server.output()).toMatch(/"enquiry not forwarded".*"kind":"network"/)
  })
})

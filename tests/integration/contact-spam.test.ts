/**
 * Enquiries only from people, forwarded once: bots and repeats are answered exactly like a sent
 * enquiry and nothing reaches the backend. Over HTTP against the production server.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { uniqueEnquiry } from '../support/enquiry'
import { logLines } from '../support/log-lines'
import { dataUrl, readData } from '../support/remix-data'
import { startServer, startStack, TEST_SESSION_SECRET, type Stack } from '../support/stack'

const THANK_YOU = '/contact?sent=1'
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let stack: Stack

beforeAll(async () => {
  stack = await startStack({ CONTACT_RATE_LIMIT: '1000/60' })
})
afterAll(async () => {
  await stack?.stop()
})
beforeEach(async () => {
  await stack.mock.reset()
  await fetch(`${stack.mock.url}/__mock/enquiries`, { method: 'DELETE' })
})

/** The page as a client gets it, and the form cookie it came with (as a browser would keep it). */
async function servePage(path: string, baseUrl = stack.baseUrl) {
  const response = await fetch(`${baseUrl}${path}`)
  const html = await response.text()
  const cookie = /^form_served_at=[^;]*/.exec(response.headers.get('set-cookie') ?? '')?.[0] ?? ''
  return { response, html, cookie }
}

/** When the form cookie says the form was served. */
function servedAtOf(cookie: string) {
  const signed = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1))
  return Number(JSON.parse(Buffer.from(signed.split('.')[0]!, 'base64').toString()))
}

/** A POST as the form sends it: to /contact without JavaScript, to its data address with it. */
function post(
  fields: Record<string, string>,
  { baseUrl = stack.baseUrl, withJavaScript = false, cookie = '' } = {},
) {
  return fetch(withJavaScript ? dataUrl(baseUrl, '/contact') : `${baseUrl}/contact`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: cookie ? { cookie } : {},
    redirect: 'manual',
  })
}

async function forwarded() {
  return (await stack.mock.enquiries()).map((entry) => entry.body)
}

function expectAnsweredAsSent(response: Response) {
  expect(response.status).toBe(303)
  expect(response.headers.get('location')).toBe(THANK_YOU)
}

/** With JavaScript the same redirect comes as data (single fetch), which the form turns into the dialog. */
function expectAnsweredAsSentWithJavaScript(data: unknown, response: Response) {
  expect(response.status).toBe(202)
  expect(data).toMatchObject({ redirect: THANK_YOU, status: 303 })
}

describe('the forms on / and /contact', () => {
  it.each(['/', '/contact'])(
    '%s carries a hidden honeypot, and its answer the time it was served in a cookie',
    async (path) => {
      const before = Date.now()
      const { html, cookie, response } = await servePage(path)
      const trap =
        /<div aria-hidden="true"[^>]*><label for="([^"]+)">([^<]+)<\/label><input ([^>]*)>/.exec(
          html,
        )
      expect(trap?.[2]).toBe('Leave this field empty')
      expect(trap?.[3]).toContain('name="companyWebsite"')
      expect(trap?.[3]).toContain(`id="${trap?.[1]}"`)
      expect(trap?.[3]).toContain('tabindex="-1"')
      expect(trap?.[3]).toMatch(/autocomplete="off"/i)
      expect(html).not.toContain('type="hidden"')
      // One for each address the form posts to, the same time in both.
      const [withoutScript, withScript] = response.headers.getSetCookie()
      expect(withoutScript).toMatch(
        /^form_served_at=[^;]+; Path=\/contact; HttpOnly; SameSite=Lax$/,
      )
      expect(withScript).toMatch(
        /^form_served_at=[^;]+; Path=\/contact\.data; HttpOnly; SameSite=Lax$/,
      )
      expect(withScript!.split(';')[0]).toBe(withoutScript!.split(';')[0])
      expect(servedAtOf(cookie)).toBeGreaterThanOrEqual(before - 5)
      expect(servedAtOf(cookie)).toBeLessThanOrEqual(Date.now() + 5)
    },
  )

  it('give every visitor the same page, the time being only in the cookie', async () => {
    const [first, second] = [await servePage('/contact'), await servePage('/contact')]
    expect(second.html).toBe(first.html)
    expect(second.cookie).not.toBe(first.cookie)
  })

  it('set a new time on a navigation inside the app only when the visitor has none', async () => {
    const { cookie } = await servePage('/contact')
    const data = dataUrl(stack.baseUrl, '/contact')
    expect((await fetch(data)).headers.get('set-cookie')).toMatch(/^form_served_at=/)
    expect((await fetch(data, { headers: { cookie } })).headers.get('set-cookie')).toBeNull()
    // The home page's data address is not one the form posts to, so no cookie is sent there.
    expect((await fetch(dataUrl(stack.baseUrl, '/'))).headers.get('set-cookie')).toMatch(
      /^form_served_at=/,
    )
  })
})

describe('bots', () => {
  it('a naive bot, which fills in every field it finds and posts at once, forwards nothing', async () => {
    const { cookie } = await servePage('/')
    const response = await post(
      { ...uniqueEnquiry(), companyWebsite: 'https://cheap-seo.example' },
      { cookie },
    )
    expectAnsweredAsSent(response)
    expect(await forwarded()).toEqual([])
  })

  it('a fast bot, which keeps the cookie and posts within half a second, forwards nothing', async () => {
    // The second and third pages come from the page cache, with a time of their own.
    for (const path of ['/contact', '/contact', '/']) {
      const { cookie } = await servePage(path)
      await sleep(400)
      expectAnsweredAsSent(await post({ ...uniqueEnquiry(), companyWebsite: '' }, { cookie }))
    }
    expect(await forwarded()).toEqual([])
  })

  it('a fast bot gets the answer a person with JavaScript gets: the redirect to the dialog', async () => {
    const { cookie } = await servePage('/contact')
    const response = await post(
      { ...uniqueEnquiry(), companyWebsite: '' },
      { withJavaScript: true, cookie },
    )
    expectAnsweredAsSentWithJavaScript(await readData(response), response)
    expect(await forwarded()).toEqual([])
  })

  it('a forged time, or one signed with another secret, forwards nothing', async () => {
    const { cookie } = await servePage('/contact')
    const [value, signature] = decodeURIComponent(cookie.split('=')[1]!).split('.')
    const movedBack = Buffer.from(JSON.stringify(servedAtOf(cookie) - 120_000)).toString('base64')
    const other = await startServer({
      BACKEND_URL: stack.mock.url,
      SESSION_SECRET: 'somebody-elses-secret-0123456789',
    })
    try {
      const forgeries = [
        `form_served_at=${encodeURIComponent(`${movedBack}.${signature}`)}`,
        (await servePage('/contact', other.url)).cookie,
        `form_served_at=${value}`,
        'form_served_at=not-a-time',
      ]
      await sleep(2100)
      for (const forged of forgeries) {
        expectAnsweredAsSent(await post(uniqueEnquiry(), { cookie: forged }))
      }
    } finally {
      await other.stop()
    }
    expect(await forwarded()).toEqual([])
  })

  it('are logged with the reason and without the personal data', async () => {
    const enquiry = uniqueEnquiry({ email: 'bot-log-check@example.com' })
    await post({ ...enquiry, companyWebsite: 'x' })
    const { cookie } = await servePage('/contact')
    await post(enquiry, { cookie })
    await post(enquiry, { cookie: 'form_served_at=forged' })
    await sleep(100)
    const output = stack.server.output()
    const reasons = logLines(output, 'enquiry caught as spam').map((line) => line.reason)
    expect(reasons).toEqual(expect.arrayContaining(['honeypot', 'too-fast', 'forged-time']))
    expect(output).not.toContain('bot-log-check')
  })
})

describe('people', () => {
  it('a person who waits, fills in the six fields and sends is forwarded', async () => {
    const { cookie } = await servePage('/')
    await sleep(2100)
    const enquiry = uniqueEnquiry()
    expectAnsweredAsSent(await post({ ...enquiry, companyWebsite: '' }, { cookie }))
    expect(await forwarded()).toEqual([enquiry])
  })

  it('a plain POST of the six fields alone is judged on those fields', async () => {
    const enquiry = uniqueEnquiry()
    expectAnsweredAsSent(await post(enquiry))
    expect(await forwarded()).toEqual([enquiry])
  })

  it('a browser that keeps no cookies is judged on the fields it sends', async () => {
    await servePage('/contact')
    const enquiry = uniqueEnquiry()
    expectAnsweredAsSent(await post({ ...enquiry, companyWebsite: '' }))
    expect(await forwarded()).toEqual([enquiry])
  })

  it('a form cookie signed with an older secret is still accepted after a rotation', async () => {
    const { cookie } = await servePage('/contact')
    const rotated = await startServer({
      BACKEND_URL: stack.mock.url,
      SESSION_SECRET: `new-session-secret-0123456789,${TEST_SESSION_SECRET}`,
    })
    try {
      await sleep(Math.max(0, servedAtOf(cookie) + 2100 - Date.now()))
      const enquiry = uniqueEnquiry()
      expectAnsweredAsSent(await post(enquiry, { baseUrl: rotated.url, cookie }))
      expect(await forwarded()).toEqual([enquiry])
    } finally {
      await rotated.stop()
    }
  })

  it('a form shown again with errors keeps its first time, with and without JavaScript', async () => {
    const { cookie } = await servePage('/contact')
    const invalid = { ...uniqueEnquiry(), email: 'zoe@' }

    const page = await post(invalid, { cookie })
    expect(page.status).toBe(400)
    expect(page.headers.get('set-cookie')).toBeNull()
    expect(page.headers.get('cache-control')).toBe('private, no-store')
    const data = await post(invalid, { withJavaScript: true, cookie })
    expect(data.status).toBe(400)
    // The revalidation after a send with JavaScript keeps the time the visitor has.
    const revalidation = await fetch(dataUrl(stack.baseUrl, '/contact'), { headers: { cookie } })
    expect(revalidation.headers.get('set-cookie')).toBeNull()

    await sleep(Math.max(0, servedAtOf(cookie) + 2100 - Date.now()))
    expectAnsweredAsSent(await post({ ...invalid, email: 'zoe@example.com' }, { cookie }))
    expect(await forwarded()).toHaveLength(1)
  })
})

describe('the same enquiry twice', () => {
  it('is forwarded once; trimmed values and the email in any case count as the same', async () => {
    const enquiry = uniqueEnquiry()
    expectAnsweredAsSent(await post(enquiry))
    const again = {
      ...enquiry,
      email: `  ${enquiry.email.toUpperCase()} `,
      message: `${enquiry.message}\n`,
    }
    expectAnsweredAsSent(await post(again))
    const data = await post(enquiry, { withJavaScript: true })
    expectAnsweredAsSentWithJavaScript(await readData(data), data)
    expect(await forwarded()).toEqual([enquiry])
    expect(
      logLines(stack.server.output(), 'duplicate enquiry not forwarded').length,
    ).toBeGreaterThanOrEqual(2)

    // Another value is another enquiry.
    expectAnsweredAsSent(await post({ ...enquiry, phone: '+44 7700 900999' }))
    expect(await forwarded()).toHaveLength(2)
  })

  it('sent twice at once (a double click without JavaScript) is forwarded once', async () => {
    await stack.mock.setState({ enquiries: 'slow', delayMs: 300 })
    const enquiry = uniqueEnquiry()
    const responses = await Promise.all([post(enquiry), post(enquiry)])
    for (const response of responses) expectAnsweredAsSent(response)
    expect(await forwarded()).toEqual([enquiry])
  })

  it('goes through again when the first forward failed', async () => {
    const enquiry = uniqueEnquiry()
    await stack.mock.setState({ enquiries: 'fail' })
    expect((await post(enquiry)).status).toBe(502)
    await stack.mock.setState({ enquiries: 'ok' })
    expectAnsweredAsSent(await post(enquiry))
    expect(await forwarded()).toEqual([enquiry])
  })

  it('waits for a forward in flight, and goes through when that one fails', async () => {
    const server = await startServer({ BACKEND_URL: stack.mock.url, BACKEND_TIMEOUT_MS: '800' })
    try {
      await stack.mock.setState({ enquiries: 'hang' })
      const enquiry = uniqueEnquiry()
      const first = post(enquiry, { baseUrl: server.url })
      await sleep(200)
      const second = post(enquiry, { baseUrl: server.url })
      await sleep(200)
      // The first is still waiting for the backend, and will give up; the second waits for it.
      await stack.mock.setState({ enquiries: 'ok' })
      expect((await first).status).toBe(502)
      expectAnsweredAsSent(await second)
      expect(await forwarded()).toEqual([enquiry])
    } finally {
      await server.stop()
    }
  })
})

describe('spam and repeats are judged before the rate limit', () => {
  it('and do not count against it', async () => {
    const limited = await startServer({ BACKEND_URL: stack.mock.url, CONTACT_RATE_LIMIT: '1/60' })
    try {
      const enquiry = uniqueEnquiry()
      expectAnsweredAsSent(await post(enquiry, { baseUrl: limited.url }))
      expectAnsweredAsSent(await post(enquiry, { baseUrl: limited.url }))
      expectAnsweredAsSent(
        await post({ ...uniqueEnquiry(), companyWebsite: 'x' }, { baseUrl: limited.url }),
      )
      expect((await post(uniqueEnquiry(), { baseUrl: limited.url })).status).toBe(429)
      expect(await forwarded()).toEqual([enquiry])
    } finally {
      await limited.stop()
    }
  })
})

describe('with REDIS_URL', () => {
  // Two instances sharing a Redis: contact-spam-shared.test.ts.
  it('enquiries still go through when Redis does not answer, and the failure is logged', async () => {
    const server = await startServer({
      BACKEND_URL: stack.mock.url,
      // Nothing listens on port 9.
      REDIS_URL: 'redis://127.0.0.1:9',
    })
    try {
      const enquiry = uniqueEnquiry()
      expectAnsweredAsSent(await post(enquiry, { baseUrl: server.url }))
      expect(await forwarded()).toEqual([enquiry])
      await sleep(100)
      expect(logLines(server.output(), 'duplicate memory unavailable')).not.toHaveLength(0)
    } finally {
      await server.stop()
    }
  })
})

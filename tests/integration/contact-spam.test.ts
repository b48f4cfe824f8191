/**
 * Enquiries only from people, forwarded once: bots and repeats are answered exactly like a sent
 * enquiry and nothing reaches the backend. Over HTTP against the production server.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { signServedAt } from '../../app/enquiry/spam.server'
import { startMockBackend } from '../../mocks/backend'
import { uniqueEnquiry } from '../support/enquiry'
import { startRedis } from '../support/redis'
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

/** The page as a client gets it, and the form's hidden fields with the values they came with. */
async function servePage(path: string, baseUrl = stack.baseUrl) {
  const response = await fetch(`${baseUrl}${path}`)
  const html = await response.text()
  const servedAt = /<input type="hidden" name="formServedAt" value="([^"]+)"/.exec(html)?.[1]
  return { response, html, servedAt: servedAt ?? '' }
}

function post(fields: Record<string, string>, baseUrl = stack.baseUrl, query = '') {
  return fetch(`${baseUrl}/contact${query}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual',
  })
}

async function forwarded() {
  return (await stack.mock.enquiries()).map((entry) => entry.body)
}

function logLines(output: string, msg: string) {
  return output
    .split('\n')
    .filter((line) => line.includes(`"msg":"${msg}"`))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
}

function expectAnsweredAsSent(response: Response) {
  expect(response.status).toBe(303)
  expect(response.headers.get('location')).toBe(THANK_YOU)
}

describe('the forms on / and /contact', () => {
  it.each(['/', '/contact'])(
    '%s carries a hidden honeypot and the signed time it was served',
    async (path) => {
      const before = Date.now()
      const { html, servedAt } = await servePage(path)
      const trap =
        /<div aria-hidden="true"[^>]*><label for="([^"]+)">([^<]+)<\/label><input ([^>]*)>/.exec(
          html,
        )
      expect(trap?.[2]).toBe('Leave this field empty')
      expect(trap?.[3]).toContain('name="companyWebsite"')
      expect(trap?.[3]).toContain(`id="${trap?.[1]}"`)
      expect(trap?.[3]).toContain('tabindex="-1"')
      expect(trap?.[3]).toMatch(/autocomplete="off"/i)
      expect(servedAt).toMatch(/^\d+\.[\w-]{43}$/)
      const servedAtMs = Number(servedAt.split('.')[0])
      expect(servedAtMs).toBeGreaterThanOrEqual(before - 5)
      expect(servedAtMs).toBeLessThanOrEqual(Date.now() + 5)
    },
  )

  it('carry the time this visitor was served even when the page comes from the render cache', async () => {
    await servePage('/contact')
    await sleep(1100)
    const replayed = await servePage('/contact')
    expect(replayed.response.headers.get('x-render-cache')).toBe('hit')
    const servedAtMs = Number(replayed.servedAt.split('.')[0])
    expect(Date.now() - servedAtMs).toBeLessThan(1000)
    // The hydration data holds the same time as the field, so the form keeps it after hydration.
    expect(replayed.html).toContain(`"servedAt":"${replayed.servedAt}"`)
  })
})

describe('bots', () => {
  it('a naive bot, which fills in every field it finds and posts at once, forwards nothing', async () => {
    const { servedAt } = await servePage('/')
    const response = await post({
      ...uniqueEnquiry(),
      companyWebsite: 'https://cheap-seo.example',
      formServedAt: servedAt,
    })
    expectAnsweredAsSent(response)
    expect(await forwarded()).toEqual([])
  })

  it('a fast bot, which keeps the hidden values and posts within half a second, forwards nothing', async () => {
    // Twice: a page the render cache replays carries a fresh time as well.
    for (const path of ['/contact', '/contact', '/']) {
      const { servedAt } = await servePage(path)
      await sleep(400)
      const response = await post({
        ...uniqueEnquiry(),
        companyWebsite: '',
        formServedAt: servedAt,
      })
      expectAnsweredAsSent(response)
    }
    expect(await forwarded()).toEqual([])
  })

  it('a fast bot gets the answer a person with JavaScript gets: the redirect to the dialog', async () => {
    const { servedAt } = await servePage('/contact')
    const response = await post(
      { ...uniqueEnquiry(), companyWebsite: '', formServedAt: servedAt },
      stack.baseUrl,
      '?_data=routes%2Fcontact',
    )
    expect(response.status).toBe(204)
    expect(response.headers.get('x-remix-redirect')).toBe(THANK_YOU)
    expect(await forwarded()).toEqual([])
  })

  it('a forged time, or one signed with another secret, forwards nothing', async () => {
    const twoMinutesAgo = Date.now() - 120_000
    const genuine = signServedAt(twoMinutesAgo, [TEST_SESSION_SECRET])
    const forgeries = [
      // The time moved back, the signature kept.
      genuine.replace(String(twoMinutesAgo), String(twoMinutesAgo - 60_000)),
      signServedAt(twoMinutesAgo, ['somebody-elses-secret-0123456789']),
      `${twoMinutesAgo}`,
      'not a time',
    ]
    for (const formServedAt of forgeries) {
      expectAnsweredAsSent(await post({ ...uniqueEnquiry(), formServedAt }))
    }
    expect(await forwarded()).toEqual([])
  })

  it('are logged with the reason and without the personal data', async () => {
    const enquiry = uniqueEnquiry({ email: 'bot-log-check@example.com' })
    await post({ ...enquiry, companyWebsite: 'x' })
    const { servedAt } = await servePage('/contact')
    await post({ ...enquiry, formServedAt: servedAt })
    await post({ ...enquiry, formServedAt: 'forged' })
    await sleep(100)
    const output = stack.server.output()
    const reasons = logLines(output, 'enquiry caught as spam').map((line) => line.reason)
    expect(reasons).toEqual(expect.arrayContaining(['honeypot', 'too-fast', 'forged-time']))
    expect(output).not.toContain('bot-log-check')
  })
})

describe('people', () => {
  it('a person who waits, fills in the six fields and sends is forwarded', async () => {
    const { servedAt } = await servePage('/')
    await sleep(2100)
    const enquiry = uniqueEnquiry()
    const response = await post({ ...enquiry, companyWebsite: '', formServedAt: servedAt })
    expectAnsweredAsSent(response)
    expect(await forwarded()).toEqual([enquiry])
  })

  it('a plain POST of the six fields alone is judged on those fields', async () => {
    const enquiry = uniqueEnquiry()
    expectAnsweredAsSent(await post(enquiry))
    expect(await forwarded()).toEqual([enquiry])
  })

  it('a form left open for a day is still accepted, and so is one signed with an older secret', async () => {
    const rotated = await startServer({
      BACKEND_URL: stack.mock.url,
      SESSION_SECRET: `new-session-secret-0123456789,${TEST_SESSION_SECRET}`,
    })
    try {
      const aDayAgo = Date.now() - 24 * 3600 * 1000
      const enquiry = uniqueEnquiry()
      const formServedAt = signServedAt(aDayAgo, [TEST_SESSION_SECRET])
      expectAnsweredAsSent(await post({ ...enquiry, formServedAt }, rotated.url))
      expect(await forwarded()).toEqual([enquiry])
      // New pages are signed with the first secret.
      const { servedAt } = await servePage('/contact', rotated.url)
      expect(servedAt).toBe(
        signServedAt(Number(servedAt.split('.')[0]), ['new-session-secret-0123456789']),
      )
    } finally {
      await rotated.stop()
    }
  })

  it('a form shown again with errors keeps its first signed time, with and without JavaScript', async () => {
    const { servedAt } = await servePage('/contact')
    const invalid = { ...uniqueEnquiry(), email: 'zoe@', formServedAt: servedAt }

    const page = await post(invalid)
    expect(page.status).toBe(400)
    expect(await page.text()).toContain(
      `<input type="hidden" name="formServedAt" value="${servedAt}"/>`,
    )
    const data = await post(invalid, stack.baseUrl, '?_data=routes%2Fcontact')
    expect(data.status).toBe(400)
    expect(await data.json()).toMatchObject({ outcome: 'invalid', servedAt })

    // Fixed and sent again at once, still within 2 s of the page: but the person took longer.
    await sleep(Math.max(0, Number(servedAt.split('.')[0]) + 2100 - Date.now()))
    const fixed = { ...invalid, email: 'zoe@example.com' }
    const sent = await post(fixed)
    expectAnsweredAsSent(sent)
    expect(await forwarded()).toHaveLength(1)
  })

  it('a form shown again is signed anew when what it was sent with was not genuine', async () => {
    const response = await post({ ...uniqueEnquiry(), email: 'zoe@', formServedAt: 'forged' })
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).not.toContain('value="forged"')
    expect(html).toMatch(/name="formServedAt" value="\d+\.[\w-]{43}"/)
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
    const data = await post(enquiry, stack.baseUrl, '?_data=routes%2Fcontact')
    expect(data.status).toBe(204)
    expect(data.headers.get('x-remix-redirect')).toBe(THANK_YOU)
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
      const first = post(enquiry, server.url)
      await sleep(200)
      const second = post(enquiry, server.url)
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
      expectAnsweredAsSent(await post(enquiry, limited.url))
      expectAnsweredAsSent(await post(enquiry, limited.url))
      expectAnsweredAsSent(await post({ ...uniqueEnquiry(), companyWebsite: 'x' }, limited.url))
      expect((await post(uniqueEnquiry(), limited.url)).status).toBe(429)
      expect(await forwarded()).toEqual([enquiry])
    } finally {
      await limited.stop()
    }
  })
})

describe('with REDIS_URL', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>

  beforeAll(async () => {
    redis = await startRedis()
  })
  afterAll(async () => {
    await redis?.stop()
  })

  it('an enquiry forwarded through one instance is not forwarded again through another', async () => {
    const backend = await startMockBackend({ quiet: true })
    const env = { BACKEND_URL: backend.url, REDIS_URL: redis.url }
    const [first, second] = [await startServer(env), await startServer(env)]
    try {
      const enquiry = uniqueEnquiry()
      expectAnsweredAsSent(await post(enquiry, first.url))
      expectAnsweredAsSent(await post(enquiry, second.url))
      // And sent to both at the same moment.
      const both = uniqueEnquiry()
      const responses = await Promise.all([post(both, first.url), post(both, second.url)])
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

  it('enquiries still go through when Redis does not answer, and the failure is logged', async () => {
    const server = await startServer({
      BACKEND_URL: stack.mock.url,
      // Nothing listens on port 9.
      REDIS_URL: 'redis://127.0.0.1:9',
    })
    try {
      const enquiry = uniqueEnquiry()
      expectAnsweredAsSent(await post(enquiry, server.url))
      expect(await forwarded()).toEqual([enquiry])
      await sleep(100)
      expect(logLines(server.output(), 'duplicate memory unavailable')).not.toHaveLength(0)
    } finally {
      await server.stop()
    }
  })
})

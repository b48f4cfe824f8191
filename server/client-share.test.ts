import { EventEmitter } from 'node:events'

import type { Request, Response } from 'express'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { createClientShare } from './client-share'

type Answer = { status?: number; headers: Record<string, string>; body?: string }

/** A request from `ip` and a response that records its answer and can be closed. */
function exchange(ip: string) {
  const answer: Answer = { headers: {} }
  const res = Object.assign(new EventEmitter(), {
    status(code: number) {
      answer.status = code
      return res
    },
    set(headers: Record<string, string>) {
      Object.assign(answer.headers, headers)
      return res
    },
    type() {
      return res
    },
    send(body: string) {
      answer.body = body
      return res
    },
  })
  const req = { ip, socket: { destroyed: false } } as unknown as Request
  Object.assign(res, { req })
  return { req, res: res as unknown as Response, answer, end: () => res.emit('close') }
}

let share: ReturnType<typeof createClientShare> | undefined
afterEach(async () => {
  await share?.close()
  vi.useRealTimers()
})

function shareOf(max: number, windowS: number, maxInFlight: number) {
  const countRefusal = vi.fn()
  share = createClientShare({
    rate: { max, windowS },
    maxInFlight,
    refusalDelayMs: 0,
    log: vi.fn(),
    metrics: { countRefusal, countRateLimitStoreError: vi.fn() },
  })
  return { share, countRefusal }
}

const costly = { isEnquiry: false }

describe('a client address past its work in flight', () => {
  it('waits its turn, in order, while other addresses go on', async () => {
    const { share, countRefusal } = shareOf(100, 10, 2)
    const [a, b, c] = Array.from({ length: 3 }, () => exchange('203.0.113.9'))
    expect(await share.admit(a!.req, a!.res, costly)).toBe(true)
    expect(await share.admit(b!.req, b!.res, costly)).toBe(true)
    let third: boolean | undefined
    const waiting = share.admit(c!.req, c!.res, costly).then((admitted) => (third = admitted))
    const other = exchange('198.51.100.4')
    expect(await share.admit(other.req, other.res, costly)).toBe(true)
    await Promise.resolve()
    expect(third).toBeUndefined()
    a!.end()
    expect(await waiting).toBe(true)
    expect(c!.answer.status).toBeUndefined()
    expect(countRefusal).not.toHaveBeenCalled()
  })

  it('lets an image variant by without a slot: the image code makes one at a time itself', async () => {
    const { share } = shareOf(100, 10, 1)
    const page = exchange('203.0.113.9')
    expect(await share.admit(page.req, page.res, costly)).toBe(true)
    const images = Array.from({ length: 3 }, () => exchange('203.0.113.9'))
    for (const image of images) {
      expect(await share.admit(image.req, image.res, { isEnquiry: false, isImage: true })).toBe(
        true,
      )
    }
  })

  it('is answered 503 with Retry-After and no-store past 64 waiting, and after 10 s of waiting', async () => {
    vi.useFakeTimers()
    const { share, countRefusal } = shareOf(1000, 10, 1)
    const first = exchange('203.0.113.9')
    expect(await share.admit(first.req, first.res, costly)).toBe(true)
    const waiters = Array.from({ length: 64 }, () => exchange('203.0.113.9'))
    const waiting = waiters.map(({ req, res }) => share.admit(req, res, { isEnquiry: true }))
    const over = exchange('203.0.113.9')
    expect(await share.admit(over.req, over.res, costly)).toBe(false)
    expect(over.answer).toMatchObject({
      status: 503,
      headers: { 'Retry-After': '1', 'Cache-Control': 'no-store' },
    })
    expect(countRefusal).toHaveBeenCalledWith('client_in_flight')
    await vi.advanceTimersByTimeAsync(10_000)
    expect(await Promise.all(waiting)).toEqual(Array(64).fill(false))
    expect(waiters[0]!.answer.status).toBe(503)
    // The slot still works: once the first ends, the next request goes straight on.
    first.end()
    const next = exchange('203.0.113.9')
    expect(await share.admit(next.req, next.res, costly)).toBe(true)
  })
})

describe('a client address past its rate of costly requests', () => {
  it('is answered 429 with the seconds left of its window', async () => {
    const { share, countRefusal } = shareOf(3, 10, 100)
    for (let i = 0; i < 3; i += 1) {
      const { req, res, end } = exchange('2001:db8:0:12::1')
      expect(await share.admit(req, res, costly)).toBe(true)
      end()
    }
    // Another address of the same /56: the same client.
    const refused = exchange('2001:db8:0:34::9')
    expect(await share.admit(refused.req, refused.res, costly)).toBe(false)
    expect(refused.answer.status).toBe(429)
    expect(Number(refused.answer.headers['Retry-After'])).toBeGreaterThanOrEqual(1)
    expect(Number(refused.answer.headers['Retry-After'])).toBeLessThanOrEqual(10)
    expect(refused.answer.headers['Cache-Control']).toBe('no-store')
    expect(countRefusal).toHaveBeenCalledWith('client_rate')
    // An enquiry is not refused here: its own limit answers it with the typed fields kept.
    const enquiry = exchange('2001:db8:0:12::1')
    expect(await share.admit(enquiry.req, enquiry.res, { isEnquiry: true })).toBe(true)
  })

  it('is answered a second after, and an enquiry goes on a second late', async () => {
    vi.useFakeTimers()
    share = createClientShare({
      rate: { max: 1, windowS: 60 },
      maxInFlight: 4,
      log: vi.fn(),
      metrics: { countRefusal: vi.fn(), countRateLimitStoreError: vi.fn() },
    })
    const first = exchange('203.0.113.9')
    expect(await share.admit(first.req, first.res, costly)).toBe(true)
    const refused = exchange('203.0.113.9')
    const refusal = share.admit(refused.req, refused.res, costly)
    const enquiry = exchange('203.0.113.9')
    let enquiryAdmitted: boolean | undefined
    void share
      .admit(enquiry.req, enquiry.res, { isEnquiry: true })
      .then((ok) => (enquiryAdmitted = ok))
    await vi.advanceTimersByTimeAsync(900)
    expect(refused.answer.status).toBeUndefined()
    expect(enquiryAdmitted).toBeUndefined()
    await vi.advanceTimersByTimeAsync(100)
    expect(await refusal).toBe(false)
    expect(refused.answer.status).toBe(429)
    expect(enquiryAdmitted).toBe(true)
  })
})

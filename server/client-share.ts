import type { Request, Response } from 'express'

import type { Log, Metrics } from './app-entry'
import { clientKey } from './client-address'
import { createRateLimiter } from './rate-limit'

type ClientShareOptions = {
  /** requests the instance must work for, per client address and window */
  rate: { max: number; windowS: number }
  /** such requests of one client address being worked on at once */
  maxInFlight: number
  /** how long a refusal is held before it is written (1 s; 0 in unit tests) */
  refusalDelayMs?: number
  log: Log
  metrics: Pick<Metrics, 'countRefusal' | 'countRateLimitStoreError'>
}

/** How long a request may wait for its client's turn before it is refused instead. */
const MAX_WAIT_MS = 10_000
/** Requests of one client that may wait at once, as many as browsers and tests send together. */
const MAX_WAITING = 64
/**
 * A refusal is written a second after it is decided, and an enquiry past its client's rate goes
 * on a second late: a client that asks again at once (a flood on 50 connections) then gets 50
 * answers a second instead of hundreds, each costing a timer, and a visitor notices nothing.
 */
const REFUSAL_DELAY_MS = 1000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Each client address's share of the instance's work: the requests it must work for (a render
 * not kept in the page cache, a search, a `.data` request, an image variant, an enquiry) are
 * counted per address, IPv6 by /56. `maxInFlight` of them are worked on at once; the next wait
 * their turn, in order, costing the instance nothing but memory, and past 64 waiting or 10 s of
 * waiting are answered 503. Past the rate a request is answered 429. Both answers carry
 * Retry-After and no-store, and are written before any of the request's work starts. Pages the
 * instance keeps, static files and the probes are answered before this and never counted.
 *
 * The counts are this instance's own: it is this instance's CPU they protect, and a shared store
 * would add a Redis round trip to every request it counts (REDIS_URL is not used, so a Redis
 * outage changes nothing here).
 */
export function createClientShare({
  rate,
  maxInFlight,
  refusalDelayMs = REFUSAL_DELAY_MS,
  log,
  metrics,
}: ClientShareOptions) {
  const limiter = createRateLimiter({ ...rate, prefix: 'share:', log, metrics })
  const inFlight = new Map<string, number>()
  /** Requests waiting for their client's turn, first come first served. */
  const waiting = new Map<string, Array<() => void>>()

  function release(key: string) {
    const queue = waiting.get(key)
    const next = queue?.shift()
    if (queue?.length === 0) waiting.delete(key)
    if (next) return next() // the slot passes on; the count stays
    const left = (inFlight.get(key) ?? 1) - 1
    if (left > 0) inFlight.set(key, left)
    else inFlight.delete(key)
  }

  /** A slot for `key` now, or once another of its requests is done; false when none came in time. */
  function takeSlot(key: string): Promise<boolean> | boolean {
    const running = inFlight.get(key) ?? 0
    if (running < maxInFlight) {
      inFlight.set(key, running + 1)
      return true
    }
    const queue = waiting.get(key) ?? []
    if (queue.length >= MAX_WAITING) return false
    waiting.set(key, queue)
    return new Promise((resolve) => {
      const take = () => {
        clearTimeout(timer)
        resolve(true)
      }
      const timer = setTimeout(() => {
        queue.splice(queue.indexOf(take), 1)
        if (queue.length === 0 && waiting.get(key) === queue) waiting.delete(key)
        resolve(false)
      }, MAX_WAIT_MS)
      queue.push(take)
    })
  }

  /** Answers 429 or 503 after `delayMs`, unless the client has gone by then. */
  async function refuse(res: Response, status: 429 | 503, retryAfterS: number, delayMs: number) {
    metrics.countRefusal(status === 429 ? 'client_rate' : 'client_in_flight')
    if (delayMs > 0) await sleep(delayMs)
    if (res.req.socket.destroyed) return
    res
      .status(status)
      .set({ 'Retry-After': String(retryAfterS), 'Cache-Control': 'no-store' })
      .type('text/plain')
      .send(`Too many requests from your address: please try again in ${retryAfterS} s.`)
  }

  return {
    /**
     * Counts a request the instance is about to work for; true when it may go on (its slot is
     * given back when its answer ends), false when it has been answered instead. An enquiry past
     * the rate is not refused but goes on a second late, holding its slot: its own limit,
     * counted once it is valid, answers it with the typed fields kept. An image variant counts in
     * the rate but takes no slot: variants are made one at a time by the image code's own queue,
     * and a page's dozen images must not hold its visitor's next navigation behind them.
     */
    async admit(
      req: Request,
      res: Response,
      { isEnquiry, isImage = false }: { isEnquiry: boolean; isImage?: boolean },
    ) {
      const key = clientKey(req)
      const decision = await limiter.hit(key)
      if (decision.limited && !isEnquiry) {
        await refuse(res, 429, decision.retryAfterS, refusalDelayMs)
        return false
      }
      if (isImage) return true
      const waitedAtMost = Date.now() + MAX_WAIT_MS
      if (!(await takeSlot(key))) {
        // After 10 s of waiting the answer is not held any longer.
        await refuse(res, 503, 1, Date.now() >= waitedAtMost ? 0 : refusalDelayMs)
        return false
      }
      if (decision.limited) await sleep(refusalDelayMs)
      // A visitor gone while waiting gives the slot straight back.
      if (req.socket.destroyed) {
        release(key)
        return false
      }
      res.once('close', () => release(key))
      return true
    },
    close: limiter.close,
  }
}

/**
 * The traffic of `npm run soak`: what a mix of visitors asks for, each kind with its weight and
 * the statuses it may answer, and the check that every enquiry the site accepted reached the
 * backend exactly once.
 */
import { performance } from 'node:perf_hooks'

import { ENQUIRY_FIELDS } from '../app/enquiry/fields'
import { SAMPLE_ENQUIRY } from '../tests/support/enquiry'

import type { Stack } from './measure'

const REQUEST_TIMEOUT_MS = 15_000

export type Kind = {
  name: string
  weight: number
  expected: number[]
  send: () => Promise<Outcome>
}
type Outcome = { status: number | string; ms: number }

/** A request whose body is read to the end, timed; a failed connection becomes its error code. */
async function timed(url: string, init: RequestInit = {}): Promise<Outcome> {
  const started = performance.now()
  try {
    const response = await fetch(url, {
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      ...init,
    })
    await response.arrayBuffer()
    return { status: response.status, ms: performance.now() - started }
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause
    const reason = cause?.code ?? (error instanceof Error ? error.name : 'error')
    return { status: `network error (${reason})`, ms: performance.now() - started }
  }
}

export function trafficMix(
  stack: Stack,
  slugs: string[],
  runId: string,
  accepted: Set<string>,
): Kind[] {
  let counter = 0
  const next = () => (counter += 1)
  const page = (path: string) => () => timed(`${stack.baseUrl}${path}`)
  return [
    { name: 'GET /', weight: 25, expected: [200], send: page('/') },
    { name: 'GET /blog', weight: 15, expected: [200], send: page('/blog') },
    {
      name: 'GET /blog/{slug}',
      weight: 15,
      expected: [200],
      send: () => timed(`${stack.baseUrl}/blog/${slugs[next() % slugs.length]}`),
    },
    { name: 'GET /privacy-policy', weight: 5, expected: [200], send: page('/privacy-policy') },
    { name: 'GET /terms-of-service', weight: 5, expected: [200], send: page('/terms-of-service') },
    {
      name: 'GET unknown address',
      weight: 5,
      expected: [404],
      send: () => {
        const n = next()
        const path = n % 2 === 0 ? `/no-such-page-${n}` : `/blog/no-such-post-${n}`
        return timed(`${stack.baseUrl}${path}`)
      },
    },
    {
      name: 'POST /contact',
      weight: 15,
      expected: [303],
      send: async () => {
        const marker = `soak-${runId}-${next()}`
        const outcome = await timed(`${stack.baseUrl}/contact`, {
          method: 'POST',
          // Each enquiry its own (the site forwards a repeat only once), as a plain six-field POST.
          body: new URLSearchParams({
            ...SAMPLE_ENQUIRY,
            email: `${marker}@example.com`,
            message: `Load test enquiry ${marker}, please ignore.`,
          }),
        })
        if (outcome.status === 303) accepted.add(marker)
        return outcome
      },
    },
  ]
}

export function pickWeighted(kinds: Kind[]): Kind {
  const total = kinds.reduce((sum, kind) => sum + kind.weight, 0)
  let roll = Math.random() * total
  for (const kind of kinds) {
    roll -= kind.weight
    if (roll < 0) return kind
  }
  return kinds[kinds.length - 1]!
}

export async function checkEnquiries(stack: Stack, runId: string, accepted: Set<string>) {
  const received = await stack.mock.enquiries()
  const markerPattern = new RegExp(`soak-${runId}-\\d+`)
  const seen = new Map<string, number>()
  let wrongShape = 0
  for (const { body } of received) {
    const keys = Object.keys(body).sort()
    if (keys.join() !== [...ENQUIRY_FIELDS].sort().join()) wrongShape += 1
    const marker = markerPattern.exec(body.message ?? '')?.[0]
    if (marker) seen.set(marker, (seen.get(marker) ?? 0) + 1)
  }
  const missing = [...accepted].filter((marker) => !seen.has(marker))
  const duplicated = [...seen].filter(([, n]) => n > 1).map(([marker]) => marker)
  const unacknowledged = [...seen.keys()].filter((marker) => !accepted.has(marker))
  return { received: received.length, missing, duplicated, unacknowledged, wrongShape }
}

/**
 * Whom the instance believes about a client's address. With the balancer named in TRUST_PROXY
 * (here 127.0.0.2), a stranger who reaches the app port directly (127.0.0.1) cannot pick a new
 * address per request with X-Forwarded-For and so dodge the enquiry limit; what the balancer
 * forwards is still believed, so behind it nothing changes.
 */
import http from 'node:http'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { uniqueEnquiry } from '../support/enquiry'
import { startStack, type Stack } from '../support/stack'

const BALANCER = '127.0.0.2'
const STRANGER = '127.0.0.1'

let stack: Stack
beforeAll(async () => {
  stack = await startStack({
    CONTACT_RATE_LIMIT: '2/60',
    TRUST_PROXY: `${BALANCER}, ::ffff:${BALANCER}`,
  })
})
afterAll(async () => {
  await stack?.stop()
})

/** A new valid enquiry sent from `localAddress`, claiming to be for `forwardedFor`: its status. */
function enquiryFrom(localAddress: string, forwardedFor: string) {
  const body = String(new URLSearchParams(uniqueEnquiry()))
  const { port } = new URL(stack.baseUrl)
  return new Promise<number>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        localAddress,
        method: 'POST',
        path: '/contact',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
          'x-forwarded-for': forwardedFor,
        },
        agent: false,
      },
      (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode!))
      },
    )
    request.on('error', reject)
    request.end(body)
  })
}

describe('X-Forwarded-For', () => {
  it('from a peer TRUST_PROXY does not name is not believed: a new address per request is one client', async () => {
    const before = (await stack.mock.state()).enquiryRequests
    const statuses = []
    for (let i = 1; i <= 4; i += 1) statuses.push(await enquiryFrom(STRANGER, `203.0.113.${i}`))
    expect(statuses).toEqual([303, 303, 429, 429])
    expect((await stack.mock.state()).enquiryRequests).toBe(before + 2)
  })

  it('from the balancer TRUST_PROXY names is believed: each client has its own limit', async () => {
    const statuses = []
    for (let i = 1; i <= 4; i += 1) statuses.push(await enquiryFrom(BALANCER, `198.51.100.${i}`))
    expect(statuses).toEqual([303, 303, 303, 303])
    // The same client again and again through the balancer is held to its limit.
    const client = '198.51.100.200'
    const again = []
    for (let i = 1; i <= 3; i += 1) again.push(await enquiryFrom(BALANCER, client))
    expect(again).toEqual([303, 303, 429])
  })
})

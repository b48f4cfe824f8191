/**
 * SIGTERM while the server is busy, as during a rolling deploy: every request the server took on
 * is answered in full, later requests are refused at the connection (a client or load balancer
 * retries those), and the process exits 0 well within its 10 s grace period.
 */
import http from 'node:http'
import { performance } from 'node:perf_hooks'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startStack, type Stack } from '../support/stack'

const LOOPS = 20
/** Responses to collect before the signal, so that the server is known to be under load. */
const RESPONSES_BEFORE_SIGNAL = 60
const SHUTDOWN_GRACE_MS = 10_000
const REQUEST_TIMEOUT_MS = 15_000
const TEST_LIMIT_MS = 40_000
/** How a connection fails when nobody listens or the server closed an idle keep-alive socket. */
const REFUSAL_CODES = ['ECONNREFUSED', 'ECONNRESET', 'EPIPE']

type Attempt = {
  path: string
  startedAt: number
  endedAt: number
  result: 'complete' | 'refused' | 'broken'
  detail: string
}

let stack: Stack
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const agent = new http.Agent({ keepAlive: true })

beforeAll(async () => {
  // No caching, so that every page view renders and every /blog view that uses the backend
  // waits on the slow mock: requests are certainly in flight when the signal arrives. The backend
  // fails at the start, so that the server listens with no post list to serve instead.
  stack = await startStack({ POSTS_CACHE_TTL_S: '0' }, { mock: { posts: 'fail' } })
  await stack.mock.setState({ posts: 'slow', delayMs: 300 })
})
afterAll(async () => {
  agent.destroy()
  const server = stack?.server.process
  // A server that ignored the signal must not outlive the test.
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL')
  await stack?.stop()
})

/**
 * One GET whose body is read to the end. `Expect: 100-continue` makes the server confirm that it
 * has taken the request on (Node answers 100 Continue as soon as it has parsed the headers), so
 * a request the server accepted is known even when the server dies before its final answer.
 */
function attempt(path: string): Promise<Attempt> {
  return new Promise((resolve) => {
    const startedAt = performance.now()
    let accepted = false
    let settled = false
    const done = (result: Attempt['result'], detail: string) => {
      if (settled) return
      settled = true
      resolve({ path, startedAt, endedAt: performance.now(), result, detail })
    }
    const request = http.get(
      `${stack.baseUrl}${path}`,
      { agent, headers: { expect: '100-continue' }, timeout: REQUEST_TIMEOUT_MS },
      (response) => {
        accepted = true
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (body += chunk))
        response.on('error', () => {
          // reported by 'close' below, with what arrived
        })
        response.on('close', () => {
          const complete =
            response.complete && response.statusCode === 200 && body.trimEnd().endsWith('</html>')
          done(
            complete ? 'complete' : 'broken',
            `${response.statusCode}, ${response.complete ? 'complete' : 'cut off'} after ` +
              `${body.length} characters ending ${JSON.stringify(body.slice(-30))}`,
          )
        })
      },
    )
    request.on('continue', () => (accepted = true))
    request.on('timeout', () => request.destroy(new Error('no answer in time')))
    request.on('error', (error: NodeJS.ErrnoException) => {
      const code = error.code ?? error.message
      // Only a connection the server never took a request on may fail.
      const refused = !accepted && REFUSAL_CODES.includes(code)
      done(refused ? 'refused' : 'broken', `${accepted ? 'accepted, then ' : ''}failed: ${code}`)
    })
  })
}

describe('shutdown under load', () => {
  it(
    'answers every accepted request in full, refuses the rest, and exits 0 within the grace period',
    async () => {
      const testDeadline = performance.now() + TEST_LIMIT_MS - 5_000
      const attempts: Attempt[] = []
      // Read by the loops above before it is set, once, when the process exits.
      // eslint-disable-next-line prefer-const
      let exitedAt: number | undefined

      const loop = async (path: string) => {
        for (;;) {
          const result = await attempt(path)
          attempts.push(result)
          // Each loop ends with one attempt that starts after the process is gone.
          if (exitedAt !== undefined && result.startedAt > exitedAt) return
          if (performance.now() > testDeadline) return
          // Refusals come back at once; do not spin while the server drains.
          if (result.result === 'refused') await sleep(20)
        }
      }
      const loops = Array.from({ length: LOOPS }, (_, i) => loop(i % 2 === 0 ? '/' : '/blog'))

      while (
        attempts.filter((entry) => entry.result === 'complete').length < RESPONSES_BEFORE_SIGNAL
      ) {
        expect(performance.now(), 'the server never served the load').toBeLessThan(testDeadline)
        await sleep(20)
      }

      const signalledAt = performance.now()
      const exitCode = await Promise.race([
        stack.server.stop('SIGTERM'),
        sleep(SHUTDOWN_GRACE_MS + 5_000).then(() => 'still running'),
      ])
      exitedAt = performance.now()
      await Promise.all(loops)

      expect(exitCode).toBe(0)
      expect(exitedAt - signalledAt).toBeLessThan(SHUTDOWN_GRACE_MS)

      const broken = attempts.filter((entry) => entry.result === 'broken')
      expect(broken.map((entry) => `${entry.path}: ${entry.detail}`)).toEqual([])

      // Requests under way when the signal came were answered in full.
      const drained = attempts.filter(
        (entry) =>
          entry.result === 'complete' &&
          entry.startedAt < signalledAt &&
          entry.endedAt > signalledAt,
      )
      expect(drained.length).toBeGreaterThan(0)
      // Both kinds of page were part of the load.
      for (const path of ['/', '/blog']) {
        expect(attempts.some((entry) => entry.path === path && entry.result === 'complete')).toBe(
          true,
        )
      }

      // Once the process is gone, every request is refused at the connection.
      const afterExit = attempts.filter((entry) => entry.startedAt > exitedAt!)
      expect(afterExit.length).toBe(LOOPS)
      expect(afterExit.every((entry) => entry.result === 'refused')).toBe(true)
    },
    TEST_LIMIT_MS,
  )
})

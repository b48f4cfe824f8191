/**
 * A rolling restart behind a real load balancer: HAProxy in front of two production instances
 * that share one redis-server. Under steady load each instance in turn gets SIGTERM and is started
 * again; no visitor may see a failure. Prints its figures.
 */
import { performance } from 'node:perf_hooks'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startMockBackend, type MockBackend } from '../../mocks/backend'
import { uniqueEnquiry } from '../support/enquiry'
import { startHaproxy } from '../support/haproxy'
import { startRedis } from '../support/redis'
import { mockControl, startServer, type RunningServer } from '../support/stack'

const WORKERS = 6
/** Each client's pause between requests: steady load that leaves the machine room to restart. */
const PAUSE_MS = 20
/** Load before, between and after the restarts. */
const STEADY_MS = 2_000
const PAGES: Array<[string, number]> = [
  ['/', 200],
  ['/blog', 200],
  ['/privacy-policy', 200],
  ['/wp-login.php', 404],
]
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

type Outcome = { path: string; status: number | string; ms: number; id: string | null }

let redis: Awaited<ReturnType<typeof startRedis>>
let backend: MockBackend
let haproxy: Awaited<ReturnType<typeof startHaproxy>>
let env: Record<string, string>
const ports: number[] = []
/** Every instance started, the stopped ones included: their logs are checked at the end. */
const instances: RunningServer[] = []
const current: RunningServer[] = []

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

beforeAll(async () => {
  redis = await startRedis()
  backend = await startMockBackend({ quiet: true })
  env = { BACKEND_URL: backend.url, REDIS_URL: redis.url, CONTACT_RATE_LIMIT: '4/60' }
  for (let i = 0; i < 2; i++) {
    const instance = await startServer(env)
    ports.push(instance.port)
    instances.push(instance)
    current.push(instance)
  }
  haproxy = await startHaproxy(ports)
}, 90_000)

afterAll(async () => {
  await haproxy?.stop()
  await Promise.all(current.map((instance) => instance.stop()))
  await backend?.close()
  await redis?.stop()
})

describe('two instances behind HAProxy', () => {
  it('share the enquiry rate limit through Redis', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 8; i++) {
      const response = await fetch(`${haproxy.url}/contact`, {
        method: 'POST',
        redirect: 'manual',
        body: new URLSearchParams(uniqueEnquiry()),
      })
      statuses.push(response.status)
    }
    // Round robin sent four to each instance; the limit of 4 held across both.
    expect(statuses).toEqual([303, 303, 303, 303, 429, 429, 429, 429])
    expect(await mockControl(backend.url).enquiries()).toHaveLength(4)
    for (const instance of current) {
      expect(instance.output()).toMatch(/"method":"POST","path":"\/contact"/)
    }
  })

  it(
    'lose no request while each instance in turn is stopped and started again',
    async () => {
      const outcomes: Outcome[] = []
      let running = true

      const worker = async (offset: number) => {
        for (let i = offset; running; i++) {
          const [path, expected] = PAGES[i % PAGES.length]!
          const started = performance.now()
          try {
            const response = await fetch(`${haproxy.url}${path}`)
            const body = await response.text()
            const complete = response.status === expected && body.trimEnd().endsWith('</html>')
            outcomes.push({
              path,
              status: complete ? response.status : `${response.status}, incomplete`,
              ms: performance.now() - started,
              id: response.headers.get('x-request-id'),
            })
          } catch (error) {
            outcomes.push({
              path,
              status: String((error as Error).cause ?? error),
              ms: performance.now() - started,
              id: null,
            })
          }
          await sleep(PAUSE_MS)
        }
      }
      const workers = Array.from({ length: WORKERS }, (_, index) => worker(index))

      const restarts: string[] = []
      await sleep(STEADY_MS)
      for (const index of [0, 1]) {
        const signalled = performance.now()
        const exitCode = await current[index]!.stop('SIGTERM')
        const stoppedAfter = performance.now() - signalled
        expect(exitCode).toBe(0)
        const restarted = await startServer(env, { port: ports[index] })
        instances.push(restarted)
        current[index] = restarted
        restarts.push(
          `instance ${index + 1}: exited 0 after ${Math.round(stoppedAfter)} ms, ` +
            `back after ${Math.round(performance.now() - signalled)} ms`,
        )
        await sleep(STEADY_MS)
      }
      running = false
      await Promise.all(workers)

      const failures = outcomes.filter(
        (outcome) => outcome.status !== PAGES.find(([path]) => path === outcome.path)![1],
      )
      const latencies = outcomes.map((outcome) => outcome.ms).sort((a, b) => a - b)
      const p99 = latencies[Math.floor(latencies.length * 0.99)]!
      console.log(
        [
          `rolling restart through HAProxy, ${WORKERS} clients, ${PAUSE_MS} ms between requests:`,
          ...restarts,
          `requests: ${outcomes.length}, failures: ${failures.length}, ` +
            `p50: ${latencies[Math.floor(latencies.length / 2)]!.toFixed(1)} ms, p99: ${p99.toFixed(1)} ms`,
        ].join('\n  '),
      )
      expect(failures.map((failure) => `${failure.path}: ${failure.status}`)).toEqual([])
      expect(outcomes.length).toBeGreaterThan(100)

      // Every answer carries the id HAProxy gave the request, and the instance that answered
      // logged its request line under that id.
      const logs = instances.map((instance) => instance.output()).join('\n')
      const loggedIds = new Set(
        [...logs.matchAll(/"requestId":"([^"]+)","method"/g)].map((match) => match[1]),
      )
      const balancerLog = haproxy.output()
      for (const { id } of outcomes) {
        expect(id).toMatch(UUID)
        expect(loggedIds.has(id!), `${id} in an instance's log`).toBe(true)
      }
      expect(balancerLog).toContain(outcomes.at(-1)!.id!)

      // Both restarted instances took traffic again.
      for (const instance of current) {
        expect(instance.output()).toMatch(/"msg":"request".*"status":200/)
      }
    },
    STEADY_MS * 3 + 60_000,
  )
})

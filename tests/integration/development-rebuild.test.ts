/**
 * `npm run dev` keeps one server process and imports the app's build into it again after every
 * rebuild (when build/version.txt changes). What the process must hold once stays one: the
 * metrics are registered once and keep their counts, and the rebuilt app reads the request
 * context the server enters.
 */
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startMockBackend, type MockBackend } from '../../mocks/backend'
import { uniqueEnquiry } from '../support/enquiry'
import { freePort, mockControl, ROOT, startServer, type RunningServer } from '../support/stack'

const VERSION_FILE = path.join(ROOT, 'build/version.txt')

/**
 * Stands in for `remix dev`, which the server tells (POST /ping) that a build is ready: once when
 * it listens, again after each re-import.
 */
function startRemixDevStandIn() {
  let pings = 0
  const server = http.createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/ping') pings++
    req.resume()
    res.end()
  })
  return new Promise<{ url: string; pings: () => number; close: () => Promise<void> }>(
    (resolve) => {
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number }
        resolve({
          url: `http://127.0.0.1:${port}`,
          pings: () => pings,
          close: () => new Promise((closed) => server.close(() => closed())),
        })
      })
    },
  )
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

let backend: MockBackend
let remixDev: Awaited<ReturnType<typeof startRemixDevStandIn>>
let server: RunningServer
let metricsUrl: string

beforeAll(async () => {
  backend = await startMockBackend({ quiet: true })
  remixDev = await startRemixDevStandIn()
  const metricsPort = await freePort()
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`
  server = await startServer({
    NODE_ENV: 'development',
    BACKEND_URL: backend.url,
    METRICS_PORT: String(metricsPort),
    REMIX_DEV_ORIGIN: remixDev.url,
  })
  await waitFor(() => remixDev.pings() === 1, 'the ready ping at start')
})
afterAll(async () => {
  await server?.stop()
  await remixDev?.close()
  await backend?.close()
})

/** Sends an enquiry with the given request id; the answer's status. */
async function sendEnquiry(requestId: string) {
  const response = await fetch(`${server.url}/contact`, {
    method: 'POST',
    headers: { 'x-request-id': requestId },
    redirect: 'manual',
    body: new URLSearchParams(uniqueEnquiry()),
  })
  return response.status
}

describe('a development server after a rebuild of the app', () => {
  it('registers each metric once, keeps what it counted, and keeps request ids', async () => {
    expect(await sendEnquiry(`before-${Date.now()}`)).toBe(303)
    expect((await fetch(`${server.url}/privacy-policy`)).status).toBe(200)

    // What remix dev does once a rebuild is written: the server re-imports the build.
    const now = new Date()
    fs.utimesSync(VERSION_FILE, now, now)
    await waitFor(() => remixDev.pings() === 2, 'the ready ping after the re-import')

    const id = `after-${Date.now()}`
    expect(await sendEnquiry(id)).toBe(303)
    await new Promise((resolve) => setTimeout(resolve, 100))

    const scrape = await (await fetch(metricsUrl)).text()
    const declared = scrape.split('\n').filter((line) => line.startsWith('# TYPE '))
    expect(declared.length).toBeGreaterThan(10)
    expect(new Set(declared).size).toBe(declared.length)
    // Counted by the first import and by the rebuilt app, into the same series.
    expect(scrape).toContain('enquiries_total{outcome="forwarded"} 2')
    expect(scrape).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="routes\/privacy-policy",status_class="2xx"\} 1\n/,
    )
    expect(server.output()).not.toMatch(/already been registered/)

    // The rebuilt app's action logs under the id the server gave the request, and sends it on.
    const actionLines = server
      .output()
      .split('\n')
      .filter((line) => line.includes('"enquiry forwarded"'))
    expect(actionLines).toHaveLength(2)
    expect(JSON.parse(actionLines[1]!)).toMatchObject({ requestId: id })
    const received = await mockControl(backend.url).enquiries()
    expect(received.map((enquiry) => enquiry.requestId)).toContain(id)
  })
})

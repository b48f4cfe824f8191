import fs from 'node:fs'
import type http from 'node:http'
import net from 'node:net'
import path from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { nginxCacheConfig } from '../tests/support/nginx'

import { CONNECTION_LIMITS, listenWithLimits } from './connections'

const ROOT = path.resolve(import.meta.dirname, '..')
const seconds = (text: string, pattern: RegExp) => Number(pattern.exec(text)?.[1])

describe('the keep-alive timeout', () => {
  it('outlasts the idle time of every pooling proxy docs/operations.md sets up, and headers outlast it', () => {
    const operations = fs.readFileSync(path.join(ROOT, 'docs/operations.md'), 'utf8')
    const upstream = /upstream site \{[^}]*\}/.exec(operations)?.[0] ?? ''
    const nginxIdleS = seconds(upstream, /keepalive_timeout (\d+)s;/)
    expect(nginxIdleS).toBeGreaterThan(0)
    expect(nginxCacheConfig(8080, [3000], '/cache')).toContain(`keepalive_timeout ${nginxIdleS}s;`)
    expect(CONNECTION_LIMITS.keepAliveTimeoutMs).toBeGreaterThan(nginxIdleS * 1000)
    // HAProxy sends a visitor's first request on a connection of its own (http-reuse safe).
    expect(operations).not.toMatch(/http-reuse (?!safe)/)
    expect(CONNECTION_LIMITS.headersTimeoutMs).toBeGreaterThan(CONNECTION_LIMITS.keepAliveTimeoutMs)
    expect(CONNECTION_LIMITS.requestTimeoutMs).toBeGreaterThanOrEqual(
      CONNECTION_LIMITS.headersTimeoutMs,
    )
  })
})

let server: http.Server | undefined
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined))
  server?.closeAllConnections()
})

/** A server with the limits, answering `ok`, whose peers are proxies when `trusted` says so. */
async function started(trusted: boolean) {
  return new Promise<number>((resolve, reject) => {
    server = listenWithLimits(
      (_req, res) => res.end('ok'),
      { port: 0, host: '127.0.0.1', isTrustedPeer: () => trusted },
      (error) => (error ? reject(error) : resolve((server!.address() as net.AddressInfo).port)),
    )
  })
}

/** `count` connections to `port`; how many the server closed at once. */
async function closedOf(port: number, count: number) {
  const sockets = Array.from({ length: count }, () => net.connect(port, '127.0.0.1'))
  await Promise.all(
    sockets.map((socket) => new Promise((resolve) => socket.once('connect', resolve))),
  )
  await new Promise((resolve) => setTimeout(resolve, 300))
  const closed = sockets.filter((socket) => socket.destroyed || socket.readableEnded).length
  for (const socket of sockets) socket.destroy()
  return closed
}

describe('the server', () => {
  it('says how long it keeps an idle connection', async () => {
    const port = await started(false)
    const response = await fetch(`http://127.0.0.1:${port}/`)
    expect(response.headers.get('keep-alive')).toBe(
      `timeout=${CONNECTION_LIMITS.keepAliveTimeoutMs / 1000}`,
    )
  })

  it('closes the connections of one peer past 256 at once, but never a proxy’s', async () => {
    const peer = CONNECTION_LIMITS.maxConnectionsPerPeer
    expect(await closedOf(await started(false), peer + 4)).toBe(4)
    await new Promise((resolve) => server!.close(resolve))
    expect(await closedOf(await started(true), peer + 4)).toBe(0)
  })
})

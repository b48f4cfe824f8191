/**
 * One stranger's machine cannot take the instance down: 500 slow header senders, 4,000 idle
 * keep-alive connections and a flood of searches (random words, 2,000-character queries, regex
 * characters) on 50 connections, all from 127.0.0.2, for 10 s, sent straight at the instance, as
 * a stranger who found the app port would. Meanwhile /healthz and /readyz are asked at the
 * instance every 100 ms on fresh connections (as Docker and the balancer ask), and a second
 * client reads a page through HAProxy. Before the bounds, /healthz timed out at 5 s for most of
 * such a run and the kernel dropped thousands of new connections (docs/decisions/024).
 *
 * The same pattern through HAProxy is measured by `npm run bench:attack`, not asserted here: on
 * one machine the balancer's work turning away thousands of reconnections a second takes the
 * instance's cores, which a balancer of its own does not, so its timings there are the machine's.
 *
 * The instance names the balancer (127.0.0.1) in TRUST_PROXY, so that 127.0.0.2 is a stranger to
 * it as an internet address is; with the default hop count, loopback peers count as proxies.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'

import { startHaproxy } from '../support/haproxy'
import { listenQueue, probeWhile, runAttack, summary } from '../support/one-client'
import { startStack, type Stack } from '../support/stack'

let stack: Stack
let haproxy: Awaited<ReturnType<typeof startHaproxy>>
beforeAll(async () => {
  stack = await startStack({ TRUST_PROXY: '127.0.0.1' })
  haproxy = await startHaproxy([stack.server.port])
})
afterAll(async () => {
  await haproxy?.stop()
  await stack?.stop()
})

const ATTACK_SECONDS = 10

it('keeps the probes within 150 ms (none over 1 s) and a page within 2 s, the attack sent to the instance', async () => {
  const health = `${stack.baseUrl}/healthz`
  const ready = `${stack.baseUrl}/readyz`
  const page = `${haproxy.url}/privacy-policy`
  await (await fetch(page)).arrayBuffer()
  let deepestQueue = 0
  const queueTimer = setInterval(() => {
    deepestQueue = Math.max(deepestQueue, listenQueue(stack.server.port).waiting)
  }, 250)
  const attacked = runAttack('combined', stack.baseUrl, {
    seconds: ATTACK_SECONDS,
    origin: stack.baseUrl,
  })
  const answers = await probeWhile(attacked, [health, ready, page])
  clearInterval(queueTimer)
  const tally = await attacked
  const [h, r, p] = [health, ready, page].map((url) => summary(answers.get(url)!))
  console.log(
    `instance: /healthz ${JSON.stringify(h)}; /readyz ${JSON.stringify(r)}; page ${JSON.stringify(p)};` +
      ` deepest accept queue ${deepestQueue}; attacker ${JSON.stringify(tally)}`,
  )
  for (const probe of [h!, r!]) {
    expect(probe.count).toBeGreaterThan(50)
    expect(probe.failed).toBe(0)
    expect(probe.p95).toBeLessThanOrEqual(150)
    expect(probe.worst).toBeLessThan(1000)
  }
  expect(p!.failed).toBe(0)
  expect(p!.worst).toBeLessThan(2000)
  // No connection waited for a place in the listen queue, so none was dropped there.
  expect(deepestQueue).toBeLessThan(listenQueue(stack.server.port).size)
  // The attack had its answers: refused, not served, and its searches never all went through.
  const searchesServed = tally.statuses['200'] ?? 0
  expect(searchesServed).toBeLessThan(tally.sent)

  const after = await fetch(ready)
  expect(after.status).toBe(200)
})

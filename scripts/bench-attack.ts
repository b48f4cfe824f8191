/**
 * `npm run bench:attack`: what one ordinary machine can do to an instance. A production build with
 * the Docker image's runtime settings (heap, UV_THREADPOOL_SIZE, jemalloc where this machine has
 * it) and the mock backend in a process of its own, HAProxy in front as docs/operations.md sets it
 * up. Each pattern is sent from 127.0.0.2, straight at the instance (the instance reached
 * directly, its own bounds the only ones) and, for the connection patterns, through HAProxy too,
 * while /healthz and /readyz are timed at the instance and /privacy-policy through HAProxy from
 * 127.0.0.1, every 100 ms on fresh connections. Prints the table of docs/decisions/024. Needs
 * `npm run build` first.
 *
 *   ATTACK_SECONDS=12        each pattern's length at most (it also stops at its count)
 *   ATTACK_PATTERNS=a,b      only these (search, queries, odd, enquiries, headers, bodies, combined)
 *   BENCH_SERVER_ROOT=/path  another checkout's build, for before-and-after figures
 *   ATTACK_TRUST_PROXY=127.0.0.1  the instance's TRUST_PROXY: by default the balancer's address, so
 *                            that 127.0.0.2 is a stranger as an internet address is (a build from
 *                            before TRUST_PROXY took addresses needs 1)
 */
import fs from 'node:fs'

import { ATTACK_PATTERNS, type AttackPattern } from '../tests/support/attack-client'
import { startHaproxy } from '../tests/support/haproxy'
import {
  listenOverflows,
  listenQueue,
  probeWhile,
  runAttack,
  summary,
} from '../tests/support/one-client'

import {
  imageRuntimeEnv,
  machine,
  requireProductionBuild,
  ROOT,
  sleep,
  startMockProcess,
  startServer,
} from './measure'

const SECONDS = Number(process.env.ATTACK_SECONDS ?? 12)
const ONLY = process.env.ATTACK_PATTERNS?.split(',')
const root = process.env.BENCH_SERVER_ROOT ?? ROOT
const TRUST_PROXY = process.env.ATTACK_TRUST_PROXY ?? '127.0.0.1'

const LABELS: Record<AttackPattern, string> = {
  search: 'searches: random words, 2,000-character queries, regex characters',
  queries: 'pages with random query strings or slugs',
  odd: 'odd methods and paths (PROPFIND, TRACE, OPTIONS, PUT, 7 KB paths, %00, ../, bad %)',
  enquiries: 'enquiry posts',
  headers: 'requests with 16 KB of headers, one in 11 with 64 KB',
  bodies: 'large bodies (5 MB, 5 MB chunked, a gzip bomb)',
  combined: '500 slow header senders, 4,000 idle keep-alive connections and the search flood',
}

/** Waits (60 s at most) until /healthz answers three times in a row within 20 ms. */
async function untilQuiet(health: string) {
  const deadline = Date.now() + 60_000
  for (let quick = 0; quick < 3 && Date.now() < deadline; await sleep(200)) {
    const started = performance.now()
    await fetch(health).then(
      (response) => response.arrayBuffer(),
      () => undefined,
    )
    quick = performance.now() - started < 20 ? quick + 1 : 0
  }
}

requireProductionBuild()
const mock = await startMockProcess(100)
const server = await startServer(
  { BACKEND_URL: mock.control.url, TRUST_PROXY, ...imageRuntimeEnv(root) },
  { root },
)
const haproxy = await startHaproxy([server.port])
const rows: string[] = []
const errorLines = () =>
  server
    .output()
    .split('\n')
    .filter((line) => line.includes('"level":"error"')).length

try {
  type Run = [AttackPattern, 'instance' | 'HAProxy']
  // The connection patterns both ways: at the instance, and through the balancer's own bounds.
  const runs = ATTACK_PATTERNS.filter((pattern) => !ONLY || ONLY.includes(pattern)).flatMap(
    (pattern): Run[] =>
      pattern === 'combined' || pattern === 'headers'
        ? [
            [pattern, 'instance'],
            [pattern, 'HAProxy'],
          ]
        : [[pattern, 'instance']],
  )
  const page = `${haproxy.url}/privacy-policy`
  const health = `${server.url}/healthz`
  const ready = `${server.url}/readyz`
  for (const [pattern, via] of runs) {
    // Each pattern on an instance that has finished with the one before (renders it took on can
    // outlast a pattern), and on a page it has seen: what is timed is this attack.
    await untilQuiet(health)
    await (await fetch(page)).arrayBuffer()
    await (await fetch(`${server.url}/blog`)).arrayBuffer()
    const errorsBefore = errorLines()
    const overflowsBefore = listenOverflows()
    let deepestQueue = 0
    const queueTimer = setInterval(() => {
      deepestQueue = Math.max(deepestQueue, listenQueue(server.port).waiting)
    }, 250)
    const target = via === 'instance' ? server.url : haproxy.url
    const attacked = runAttack(pattern, target, { seconds: SECONDS, origin: server.url })
    const answers = await probeWhile(attacked, [health, ready, page])
    clearInterval(queueTimer)
    const tally = await attacked
    const [h, r, p] = [
      summary(answers.get(health)!),
      summary(answers.get(ready)!),
      summary(answers.get(page)!),
    ]
    const failures = (
      [
        ['/healthz', h],
        ['/readyz', r],
        ['page', p],
      ] as const
    ).flatMap(([name, s]) =>
      s.failed ? [`${name} ${s.failed} (${s.errors.join(', ') || 'not 200'})`] : [],
    )
    const statuses = Object.entries({ ...tally.statuses, ...tally.errors })
      .sort(([, a], [, b]) => b - a)
      .map(([status, n]) => `${n}× ${status}`)
      .join(', ')
    const held =
      pattern === 'combined'
        ? `; slow senders closed ${tally.slowSendersClosedByServer}, idle closed ${tally.idleClosedByServer}, idle open at end ${tally.idleOpenAtEnd}`
        : ''
    rows.push(
      `| ${LABELS[pattern]} | ${via} | ${h.p95} / ${h.worst} | ${r.p95} / ${r.worst} | ${p.worst} |` +
        ` ${failures.join('; ') || 0} | ${tally.sent}: ${statuses}${held} |` +
        ` ${deepestQueue} | ${listenOverflows() - overflowsBefore} | ${errorLines() - errorsBefore} |`,
    )
    console.log(rows.at(-1))
  }
  const healthy = await fetch(`${server.url}/readyz`).then((response) => response.status)
  const { size } = listenQueue(server.port)
  console.log(
    `\n${machine()}; production build of ${root} with the image's runtime settings; each pattern` +
      ` up to ${SECONDS} s from 127.0.0.2; TRUST_PROXY=${TRUST_PROXY}; probes every 100 ms on fresh connections, 5 s timeout;` +
      ` listen queue size ${size} (somaxconn ${fs.readFileSync('/proc/sys/net/core/somaxconn', 'utf8').trim()});` +
      ` /readyz afterwards: ${healthy}\n`,
  )
  console.log(
    '| what one machine sends | sent to | `/healthz` p95 / worst ms | `/readyz` p95 / worst ms | page worst ms | probes without a 200 | attacker: sent, answers | deepest accept queue | listen overflows | error log lines |',
  )
  console.log('|---|---|---:|---:|---:|---|---|---:|---:|---:|')
  for (const row of rows) console.log(row)
} finally {
  await haproxy.stop()
  await server.stop()
  await mock.stop()
}

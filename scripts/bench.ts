/**
 * `npm run bench`: throughput and latency of the production server on loopback, against a static
 * file served by the same server as the ceiling. Needs `npm run build` first.
 *
 *   BENCH_CONNECTIONS=50, BENCH_DURATION_S=10
 *   BENCH_SERVER_ROOT=/path   another checkout's build, for before-and-after figures
 */
import autocannon from 'autocannon'

import { BROWSER_HEADERS, machine, requireProductionBuild, startStack } from './measure'

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10)

type Row = { name: string; path: string; rps: number; p50: number; p99: number; errors: number }

/** A scanner's probe: every request asks for another path nobody has asked for. */
const UNKNOWN_PATHS = '/probe-*.php'
let probes = 0
const nextProbe = (request: object) => ({ ...request, path: `/probe-${++probes}.php` })

function optionsFor(url: string) {
  const isScan = new URL(url).pathname === UNKNOWN_PATHS
  return {
    url,
    headers: BROWSER_HEADERS,
    ...(isScan ? { requests: [{ setupRequest: nextProbe }] } : {}),
  }
}

/** Fills the caches and lets the JIT settle, so the first target measured is not the coldest. */
async function warmUp(url: string) {
  await autocannon({ ...optionsFor(url), connections: 10, duration: 2 })
}

async function measure(name: string, url: string): Promise<Row> {
  const path = new URL(url).pathname
  const isScan = path === UNKNOWN_PATHS
  const options = optionsFor(url)
  const result = await autocannon({ ...options, connections: CONNECTIONS, duration: DURATION_S })
  // Unknown addresses are answered 404, as they should be; anything else is an error.
  const expected = isScan ? '404' : '200'
  const answered = Object.entries(result.statusCodeStats ?? {})
  const unexpected = answered
    .filter(([status]) => status !== expected)
    .reduce((total, [, stats]) => total + (stats.count ?? 0), 0)
  return {
    name,
    path: isScan ? UNKNOWN_PATHS : path,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + unexpected,
  }
}

requireProductionBuild()
const stack = await startStack(
  { CONTACT_RATE_LIMIT: '5/900' },
  { root: process.env.BENCH_SERVER_ROOT },
)
try {
  const postsResponse = await fetch(`${stack.mock.url}/app/posts/`)
  const [firstPost] = (await postsResponse.json()) as Array<{ slug: string }>
  const targets: Array<[string, string]> = [
    ['static file (ceiling)', '/favicon.svg'],
    ['home page', '/'],
    ['blog list (warm)', '/blog'],
    ['blog post', `/blog/${firstPost!.slug}`],
    ['privacy policy', '/privacy-policy'],
    ['unknown addresses (scan)', UNKNOWN_PATHS],
  ]
  const rows: Row[] = []
  const before = await stack.mock.state()
  let blogViews = 0
  for (const [, path] of targets) await warmUp(`${stack.baseUrl}${path}`)
  for (const [name, path] of targets) {
    const row = await measure(name, `${stack.baseUrl}${path}`)
    if (path.startsWith('/blog')) blogViews += row.rps * DURATION_S
    rows.push(row)
  }
  const after = await stack.mock.state()
  const ceiling = rows[0]!.rps

  console.log(
    `\n${CONNECTIONS} connections, ${DURATION_S} s per target, production build on loopback, ${machine()}, ` +
      `every request with a browser's accept-encoding: ${BROWSER_HEADERS['accept-encoding']}\n`,
  )
  console.log('| target | path | req/s | p50 ms | p99 ms | errors | of ceiling |')
  console.log('|---|---|---:|---:|---:|---:|---:|')
  for (const row of rows) {
    const ratio = `${Math.round((row.rps / ceiling) * 100)}%`
    console.log(
      `| ${row.name} | ${row.path} | ${Math.round(row.rps)} | ${row.p50} | ${row.p99} | ${row.errors} | ${ratio} |`,
    )
  }
  const backendCalls = after.postsRequests - before.postsRequests
  const perThousand = blogViews > 0 ? (backendCalls / blogViews) * 1000 : 0
  console.log(
    `\nbackend post-list calls: ${backendCalls} for about ${Math.round(blogViews)} blog page views ` +
      `(${perThousand.toFixed(3)} per 1,000 views)`,
  )
} finally {
  await stack.stop()
}

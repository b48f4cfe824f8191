/**
 * `npm run bench:bounds`: what requests no visitor sends cost the production server, one at a
 * time on loopback: odd methods, long and deep paths (POST, HEAD, GET with a flash cookie, and
 * with no page cache at all), malformed addresses, large headers and bodies; a static file is the
 * reference. For each: the status, the server's CPU time per request (from /proc, so time spent
 * waiting for a core on a busy machine does not count), the time the server logged for it, the
 * round trip, and the error and non-JSON (stack) lines it wrote. Needs `npm run build` first.
 *
 *   BENCH_REPEAT=200            requests of each kind (the long paths: a tenth)
 *   BENCH_SERVER_ROOT=/path     another checkout's build, for before-and-after figures
 */
import { rawRequest, type RawRequest } from '../tests/support/raw-request'

import {
  cpuMs,
  machine,
  percentiles,
  requireProductionBuild,
  startStack,
  type Stack,
} from './measure'

const REPEAT = Number(process.env.BENCH_REPEAT ?? 200)
/** The long paths took seconds each before they were bounded. */
const LONG_REPEAT = Math.max(1, Math.round(REPEAT / 10))

/** `/a/a/a…` of about `chars` characters: a path as deep as it is long. */
const deepPath = (chars: number) => '/a'.repeat(Math.ceil(chars / 2))

/** A request, or one made anew each time (a query no page reads, different every time). */
type Kind = { name: string; request: RawRequest | (() => RawRequest); long?: boolean }

const made = (kind: Kind) => (typeof kind.request === 'function' ? kind.request() : kind.request)

const FLASH = { cookie: 'toast=eyJ0eXBlIjoic3VjY2VzcyJ9' }

const KINDS: Kind[] = [
  { name: 'GET /favicon.svg (reference)', request: { path: '/favicon.svg' } },
  {
    name: 'GET /privacy-policy?x=<random>',
    request: () => ({ path: `/privacy-policy?x=${Math.random()}` }),
  },
  { name: 'TRACE /', request: { method: 'TRACE', path: '/' } },
  { name: 'PROPFIND /', request: { method: 'PROPFIND', path: '/' } },
  { name: 'OPTIONS /blog', request: { method: 'OPTIONS', path: '/blog' } },
  { name: 'PUT /contact', request: { method: 'PUT', path: '/contact', body: 'a=1' } },
  { name: 'POST / (no action)', request: { method: 'POST', path: '/', body: 'a=1' } },
  { name: 'POST 4,000-char path', request: { method: 'POST', path: deepPath(4000) }, long: true },
  { name: 'POST 8,000-char path', request: { method: 'POST', path: deepPath(8000) }, long: true },
  { name: 'POST 12,000-char path', request: { method: 'POST', path: deepPath(12000) }, long: true },
  { name: 'GET 7,000-char path', request: { path: deepPath(7000) }, long: true },
  { name: 'HEAD 7,000-char path', request: { method: 'HEAD', path: deepPath(7000) }, long: true },
  {
    name: 'GET 7,000-char path, flash cookie',
    request: { path: deepPath(7000), headers: FLASH },
    long: true,
  },
  { name: 'GET /%E0%A4%A (bad encoding)', request: { path: '/%E0%A4%A' } },
  { name: 'GET /blog/%', request: { path: '/blog/%' } },
  { name: 'GET /%00', request: { path: '/%00' } },
  { name: 'GET /..%2f..%2fetc%2fpasswd', request: { path: '/..%2f..%2fetc%2fpasswd' } },
  {
    name: 'GET / with 20 KB of headers',
    request: { path: '/', headers: { 'x-pad': 'a'.repeat(20_000) } },
  },
  {
    name: 'GET / with 64 KB of headers',
    request: { path: '/', headers: { 'x-pad': 'a'.repeat(65_536) } },
  },
  { name: 'GET / with a 1 KB body', request: { path: '/', body: 'a'.repeat(1024) } },
  {
    name: 'POST /contact, 100 KB declared',
    request: { method: 'POST', path: '/contact', body: 'a'.repeat(100_000) },
  },
]

/** Kinds sent again to a server without a page cache (POSTS_CACHE_TTL_S=0). */
const WITHOUT_CACHE = [
  'GET /favicon.svg (reference)',
  'GET 7,000-char path',
  'HEAD 7,000-char path',
]

type Row = {
  name: string
  statuses: string
  cpuMs: number
  serverMs: ReturnType<typeof percentiles>
  roundTripMs: ReturnType<typeof percentiles>
  errorLines: number
  otherLines: number
}

async function measure(stack: Stack, kind: Kind): Promise<Row> {
  const from = stack.server.output().length
  const statuses = new Map<string, number>()
  const roundTrips: number[] = []
  const count = kind.long ? LONG_REPEAT : REPEAT
  const cpuBefore = cpuMs(stack.server.process.pid!)
  for (let i = 0; i < count; i++) {
    const outcome = await rawRequest(stack.baseUrl, made(kind)).then(
      (answer) => {
        roundTrips.push(answer.ms)
        return String(answer.status)
      },
      (error: NodeJS.ErrnoException) => error.code ?? 'error',
    )
    statuses.set(outcome, (statuses.get(outcome) ?? 0) + 1)
  }
  const cpu = (cpuMs(stack.server.process.pid!) - cpuBefore) / count
  // The log line of a request is written when its answer has been sent: give the last a moment.
  await new Promise((resolve) => setTimeout(resolve, 50))
  const lines = stack.server.output().slice(from).split('\n').filter(Boolean)
  const json = lines.filter((line) => line.startsWith('{'))
  const logged = json.map((line) => JSON.parse(line) as Record<string, unknown>)
  return {
    name: kind.name,
    statuses: [...statuses].map(([status, times]) => `${times}×${status}`).join(' '),
    cpuMs: cpu,
    serverMs: percentiles(
      logged.filter((line) => line.msg === 'request').map((line) => Number(line.durationMs)),
    ),
    roundTripMs: percentiles(roundTrips),
    errorLines: logged.filter((line) => line.level === 'error' || line.level === 'warn').length,
    otherLines: lines.length - json.length,
  }
}

const ms = (value: number, samples: number) =>
  samples === 0 ? '-' : value < 10 ? value.toFixed(2) : value.toFixed(0)

function print(title: string, rows: Row[]) {
  console.log(`\n${title}\n`)
  console.log(
    '| request | answers | server CPU ms a request | logged ms p50 / max | round trip ms p50 / max | error or warn lines | other lines (stacks) |',
  )
  console.log('| --- | --- | --- | --- | --- | --- | --- |')
  for (const row of rows) {
    const server = row.serverMs
    const trip = row.roundTripMs
    console.log(
      `| ${row.name} | ${row.statuses} | ${row.cpuMs.toFixed(2)} | ${ms(server.p50, server.samples)} / ${ms(server.max, server.samples)} | ${ms(trip.p50, trip.samples)} / ${ms(trip.max, trip.samples)} | ${row.errorLines} | ${row.otherLines} |`,
    )
  }
}

async function run(env: Record<string, string>, kinds: Kind[]) {
  const stack = await startStack(env, { root: process.env.BENCH_SERVER_ROOT })
  try {
    // The kept pages and the JIT: the first request of a kind is not the one measured alone.
    for (const kind of kinds) await rawRequest(stack.baseUrl, made(kind)).catch(() => undefined)
    const rows: Row[] = []
    for (const kind of kinds) rows.push(await measure(stack, kind))
    return rows
  } finally {
    await stack.stop()
  }
}

requireProductionBuild()
console.log(
  `${machine()}, ${REPEAT} requests of each kind (${LONG_REPEAT} of the long paths), one at a time`,
)
print('With the page cache (the default)', await run({}, KINDS))
print(
  'Without a page cache (POSTS_CACHE_TTL_S=0)',
  await run(
    { POSTS_CACHE_TTL_S: '0' },
    KINDS.filter((kind) => WITHOUT_CACHE.includes(kind.name)),
  ),
)

/**
 * What the measuring scripts share: a stack or a mock backend to measure, timed requests,
 * percentiles, and a process's CPU time and memory from Linux's /proc. The stack itself is the
 * tests' (tests/support/stack.ts), so that a bench measures the server the tests start.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { freePort, mockControl, ROOT, type MockControl } from '../tests/support/stack'

export {
  requireProductionBuild,
  ROOT,
  startServer,
  startStack,
  type MockControl,
  type RunningServer,
  type Stack,
} from '../tests/support/stack'

/** What browsers send: without it the server replies uncompressed, which no visitor ever gets. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' }

/** What the figures were taken on: `Node v24.21.0, load average 0.4 on 2 cores`. */
export function machine() {
  return `Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`
}

/** Linux's USER_HZ: /proc gives CPU time in these ticks. */
const CLOCK_TICKS_PER_S = 100

export type Percentiles = { p50: number; p95: number; p99: number; max: number; samples: number }

/** The nearest-rank percentile of samples sorted ascending; `fraction` is 0.5 for p50. */
export function percentile(sorted: number[], fraction: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)] ?? 0
}

export function percentiles(samples: number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b)
  return {
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? 0,
    samples: sorted.length,
  }
}

/** The middle value; of an even count, the upper of the two middle ones. */
export function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

export function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** A GET whose body is read to the end: its status, its size and how long it took (to 0.1 ms). */
export async function timedFetch(url: string) {
  const started = performance.now()
  const response = await fetch(url)
  const body = await response.arrayBuffer()
  const ms = Math.round((performance.now() - started) * 10) / 10
  return { status: response.status, bytes: body.byteLength, ms }
}

/** CPU time of a process so far (all its threads), in ms. */
export function cpuMs(pid: number) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S
}

/** A process's VmRSS (resident now) or VmHWM (the most resident so far), in MB, unrounded. */
export function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM') {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)![1]) / 1024
}

/** Where this machine keeps jemalloc, which the Docker image preloads; undefined without it. */
export function jemallocHere() {
  const jemalloc = `/usr/lib/${process.arch === 'arm64' ? 'aarch64' : 'x86_64'}-linux-gnu/libjemalloc.so.2`
  return fs.existsSync(jemalloc) ? jemalloc : undefined
}

/**
 * The environment the Docker image gives the server: the runtime stage's `ENV` lines of `root`'s
 * Dockerfile, with jemalloc preloaded from where this machine keeps it (left out where it has
 * none), and another V8 heap ceiling when `heapMb` is given.
 */
export function imageRuntimeEnv(root: string, heapMb?: string) {
  const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ')
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '))
  const env: Record<string, string> = {}
  for (const [, line] of runtime.matchAll(/^ENV\s+(.+)$/gm)) {
    for (const [, name, value] of line!.matchAll(/(\w+)=("[^"]*"|\S+)/g)) {
      env[name!] = value!.replace(/^"|"$/g, '')
    }
  }
  delete env.PORT
  delete env.HOST
  if (env.LD_PRELOAD) {
    const jemalloc = jemallocHere()
    if (jemalloc) env.LD_PRELOAD = jemalloc
    else delete env.LD_PRELOAD
  }
  if (heapMb) {
    const others = (env.NODE_OPTIONS ?? '').replace(/--max-old-space-size=\d+/, '').trim()
    env.NODE_OPTIONS = `${others} --max-old-space-size=${heapMb}`.trim()
  }
  return env
}

/**
 * The mock backend in a process of its own, generating `posts` posts, so that its work does not
 * disturb the timings of the process that measures.
 */
export async function startMockProcess(
  posts: number,
): Promise<{ control: MockControl; stop: () => Promise<void> }> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'mocks/backend.ts')], {
    cwd: ROOT,
    env: { ...process.env, MOCK_BACKEND_PORT: String(port), MOCK_GENERATED_POSTS: String(posts) },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (String(chunk).includes('listening')) resolve()
    })
    child.on('exit', () => reject(new Error('the mock backend stopped')))
  })
  return {
    control: mockControl(`http://127.0.0.1:${port}`),
    stop: () =>
      new Promise((resolve) => {
        child.on('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

/** The HTML of each of the blog's pages, following "next" to the last page (or the first not 200). */
export async function* blogPages(baseUrl: string) {
  for (let page = 1; ; page += 1) {
    const response = await fetch(`${baseUrl}/blog${page > 1 ? `?page=${page}` : ''}`)
    if (response.status !== 200) return
    const html = await response.text()
    yield html
    if (!html.includes(`?page=${page + 1}"`)) return
  }
}

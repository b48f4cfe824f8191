// `node [options] encode-timing.js <esm|cjs> <deep|wide>`: encodes a value 100,000 levels deep, or
// a list of a million numbers, with turbo-stream's `encode` and prints, as JSON, how long it took
// and the longest the event loop waited meanwhile. A process of its own, so that it runs under
// the production image's V8 settings and no other test's heap or timers.
import { createRequire } from 'node:module'
import { performance } from 'node:perf_hooks'

const DEEP_LEVELS = 100_000
const WIDE_ENTRIES = 1_000_000
const TICK_MS = 1

const [build, shape] = process.argv.slice(2)
const { encode } =
  build === 'cjs' ? createRequire(import.meta.url)('turbo-stream') : await import('turbo-stream')

function valueOf(shape) {
  if (shape === 'wide') return Array.from({ length: WIDE_ENTRIES }, (_, i) => i)
  let value = { leaf: true }
  for (let level = 0; level < DEEP_LEVELS; level++) {
    value = level % 2 ? [level, value] : { level, child: value }
  }
  return value
}

/** CPU time of this thread: unlike the clock, it leaves out the time other processes ran. */
function threadCpuMs() {
  const { user, system } = process.threadCpuUsage()
  return (user + system) / 1000
}

const value = valueOf(shape)
let longestTurnMs = 0
let longestTurnCpuMs = 0
let lastTick = performance.now()
let lastTickCpu = threadCpuMs()
const ticker = setInterval(() => {
  const now = performance.now()
  const cpu = threadCpuMs()
  longestTurnMs = Math.max(longestTurnMs, now - lastTick)
  longestTurnCpuMs = Math.max(longestTurnCpuMs, cpu - lastTickCpu)
  lastTick = now
  lastTickCpu = cpu
}, TICK_MS)

const started = performance.now()
const startedCpu = threadCpuMs()
let bytes = 0
let error
try {
  const reader = encode(value).getReader()
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    bytes += read.value.byteLength
  }
} catch (reason) {
  error = String(reason)
}
const result = {
  bytes,
  error,
  ms: Math.round(performance.now() - started),
  cpuMs: Math.round(threadCpuMs() - startedCpu),
}
// One more tick after the stream ends: the last turn counts too.
await new Promise((resolve) => setTimeout(resolve, 5 * TICK_MS))
clearInterval(ticker)
console.log(
  JSON.stringify({
    ...result,
    longestTurnMs: Math.round(longestTurnMs),
    longestTurnCpuMs: Math.round(longestTurnCpuMs),
  }),
)

/**
 * `npm run soak`: mixed traffic against the production server and the mock backend on loopback for
 * a few minutes, while the mock's post list switches between working, failing and slow. Reports the
 * server's memory over time, errors and latency, and checks that every enquiry the site accepted
 * reached the backend exactly once. Needs `npm run build` first.
 *
 *   SOAK_DURATION_S   how long the traffic runs (default 180)
 *   SOAK_CONCURRENCY  requests in flight at once (default 16)
 *
 * Exits 1 when a page answered an unexpected status, an accepted enquiry is missing or duplicated at
 * the backend, or the server's resident memory grew by more than half after the warm-up.
 */
import type { PostsMode } from '../mocks/backend'

import { machine, memoryMb, percentile, requireProductionBuild, sleep, startStack } from './measure'
import { checkEnquiries, pickWeighted, trafficMix, type Kind } from './soak-traffic'

const DURATION_MS = Number(process.env.SOAK_DURATION_S ?? 180) * 1000
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 16)
const WARMUP_MS = Math.min(30_000, DURATION_MS / 4)
const MAX_REQUESTS = 1_000_000
const MEMORY_SAMPLE_MS = 30_000
const MAX_RSS_GROWTH = 0.5
/** Each phase of the mock's post list lasts this long; the site's caches expire faster. */
const BACKEND_PHASE_MS = 10_000
const POSTS_CACHE_TTL_S = '5'
const BACKEND_PHASES: Array<{ posts: PostsMode; delayMs?: number }> = [
  { posts: 'ok' },
  { posts: 'fail' },
  { posts: 'ok' },
  { posts: 'slow', delayMs: 300 },
]
/** What the enquiry action may answer (docs/contracts.md); only 303 means accepted. */
const ENQUIRY_CONTRACT_STATUSES = [303, 400, 429, 502]

type Tally = { durations: number[]; statuses: Map<number | string, number> }

/** Resident memory of the server in MB, or undefined once it is gone. */
function rssMb(pid: number): number | undefined {
  try {
    return memoryMb(pid, 'VmRSS')
  } catch {
    return undefined
  }
}

function printLatencyTable(kinds: Kind[], tallies: Map<string, Tally>) {
  console.log('\n| traffic | requests | unexpected | p50 ms | p99 ms | statuses |')
  console.log('|---|---:|---:|---:|---:|---|')
  const all: number[] = []
  let requests = 0
  let unexpected = 0
  for (const kind of kinds) {
    const tally = tallies.get(kind.name)!
    const sorted = [...tally.durations].sort((a, b) => a - b)
    all.push(...sorted)
    const count = sorted.length
    const bad = [...tally.statuses]
      .filter(([status]) => !kind.expected.includes(status as number))
      .reduce((sum, [, n]) => sum + n, 0)
    requests += count
    unexpected += bad
    const statuses = [...tally.statuses].map(([status, n]) => `${status} ×${n}`).join(', ')
    console.log(
      `| ${kind.name} | ${count} | ${bad} | ${percentile(sorted, 0.5).toFixed(1)} | ` +
        `${percentile(sorted, 0.99).toFixed(1)} | ${statuses} |`,
    )
  }
  all.sort((a, b) => a - b)
  console.log(
    `| all | ${requests} | ${unexpected} | ${percentile(all, 0.5).toFixed(1)} | ` +
      `${percentile(all, 0.99).toFixed(1)} | |`,
  )
  return { requests, unexpected }
}
requireProductionBuild()

const runId = Math.random().toString(36).slice(2, 8)
const failures: string[] = []
const accepted = new Set<string>()
const stack = await startStack({ CONTACT_RATE_LIMIT: '100000/60', POSTS_CACHE_TTL_S })
const pid = stack.server.process.pid!
try {
  const posts = (await (await fetch(`${stack.mock.url}/app/posts/`)).json()) as Array<{
    slug: string
  }>
  const kinds = trafficMix(
    stack,
    posts.map((post) => post.slug),
    runId,
    accepted,
  )
  const tallies = new Map<string, Tally>(
    kinds.map((kind) => [kind.name, { durations: [], statuses: new Map() }]),
  )

  const started = Date.now()
  const deadline = started + DURATION_MS
  const elapsedS = () => Math.round((Date.now() - started) / 1000)
  const memory: Array<{ label: string; rssMb: number | undefined }> = [
    { label: 'idle after start', rssMb: rssMb(pid) },
  ]
  let sent = 0
  console.log(
    `soak: ${DURATION_MS / 1000} s, ${CONCURRENCY} in flight, server pid ${pid}, ${machine()}, ` +
      `post list ${BACKEND_PHASES.map((phase) => phase.posts).join(' → ')} every ${BACKEND_PHASE_MS / 1000} s`,
  )

  async function worker() {
    while (Date.now() < deadline && sent < MAX_REQUESTS) {
      sent += 1
      const kind = pickWeighted(kinds)
      const outcome = await kind.send()
      const tally = tallies.get(kind.name)!
      tally.durations.push(outcome.ms)
      tally.statuses.set(outcome.status, (tally.statuses.get(outcome.status) ?? 0) + 1)
    }
  }

  async function switchBackend() {
    for (let phase = 0; Date.now() < deadline; phase += 1) {
      const { posts, delayMs } = BACKEND_PHASES[phase % BACKEND_PHASES.length]!
      await stack.mock.setState({ posts, ...(delayMs ? { delayMs } : {}) })
      await sleep(Math.min(BACKEND_PHASE_MS, Math.max(0, deadline - Date.now())))
    }
    await stack.mock.setState({ posts: 'ok' })
  }

  async function sampleMemory() {
    await sleep(WARMUP_MS)
    const baseline = { label: `baseline after ${elapsedS()} s warm-up`, rssMb: rssMb(pid) }
    memory.push(baseline)
    console.log(
      `  ${baseline.label}: ${baseline.rssMb?.toFixed(1) ?? 'n/a'} MB RSS, ${sent} requests`,
    )
    while (Date.now() + MEMORY_SAMPLE_MS < deadline) {
      await sleep(MEMORY_SAMPLE_MS)
      const sample = { label: `${elapsedS()} s`, rssMb: rssMb(pid) }
      memory.push(sample)
      console.log(
        `  ${sample.label}: ${sample.rssMb?.toFixed(1) ?? 'n/a'} MB RSS, ${sent} requests`,
      )
    }
  }

  await Promise.all([
    switchBackend(),
    sampleMemory(),
    ...Array.from({ length: CONCURRENCY }, () => worker()),
  ])
  memory.push({ label: `end (${elapsedS()} s)`, rssMb: rssMb(pid) })

  const { requests, unexpected } = printLatencyTable(kinds, tallies)
  console.log(`\n${requests} requests in ${elapsedS()} s (${Math.round(requests / elapsedS())}/s)`)
  if (unexpected > 0) failures.push(`${unexpected} requests answered an unexpected status`)

  const contactStatuses = [...tallies.get('POST /contact')!.statuses.keys()]
  const offContract = contactStatuses.filter(
    (status) => !ENQUIRY_CONTRACT_STATUSES.includes(status as number),
  )
  if (offContract.length > 0) {
    console.log(
      `\nPOST /contact answered ${offContract.join(', ')}: not what the enquiry action of ` +
        `the contract's answers (${ENQUIRY_CONTRACT_STATUSES.join('/')}). Is the action built?`,
    )
  }

  console.log('\nserver memory (RSS):')
  for (const sample of memory) {
    console.log(`  ${sample.label}: ${sample.rssMb?.toFixed(1) ?? 'n/a'} MB`)
  }
  const baseline = memory[1]?.rssMb
  const end = memory[memory.length - 1]?.rssMb
  const peak = Math.max(...memory.map((sample) => sample.rssMb ?? 0))
  if (baseline !== undefined && end !== undefined) {
    const growth = end / baseline - 1
    console.log(
      `  peak: ${peak.toFixed(1)} MB; growth after warm-up: ${(growth * 100).toFixed(1)}%`,
    )
    if (growth > MAX_RSS_GROWTH) {
      failures.push(`RSS grew by ${(growth * 100).toFixed(0)}% after the warm-up`)
    }
  }

  const enquiries = await checkEnquiries(stack, runId, accepted)
  console.log(
    `\nenquiries: ${accepted.size} accepted (303), ${enquiries.received} received by the backend; ` +
      `missing ${enquiries.missing.length}, duplicated ${enquiries.duplicated.length}, ` +
      `received but not acknowledged ${enquiries.unacknowledged.length}, ` +
      `with other fields than the six ${enquiries.wrongShape}`,
  )
  if (accepted.size === 0)
    console.log('  no enquiry was accepted: the delivery check proved nothing')
  if (enquiries.missing.length > 0) {
    failures.push(`accepted enquiries missing at the backend: ${enquiries.missing.slice(0, 5)}`)
  }
  if (enquiries.duplicated.length > 0) {
    failures.push(`enquiries delivered more than once: ${enquiries.duplicated.slice(0, 5)}`)
  }
  if (enquiries.wrongShape > 0) {
    failures.push(`${enquiries.wrongShape} forwarded enquiries had other fields than the six`)
  }

  const levels = new Map<string, number>()
  for (const line of stack.server.output().split('\n')) {
    const level = /"level":"(\w+)"/.exec(line)?.[1]
    if (level && level !== 'info') levels.set(level, (levels.get(level) ?? 0) + 1)
  }
  const logSummary = [...levels].map(([level, n]) => `${n} ${level}`).join(', ')
  console.log(`\nserver log lines above info: ${logSummary || 'none'}`)
} finally {
  await stack.stop()
}

if (failures.length > 0) {
  console.log(`\nFAIL\n${failures.map((failure) => `- ${failure}`).join('\n')}`)
  process.exit(1)
}
console.log('\nPASS')

/**
 * `npm run bench:blog`: the blog at scale. Starts the production server against the mock backend
 * generating N posts of about 10 KB each and prints, for each N, what a visitor and an operator
 * see: the first /blog, the first view of the oldest post, how many posts are reachable, the CPU
 * a refresh costs when one post changed, how / answers while that refresh runs, memory, and the
 * search: the first search after a start (and how long the start took), the first search once
 * the pages were walked, how fast ten visitors searching at once are answered, by pages and as
 * they type (live search's data requests); and VmHWM over the whole run.
 * Needs `npm run build` first.
 *
 *   BENCH_BLOG_SIZES=100,500,2000   the values of N
 *   BENCH_BLOG_REFRESHES=50         refreshes (each with one post changed) for the memory figure
 *   BENCH_BLOG_TIMED_REFRESHES=20   refreshes during which / is timed
 *   BENCH_BLOG_SEARCHES=50          searches by each of the ten searchers
 *   BENCH_SERVER_ROOT=/path         another checkout's build, for before-and-after figures
 *   BENCH_BLOG_HEAP_MB=256          another V8 heap ceiling (--max-old-space-size) than the image's
 *
 * The server runs with the Docker image's own run-time settings, read from the `ENV` lines of the
 * measured checkout's Dockerfile (its heap ceiling in NODE_OPTIONS, UV_THREADPOOL_SIZE, jemalloc
 * preloaded where this machine has it): its memory is the memory an instance of the image has.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import {
  freePort,
  mockControl,
  requireProductionBuild,
  ROOT,
  startServer,
  type MockControl,
  type RunningServer,
} from '../tests/support/stack'

const SIZES = (process.env.BENCH_BLOG_SIZES ?? '100,500,2000').split(',').map(Number)
const REFRESHES = Number(process.env.BENCH_BLOG_REFRESHES ?? 50)
const SERVER_ROOT = path.resolve(process.env.BENCH_SERVER_ROOT ?? ROOT)
const HEAP_MB = process.env.BENCH_BLOG_HEAP_MB
const IMAGE_ENV = imageRuntimeEnv()
/** Refreshes whose CPU is measured (the median is shown). */
const MEASURED_REFRESHES = 5
/** Refreshes during which / is timed (only while each runs), pooled for the percentile. */
const TIMED_REFRESHES = Number(process.env.BENCH_BLOG_TIMED_REFRESHES ?? 20)
/** The post list (and the rendered pages) are stale after this, so refreshes come at will. */
const TTL_S = 2
/** Visitors of / while a refresh runs: each asks, waits for the answer, pauses, asks again. */
const HOME_VISITORS = 4
const HOME_PAUSE_MS = 10
const CLOCK_TICKS_PER_S = 100
/** Longer than the sanitiser's worker stays without work before it is ended. */
const WORKER_ENDED_WAIT_MS = 8_000
/** Visitors searching at once, each asking again as soon as answered, and how often each asks. */
const SEARCHERS = 10
const SEARCHES_EACH = Number(process.env.BENCH_BLOG_SEARCHES ?? 50)
/** What visitors look for: words of the posts' titles and texts, some with a word half typed. */
const SEARCH_QUERIES = [
  'voice agents',
  'invoice chasing',
  'dental',
  'gdpr',
  'restaurant bookings',
  'salon no-shows',
  'chatbot cost',
  'missed calls trad',
  'estate agent leads',
  'automation roi',
]

type Row = {
  posts: number
  answerBytes: number
  backendMs: number
  coldBlogMs: number
  coldBlogCpuMs: number
  oldestPostMs: number
  oldestPostCpuMs: number
  oldestPostStatus: number
  inSitemap: number
  inPages: number
  byUrl: number
  firstViewMs: number
  firstViewCpuMs: number
  refreshCpuMs: number
  refreshMs: number
  homeIdle: Latencies
  homeDuringRefresh: Latencies
  rssAfterWarmUpMb: number
  rssWorkerEndedMb: number
  rssOverRefreshesMb: { first: number; last: number; max: number; count: number }
  searchReadyMs: number
  search: Percentiles & { firstP95: number; live: Percentiles }
  rssAfterSearchMb: number
  firstSearch: FirstSearch
  /** VmHWM: the most the server process held at once over the whole run. */
  peakRssMb: number
}

type Percentiles = { p50: number; p95: number; max: number; samples: number }

type FirstSearch = { ms: number; matches: number; sameAsLater: boolean; readyMs: number }

type Latencies = { p99: number; max: number; samples: number }

requireProductionBuild()
printHeader()
const rows: Row[] = []
for (const posts of SIZES) {
  rows.push(await benchmark(posts))
  printRow(rows.at(-1)!)
}
printGoals(rows)
console.log(
  `\nLoad average at the end: ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores.`,
)

async function benchmark(posts: number): Promise<Row> {
  const mock = await startMock(posts)
  const start = () =>
    startServer(
      {
        ...IMAGE_ENV,
        BACKEND_URL: mock.control.url,
        POSTS_CACHE_TTL_S: String(TTL_S),
        BACKEND_TIMEOUT_MS: '60000',
      },
      { root: SERVER_ROOT },
    ).catch(async (cause: unknown) => {
      await mock.stop()
      throw cause
    })
  // The mock builds its answer once; the second time tells how long the answer takes on its own.
  await timedFetch(`${mock.control.url}/app/posts/`)
  const starting = performance.now()
  const firstSearch = await firstSearchAfterStart(await start(), performance.now() - starting)
  const server = await start()
  const refreshes = refreshCounter(server)
  try {
    const { ms: backendMs, bytes: answerBytes } = await timedFetch(`${mock.control.url}/app/posts/`)
    // CPU time too: on a shared machine wall times measure the neighbours as well.
    let cpuBefore = cpuMs(server)
    const cold = await timedFetch(`${server.url}/blog`)
    const coldBlogCpuMs = cpuMs(server) - cpuBefore
    cpuBefore = cpuMs(server)
    const oldest = await timedFetch(`${server.url}/blog/generated-post-0`)
    const oldestPostCpuMs = cpuMs(server) - cpuBefore
    console.error(`N=${posts}: cold /blog ${cold.ms} ms, oldest post ${oldest.ms} ms`)

    const inSitemap = await postsInSitemap(server)
    const pageSlugs = await postsInPages(server)
    // Posts are viewed once a search has run, so that their figures are theirs alone (the posts
    // are read for search at the start; a search after the list's refreshes reads those changed).
    const searchReadyMs = (
      await timedFetch(`${server.url}/blog?q=${encodeURIComponent(SEARCH_QUERIES[1]!)}`)
    ).ms
    cpuBefore = cpuMs(server)
    const viewsStarted = performance.now()
    const byUrl = await postsByUrl(server, pageSlugs)
    // Every thread's CPU, the thread pool's compression included, per post viewed.
    const firstViewMs = (performance.now() - viewsStarted) / pageSlugs.length
    const firstViewCpuMs = (cpuMs(server) - cpuBefore) / pageSlugs.length
    const rssAfterWarmUpMb = rssMb(server)
    console.error(`N=${posts}: reachable ${inSitemap}/${pageSlugs.length}/${byUrl}`)
    // The sanitiser's worker thread ends once idle; what the server keeps is measured after.
    await sleep(WORKER_ENDED_WAIT_MS)
    const rssWorkerEndedMb = rssMb(server)

    const search = await searchLoad(server)
    const rssAfterSearchMb = rssMb(server)
    console.error(
      `N=${posts}: search ready in ${searchReadyMs} ms, search p95 ${search.p95} ms, live search p95 ${search.live.p95} ms`,
    )

    const cpu: number[] = []
    const durations: number[] = []
    let revision = 0
    for (let i = 0; i < MEASURED_REFRESHES; i += 1) {
      const { cpuMs, ms } = await refreshWithOneChange(server, mock.control, refreshes, ++revision)
      cpu.push(cpuMs)
      durations.push(ms)
    }
    // Idle and refresh windows alike start with / freshly rendered and last as long as a refresh.
    const idle: number[] = []
    const duringRefresh: number[] = []
    for (let i = 0; i < TIMED_REFRESHES; i += 1) {
      await prepareChange(mock.control, ++revision)
      await timedFetch(`${server.url}/`)
      duringRefresh.push(...(await sampleHome(server, () => triggerRefresh(server, refreshes))))
      await sleep(TTL_S * 1000 + 50)
      await timedFetch(`${server.url}/`)
      idle.push(...(await sampleHome(server, () => sleep(median(durations)))))
    }

    const rss: number[] = []
    for (let i = 0; i < REFRESHES; i += 1) {
      await refreshWithOneChange(server, mock.control, refreshes, ++revision)
      // The changed post is shown once, as its first reader would.
      await timedFetch(`${server.url}/blog/generated-post-${Math.floor(posts / 2)}`)
      rss.push(rssMb(server))
    }

    return {
      posts,
      answerBytes,
      backendMs,
      coldBlogMs: cold.ms,
      coldBlogCpuMs,
      oldestPostMs: oldest.ms,
      oldestPostCpuMs,
      oldestPostStatus: oldest.status,
      inSitemap,
      inPages: pageSlugs.length,
      byUrl,
      firstViewMs,
      firstViewCpuMs,
      refreshCpuMs: median(cpu),
      refreshMs: median(durations),
      homeIdle: latencies(idle),
      homeDuringRefresh: latencies(duringRefresh),
      rssAfterWarmUpMb,
      rssWorkerEndedMb,
      rssOverRefreshesMb: {
        first: rss[0] ?? 0,
        last: rss.at(-1) ?? 0,
        max: Math.max(0, ...rss),
        count: rss.length,
      },
      searchReadyMs,
      search,
      rssAfterSearchMb,
      firstSearch,
      peakRssMb: memoryMb(server, 'VmHWM'),
    }
  } catch (cause) {
    // A server that stopped answering says why in its last lines.
    const { exitCode, signalCode } = server.process
    console.error(
      `N=${posts}: server exit ${exitCode ?? signalCode ?? 'none yet'}, its last output:`,
    )
    console.error(server.output().slice(-4000))
    throw cause
  } finally {
    await server.stop()
    await mock.stop()
  }
}

/**
 * The first search a fresh instance is asked, as its very first request once it answers /healthz
 * (`readyMs` after its start), and whether it found the same posts in the same order as the same
 * search once the instance has settled. Stops the server.
 */
async function firstSearchAfterStart(server: RunningServer, readyMs: number): Promise<FirstSearch> {
  const url = `${server.url}/blog?q=${encodeURIComponent(SEARCH_QUERIES[0]!)}`
  try {
    const started = performance.now()
    const first = await (await fetch(url)).text()
    const ms = Math.round(performance.now() - started)
    await sleep(WORKER_ENDED_WAIT_MS + TTL_S * 1000)
    const later = await (await fetch(`${url}&page=1`)).text()
    const found = (html: string) => ({
      matches: Number(/(\d[\d,]*) posts? match/.exec(html)?.[1]?.replace(/,/g, '') ?? 0),
      slugs: [...html.matchAll(/href="\/blog\/([^"/?]+)"[^>]*>Read More/g)].map(([, slug]) => slug),
    })
    const [a, b] = [found(first), found(later)]
    console.error(`first search after a start: ${ms} ms, ${a.matches} posts`)
    const sameAsLater = JSON.stringify(a) === JSON.stringify(b)
    return { ms, matches: a.matches, sameAsLater, readyMs: Math.round(readyMs) }
  } finally {
    await server.stop()
  }
}

/**
 * The environment the Docker image gives the server: its runtime stage's `ENV` lines, with
 * jemalloc preloaded from where this machine keeps it (left out where it has none).
 */
function imageRuntimeEnv() {
  const dockerfile = fs
    .readFileSync(path.join(SERVER_ROOT, 'Dockerfile'), 'utf8')
    .replace(/\\\n/g, ' ')
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
    const jemalloc = `/usr/lib/${process.arch === 'arm64' ? 'aarch64' : 'x86_64'}-linux-gnu/libjemalloc.so.2`
    if (fs.existsSync(jemalloc)) env.LD_PRELOAD = jemalloc
    else delete env.LD_PRELOAD
  }
  if (HEAP_MB) {
    const others = (env.NODE_OPTIONS ?? '').replace(/--max-old-space-size=\d+/, '').trim()
    env.NODE_OPTIONS = `${others} --max-old-space-size=${HEAP_MB}`.trim()
  }
  return env
}

/** The mock backend in its own process, so that its work does not disturb the timings here. */
async function startMock(
  posts: number,
): Promise<{ control: MockControl; stop: () => Promise<void> }> {
  const port = await freePort()
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'mocks/backend.ts')],
    {
      cwd: ROOT,
      env: { ...process.env, MOCK_BACKEND_PORT: String(port), MOCK_GENERATED_POSTS: String(posts) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
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

/** Counts the server's log lines for refreshes that changed the list. */
function refreshCounter(server: RunningServer) {
  let count = 0
  let pending = ''
  server.process.stdout!.on('data', (chunk: Buffer) => {
    const lines = (pending + String(chunk)).split('\n')
    pending = lines.pop() ?? ''
    for (const line of lines) {
      if (line.includes('"msg":"blog post list refreshed"') && !line.includes('"changed":false')) {
        count += 1
      }
    }
  })
  return { count: () => count }
}

/**
 * Ten visitors searching at once, each asking again as soon as answered, going through the
 * queries in turn (each from a different one). The first answer to each query (its results not
 * kept yet) is reported apart.
 */
async function searchLoad(server: RunningServer) {
  const first = await Promise.all(
    SEARCH_QUERIES.map(
      async (query) => (await timedFetch(`${server.url}/blog?q=${encodeURIComponent(query)}`)).ms,
    ),
  )
  const failures: number[] = []
  /** Ten searchers at once, each asking for its addresses in turn as soon as answered. */
  async function tenAtOnce(addressesOf: (searcher: number) => string[]) {
    const ms: number[] = []
    await Promise.all(
      Array.from({ length: SEARCHERS }, async (_, searcher) => {
        for (const address of addressesOf(searcher)) {
          const answer = await timedFetch(`${server.url}${address}`)
          if (answer.status !== 200) failures.push(answer.status)
          ms.push(answer.ms)
        }
      }),
    )
    return percentiles(ms)
  }
  /** Each searcher goes through the queries from a different one. */
  const queryOf = (searcher: number, i: number) =>
    SEARCH_QUERIES[(searcher + i) % SEARCH_QUERIES.length]!
  const pages = await tenAtOnce((searcher) =>
    Array.from(
      { length: SEARCHES_EACH },
      (_, i) => `/blog?q=${encodeURIComponent(queryOf(searcher, i))}`,
    ),
  )
  // Then as they type with JavaScript: a data request after each pause (every third letter, and
  // the whole query), which the page cache does not keep.
  const live = await tenAtOnce((searcher) =>
    SEARCH_QUERIES.flatMap((_, i) =>
      typedPrefixes(queryOf(searcher, i)).map(
        (typed) => `/blog.data?q=${encodeURIComponent(typed)}`,
      ),
    ),
  )
  if (failures.length > 0) throw new Error(`searches failed: ${failures.join(', ')}`)
  return { ...pages, firstP95: percentiles(first).p95, live }
}

/** What live search sends while `query` is typed: every third letter, and the whole query. */
function typedPrefixes(query: string) {
  const prefixes = Array.from({ length: query.length / 3 }, (_, i) => query.slice(0, 3 * i + 3))
  return [...new Set([...prefixes.map((prefix) => prefix.trim()), query])]
}

function percentiles(samples: number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b)
  return {
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    max: sorted.at(-1) ?? 0,
    samples: sorted.length,
  }
}

function percentile(sorted: number[], fraction: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)] ?? 0
}

/** Changes one post at the backend and lets the server's list go stale. */
async function prepareChange(mock: MockControl, revision: number) {
  await mock.setState({ revision })
  // The mock builds the changed answer now, not while the server waits for it.
  await timedFetch(`${mock.url}/app/posts/`)
  await sleep(TTL_S * 1000 + 50)
}

async function refreshWithOneChange(
  server: RunningServer,
  mock: MockControl,
  refreshes: { count: () => number },
  revision: number,
) {
  await prepareChange(mock, revision)
  return triggerRefresh(server, refreshes)
}

/**
 * Asks for /blog (served from the stale list at once; the refresh runs behind it) and waits for
 * the refresh's log line; gives the server's CPU time and the wall time it took.
 */
async function triggerRefresh(server: RunningServer, refreshes: { count: () => number }) {
  const before = refreshes.count()
  const cpuBefore = cpuMs(server)
  const started = performance.now()
  await timedFetch(`${server.url}/blog`)
  const deadline = Date.now() + 120_000
  let askedAgain = Date.now()
  while (refreshes.count() === before) {
    if (Date.now() > deadline) throw new Error('no refresh within 2 minutes')
    // On a busy machine a refresh of the unchanged list (asked by the post viewed last) can end
    // after the change was made, and the list is then fresh: ask again once it is stale.
    if (Date.now() - askedAgain > TTL_S * 1000 + 50) {
      askedAgain = Date.now()
      await timedFetch(`${server.url}/blog`)
    }
    await sleep(5)
  }
  return { cpuMs: cpuMs(server) - cpuBefore, ms: Math.round(performance.now() - started) }
}

/** Latencies of / asked by a few steady visitors for as long as `during` runs. */
async function sampleHome(server: RunningServer, during: () => Promise<unknown>) {
  const samples: number[] = []
  let running = true
  const visitor = async () => {
    while (running) {
      samples.push((await timedFetch(`${server.url}/`)).ms)
      await sleep(HOME_PAUSE_MS)
    }
  }
  const visitors = Array.from({ length: HOME_VISITORS }, visitor)
  await during()
  running = false
  await Promise.all(visitors)
  return samples
}

async function postsInSitemap(server: RunningServer) {
  const xml = await (await fetch(`${server.url}/sitemap.xml`)).text()
  return (xml.match(/<loc>[^<]*\/blog\/[^<]+<\/loc>/g) ?? []).length
}

/** Every post linked from the blog's pages, following "next" to the last page. */
async function postsInPages(server: RunningServer) {
  const slugs = new Set<string>()
  for (let page = 1; ; page += 1) {
    const response = await fetch(`${server.url}/blog${page > 1 ? `?page=${page}` : ''}`)
    if (response.status !== 200) break
    const html = await response.text()
    for (const [, slug] of html.matchAll(/href="\/blog\/([^"?#/]+)"/g)) {
      if (slug !== 'rss.xml') slugs.add(slug!)
    }
    if (!html.includes(`?page=${page + 1}"`)) break
  }
  return [...slugs]
}

/** How many of these posts answer 200 at their own URL: the first view of each. */
async function postsByUrl(server: RunningServer, slugs: string[]) {
  let found = 0
  for (const slug of slugs) {
    if ((await timedFetch(`${server.url}/blog/${slug}`)).status === 200) found += 1
  }
  return found
}

async function timedFetch(url: string) {
  const started = performance.now()
  const response = await fetch(url)
  const body = await response.arrayBuffer()
  return {
    status: response.status,
    bytes: body.byteLength,
    ms: Math.round((performance.now() - started) * 10) / 10,
  }
}

/** CPU time of the server process so far (all its threads), in ms. */
function cpuMs(server: RunningServer) {
  const stat = fs.readFileSync(`/proc/${server.process.pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S
}

function rssMb(server: RunningServer) {
  return memoryMb(server, 'VmRSS')
}

/** VmRSS (now) or VmHWM (the most so far) of the server process, in MB. */
function memoryMb(server: RunningServer, field: 'VmRSS' | 'VmHWM') {
  const status = fs.readFileSync(`/proc/${server.process.pid}/status`, 'utf8')
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]) / 1024)
}

function latencies(samples: number[]): Latencies {
  const sorted = [...samples].sort((a, b) => a - b)
  return { p99: percentile(sorted, 0.99), max: sorted.at(-1) ?? 0, samples: sorted.length }
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

function printHeader() {
  console.log(
    `\nProduction build (${path.relative(ROOT, SERVER_ROOT) || '.'}) on loopback against the mock ` +
      `backend's generated posts; refreshes each with one post changed; / asked by ` +
      `${HOME_VISITORS} steady visitors, timed while ${TIMED_REFRESHES} refreshes ran and in as ` +
      `many idle windows as long. The image's settings: ${
        Object.entries(IMAGE_ENV)
          .map(([name, value]) => `${name}=${value}`)
          .join(' ') || 'none'
      }. ` +
      `Load average at the start: ${os.loadavg()[0]!.toFixed(1)} on ` +
      `${os.cpus().length} cores.\n`,
  )
  console.log(
    '| posts | answer | backend alone | cold `/blog` (server CPU) | oldest post, first view (server CPU) | reachable: sitemap / pages / URL | first view of each post: wall / CPU | CPU for a one-post refresh (median of 5) | `/` p99 idle / during refresh (max) | RSS after warm-up: sanitiser running / ended | RSS over refreshes (first → last, max) | first search once the pages were walked (search made ready) | search p50 / p95 (max), 10 searchers | first search of a query, p95 | live search p50 / p95 (max), 10 typists | RSS after searching |',
  )
  console.log('|---:|---:|---:|---:|---:|---|---:|---:|---|---:|---|---:|---|---:|---|---:|')
}

function printRow(row: Row) {
  const oldest =
    row.oldestPostStatus === 200
      ? `${row.oldestPostMs} ms (${row.oldestPostCpuMs} ms)`
      : String(row.oldestPostStatus)
  const rss = row.rssOverRefreshesMb
  console.log(
    `| ${row.posts.toLocaleString('en-GB')} | ${(row.answerBytes / 1e6).toFixed(1)} MB | ${row.backendMs} ms | ${row.coldBlogMs} ms (${row.coldBlogCpuMs} ms) | ${oldest} | ${row.inSitemap} / ${row.inPages} / ${row.byUrl} | ${row.firstViewMs.toFixed(1)} / ${row.firstViewCpuMs.toFixed(1)} ms | ${row.refreshCpuMs} ms (${row.refreshMs} ms wall) | ${row.homeIdle.p99} / ${row.homeDuringRefresh.p99} ms (${row.homeDuringRefresh.max} ms; ${row.homeDuringRefresh.samples} samples) | ${row.rssAfterWarmUpMb} / ${row.rssWorkerEndedMb} MB | ${rss.first} → ${rss.last} MB, max ${rss.max} (${rss.count}) | ${row.searchReadyMs} ms | ${row.search.p50} / ${row.search.p95} ms (${row.search.max} ms; ${row.search.samples} searches) | ${row.search.firstP95} ms | ${row.search.live.p50} / ${row.search.live.p95} ms (${row.search.live.max} ms; ${row.search.live.samples} requests) | ${row.rssAfterSearchMb} MB |`,
  )
}

/** The figures the blog is held to, one row per N: what an operator and a visitor notice. */
function printGoals(rows: Row[]) {
  console.log(
    '\n| posts | first search after a start (same posts as later; ready after) | CPU for a one-post refresh | VmHWM over the run | cold `/blog` | oldest post, first view | search p95, 10 searchers | longest `/` during refreshes |',
  )
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|')
  for (const row of rows) {
    const first = row.firstSearch
    console.log(
      `| ${row.posts.toLocaleString('en-GB')} | ${first.ms} ms (${first.matches} posts, ${first.sameAsLater ? 'same' : 'DIFFERENT'}; ${first.readyMs} ms) | ${row.refreshCpuMs} ms | ${row.peakRssMb} MB | ${row.coldBlogMs} ms | ${row.oldestPostMs} ms | ${row.search.p95} ms | ${row.homeDuringRefresh.max} ms |`,
    )
  }
}

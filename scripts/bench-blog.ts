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
import path from 'node:path'

import {
  prepareChange,
  refreshCounter,
  refreshWithOneChange,
  triggerRefresh,
  TTL_S,
} from './bench-blog-refresh'
import { firstSearchAfterStart, SEARCH_QUERIES, searchLoad } from './bench-blog-search'
import { printGoals, printHeader, printRow, type Row } from './bench-blog-table'
import {
  blogPages,
  cpuMs as processCpuMs,
  imageRuntimeEnv,
  machine,
  median,
  memoryMb,
  percentiles,
  requireProductionBuild,
  ROOT,
  sleep,
  startMockProcess,
  startServer,
  timedFetch,
  type RunningServer,
} from './measure'

const SIZES = (process.env.BENCH_BLOG_SIZES ?? '100,500,2000').split(',').map(Number)
const REFRESHES = Number(process.env.BENCH_BLOG_REFRESHES ?? 50)
const SERVER_ROOT = path.resolve(process.env.BENCH_SERVER_ROOT ?? ROOT)
const IMAGE_ENV = imageRuntimeEnv(SERVER_ROOT, process.env.BENCH_BLOG_HEAP_MB)
/** Refreshes whose CPU is measured (the median is shown). */
const MEASURED_REFRESHES = 5
/** Refreshes during which / is timed (only while each runs), pooled for the percentile. */
const TIMED_REFRESHES = Number(process.env.BENCH_BLOG_TIMED_REFRESHES ?? 20)
/** Visitors of / while a refresh runs: each asks, waits for the answer, pauses, asks again. */
const HOME_VISITORS = 4
const HOME_PAUSE_MS = 10
/** Longer than the sanitiser's worker stays without work before it is ended. */
const WORKER_ENDED_WAIT_MS = 8_000

requireProductionBuild()
printHeader(
  `Production build (${path.relative(ROOT, SERVER_ROOT) || '.'}) on loopback against the mock ` +
    `backend's generated posts; refreshes each with one post changed; / asked by ` +
    `${HOME_VISITORS} steady visitors, timed while ${TIMED_REFRESHES} refreshes ran and in as ` +
    `many idle windows as long. The image's settings: ${
      Object.entries(IMAGE_ENV)
        .map(([name, value]) => `${name}=${value}`)
        .join(' ') || 'none'
    }. ` +
    `At the start: ${machine()}.`,
)
const rows: Row[] = []
for (const posts of SIZES) {
  rows.push(await benchmark(posts))
  printRow(rows.at(-1)!)
}
printGoals(rows)
console.log(`\nAt the end: ${machine()}.`)

async function benchmark(posts: number): Promise<Row> {
  const mock = await startMockProcess(posts)
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
  const firstSearch = await firstSearchAfterStart(
    await start(),
    performance.now() - starting,
    WORKER_ENDED_WAIT_MS + TTL_S * 1000,
  )
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
      homeIdle: percentiles(idle),
      homeDuringRefresh: percentiles(duringRefresh),
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
      peakRssMb: Math.round(memoryMb(server.process.pid!, 'VmHWM')),
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
  for await (const html of blogPages(server.url)) {
    for (const [, slug] of html.matchAll(/href="\/blog\/([^"?#/]+)"/g)) {
      if (slug !== 'rss.xml') slugs.add(slug!)
    }
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

/** CPU time of the server process so far (all its threads), in ms. */
function cpuMs(server: RunningServer) {
  return processCpuMs(server.process.pid!)
}

/** The server's resident memory now, in MB. */
function rssMb(server: RunningServer) {
  return Math.round(memoryMb(server.process.pid!, 'VmRSS'))
}

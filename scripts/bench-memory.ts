/**
 * `npm run bench:memory`: the memory operators are told to give an instance, measured. Starts the
 * production server with the Docker image's settings inside a cgroup (v1) memory group of
 * BENCH_MEMORY_LIMIT_MB, against the mock backend's generated posts of about 10 KB with a phone
 * photo (4032×3024) as each post's image, and puts it through a busy hour at once: every post
 * walked four at a time, ten visitors searching for 5 s, ten connections on `/` for 8 s twice,
 * one post changed twice (a refresh each), and 12 cold photo variants asked for at once. Prints
 * the answers by status, the group's peak and OOM kills, and the server's VmHWM; exits 1 when an
 * answer was not 2xx or the server did not survive. Needs `npm run build` first, and root with
 * cgroup v1's memory controller (/sys/fs/cgroup/memory) for the limit.
 *
 *   BENCH_MEMORY_POSTS=2000     generated posts
 *   BENCH_MEMORY_LIMIT_MB=512   the group's limit; 0 runs without a group (the figures only)
 *   BENCH_MEMORY_CAMERA=1       0: the generated posts' own small images instead of the photo
 */
import fs from 'node:fs'
import path from 'node:path'

import autocannon from 'autocannon'

import { variantPath } from '../app/images/image-set'

import { refreshCounter, refreshWithOneChange, TTL_S } from './bench-blog-refresh'
import { SEARCH_QUERIES } from './bench-blog-search'
import {
  blogPages,
  BROWSER_HEADERS,
  imageRuntimeEnv,
  machine,
  memoryMb,
  requireProductionBuild,
  ROOT,
  startMockProcess,
  startServer,
} from './measure'

const POSTS = Number(process.env.BENCH_MEMORY_POSTS ?? 2000)
const LIMIT_MB = Number(process.env.BENCH_MEMORY_LIMIT_MB ?? 512)
const CAMERA = process.env.BENCH_MEMORY_CAMERA !== '0'
const WALKERS = 4
const SEARCHERS = 10
const SEARCH_S = 5
const HOME_CONNECTIONS = 10
const HOME_S = 8
const COLD_VARIANTS = 12
/** A variant no page starts making ahead (pages start `cover-720.avif`), and the dearest to make. */
const COLD_VARIANT = { fit: 'cover', width: 1680, format: 'avif' } as const
const VARIANT_TOKEN = /\/images\/([\w-]+\.[\w-]{22})\//g
const GROUPS = '/sys/fs/cgroup/memory'

requireProductionBuild()
const statuses = new Map<number, number>()
const count = (status: number, times = 1) =>
  statuses.set(status, (statuses.get(status) ?? 0) + times)
/** The first answers that were not 2xx, to say which. */
const refused: string[] = []

const group = LIMIT_MB > 0 ? memoryGroup(LIMIT_MB) : undefined
const mock = await startMockProcess(POSTS)
if (CAMERA) await mock.control.setState({ images: 'camera' })
const server = await startServer(
  { ...imageRuntimeEnv(ROOT), BACKEND_URL: mock.control.url, POSTS_CACHE_TTL_S: String(TTL_S) },
  { launcher: group?.launcher },
)
const refreshes = refreshCounter(server)
const pid = server.process.pid!
const steps: [string, number][] = []
const step = async (name: string, work: () => Promise<unknown>) => {
  const started = performance.now()
  await work()
  steps.push([name, Math.round(performance.now() - started)])
}
let survived = false
try {
  // The images' addresses, read from the blog's pages first: rendering a page starts making its
  // first cards' images, and the images asked for at the end must find that queue empty.
  const tokens = new Set<string>()
  for await (const html of blogPages(server.url)) {
    for (const [, token] of html.matchAll(VARIANT_TOKEN)) tokens.add(token!)
  }
  const slugs = (
    (await (await fetch(`${mock.control.url}/app/posts/`)).json()) as { slug: string }[]
  ).map((post) => post.slug)
  await step(`every post (${slugs.length}), ${WALKERS} at a time`, () =>
    inParallel(WALKERS, slugs, (slug) => get(`/blog/${slug}`)),
  )
  await step(`${SEARCHERS} searchers for ${SEARCH_S} s`, () => searching())
  for (const round of [1, 2]) {
    await step(`/ by ${HOME_CONNECTIONS} connections for ${HOME_S} s (${round})`, () => home())
  }
  for (const revision of [1, 2]) {
    await step(`one post changed, refresh ${revision}`, () =>
      refreshWithOneChange(server, mock.control, refreshes, revision),
    )
  }
  const cold = [...tokens]
    .slice(-COLD_VARIANTS)
    .map((token) => variantPath(token, COLD_VARIANT.fit, COLD_VARIANT.width, COLD_VARIANT.format))
  await step(`${cold.length} cold ${CAMERA ? 'photo ' : ''}variants at once`, () =>
    Promise.all(cold.map((url) => get(url))),
  )
  survived = server.process.exitCode === null && (await fetch(`${server.url}/healthz`)).ok
} finally {
  const hwm = server.process.exitCode === null ? Math.round(memoryMb(pid, 'VmHWM')) : undefined
  await server.stop().catch(() => undefined)
  await mock.stop()
  const figures = group?.figures()
  group?.remove()

  console.log(
    `\nProduction build on loopback, the image's settings (${Object.entries(imageRuntimeEnv(ROOT))
      .map(([name, value]) => `${name}=${value}`)
      .join(' ')}), ${POSTS.toLocaleString('en-GB')} generated posts` +
      `${CAMERA ? ', each with its own 4032×3024 phone photo' : ''}` +
      `${group ? `, in a ${LIMIT_MB} MB memory group` : ', no memory group'}. ${machine()}.\n`,
  )
  console.log('| step | took |\n|---|---:|')
  for (const [name, ms] of steps) console.log(`| ${name} | ${(ms / 1000).toFixed(1)} s |`)
  const answers = [...statuses].sort(([a], [b]) => a - b)
  console.log(
    `\nAnswers: ${answers.map(([status, times]) => `${times} × ${status}`).join(', ')}. ` +
      `Server VmHWM: ${hwm ?? 'gone'} MB.` +
      (figures
        ? ` Group: peak ${figures.peakMb} MB of ${LIMIT_MB}, limit hit ${figures.failcnt} ` +
          `times, OOM kills ${figures.oomKills}.`
        : '') +
      ` Survived: ${survived ? 'yes' : 'NO'}.`,
  )
  if (refused.length > 0)
    console.log(`Not 2xx (the first ${refused.length}): ${refused.join(', ')}.`)
  const allFine = answers.every(([status]) => status >= 200 && status < 300)
  process.exitCode = survived && allFine && !figures?.oomKills ? 0 : 1
}

async function get(url: string) {
  try {
    const response = await fetch(`${server.url}${url}`, { headers: BROWSER_HEADERS })
    await response.arrayBuffer()
    count(response.status)
    if (!response.ok && refused.length < 10) refused.push(`${response.status} ${url}`)
  } catch (error) {
    count(0)
    if (refused.length < 10) refused.push(`${String(error)} ${url}`)
  }
}

async function inParallel<T>(workers: number, items: T[], work: (item: T) => Promise<void>) {
  const queue = [...items]
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item)
    }),
  )
}

async function searching() {
  const until = Date.now() + SEARCH_S * 1000
  await Promise.all(
    Array.from({ length: SEARCHERS }, async (_, searcher) => {
      for (let turn = searcher; Date.now() < until; turn += 1) {
        const query = SEARCH_QUERIES[turn % SEARCH_QUERIES.length]!
        await get(`/blog?q=${encodeURIComponent(query)}`)
      }
    }),
  )
}

async function home() {
  const result = await autocannon({
    url: `${server.url}/`,
    headers: BROWSER_HEADERS,
    connections: HOME_CONNECTIONS,
    duration: HOME_S,
  })
  count(200, result['2xx'])
  if (result.non2xx) count(599, result.non2xx)
  if (result.errors + result.timeouts) count(0, result.errors + result.timeouts)
}

/**
 * A cgroup v1 memory group of `limitMb`, no swap: `launcher` starts a command inside it, and
 * `figures` reads what the group saw.
 */
function memoryGroup(limitMb: number) {
  if (!fs.existsSync(path.join(GROUPS, 'memory.limit_in_bytes'))) {
    console.error(`No cgroup v1 memory controller at ${GROUPS}: run with BENCH_MEMORY_LIMIT_MB=0.`)
    process.exit(1)
  }
  const dir = path.join(GROUPS, `bench-memory-${process.pid}`)
  fs.mkdirSync(dir)
  const bytes = String(limitMb * 1024 * 1024)
  fs.writeFileSync(path.join(dir, 'memory.limit_in_bytes'), bytes)
  try {
    fs.writeFileSync(path.join(dir, 'memory.memsw.limit_in_bytes'), bytes)
  } catch {
    // No swap accounting here: the limit above is all there is.
  }
  const read = (file: string) => fs.readFileSync(path.join(dir, file), 'utf8')
  return {
    launcher: ['sh', '-c', `echo $$ > ${path.join(dir, 'cgroup.procs')} && exec "$@"`, 'sh'],
    figures: () => ({
      peakMb: Math.round(Number(read('memory.max_usage_in_bytes')) / 1024 / 1024),
      failcnt: Number(read('memory.failcnt')),
      oomKills: Number(/^oom_kill (\d+)/m.exec(read('memory.oom_control'))?.[1] ?? 0),
    }),
    remove: () => fs.rmdirSync(dir),
  }
}

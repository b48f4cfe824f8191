/**
 * `npm run bench:images`: what post images cost the production server when every post's image is
 * a phone photo (the mock's camera mode: a 4032×3024 JPEG of 1.8 MB; 200 generated posts, each
 * its own photo). Prints a few variants' first request (made then) and repeats (kept) with their
 * sizes; how / and /blog answer, idle and while variants nobody asked for yet are being made; and
 * the server's memory along the way. Needs `npm run build` first.
 *
 *   BENCH_IMAGES_POSTS=200        generated posts, each with its own photo
 *   BENCH_IMAGES_DURATION_S=5     how long each page is measured, idle and during a burst
 */
import fs from 'node:fs'
import path from 'node:path'

import autocannon from 'autocannon'

import { IMAGE_FITS, IMAGE_FORMATS, IMAGE_WIDTHS, variantPath } from '../app/images/image-set'

import {
  blogPages,
  BROWSER_HEADERS,
  cpuMs as processCpuMs,
  jemallocHere,
  machine,
  median,
  memoryMb,
  requireProductionBuild,
  ROOT,
  startStack,
  timedFetch,
} from './measure'

const POSTS = Number(process.env.BENCH_IMAGES_POSTS ?? 200)
const WARM_REPEATS = 20
const CONNECTIONS = 10
const DURATION_S = Number(process.env.BENCH_IMAGES_DURATION_S ?? 5)
/** Variants asked for at once while a page is measured, from a list of 30 per photo. */
const BURST_CONCURRENCY = 6
const PHOTO = path.join(ROOT, 'mocks/fixtures/images/camera-photo.jpg')
const TABLE = [
  'cover-720.avif',
  'cover-1680.avif',
  'cover-720.webp',
  'cover-1200.jpg',
  'full-1680.jpg',
]
/** A variant's address in a page: `/images/{token}/{fit}-{width}.{format}`. */
const VARIANT_URL = /\/images\/([\w-]+\.[\w-]{22})\/([a-z]+-\d+\.[a-z]+)/g

requireProductionBuild()
/** The Docker image runs sharp under jemalloc, with libuv's pool of 4: so does this server. */
const env: Record<string, string> = { UV_THREADPOOL_SIZE: '4' }
const jemalloc = jemallocHere()
if (jemalloc) env.LD_PRELOAD = jemalloc
// The mock's state is set before the server starts: the server loads the post list before it listens.
const stack = await startStack(env, {
  mock: { images: 'camera', posts: 'generated', generatedPosts: POSTS },
})
const pid = stack.server.process.pid!
const base = stack.baseUrl
try {
  for (const page of ['/', '/blog']) {
    await autocannon({
      url: `${base}${page}`,
      headers: BROWSER_HEADERS,
      connections: 10,
      duration: 2,
    })
  }
  const memory = [['after start, pages warm', ...serverMemory()]]

  // The newest post with a photo in its text as well, so that its page offers `full` variants.
  const posts = (await (await fetch(`${stack.mock.url}/app/posts/`)).json()) as Array<{
    slug: string
    content: string
  }>
  const post =
    posts.reverse().find((entry) => entry.content.includes('<img src="/media/camera-photo.jpg"')) ??
    posts[0]!
  // Rendering a page starts its first cards' phone variants: cover variants come from the last
  // card of /blog (never started), full ones from the post's text.
  const offered = [
    ...variantsIn(await text('/blog')).reverse(),
    ...variantsIn(await text(`/blog/${post.slug}`)).filter((url) => url.includes('/full-')),
  ]
  const requested = new Set<string>()
  const rows: string[] = []
  for (const name of TABLE) {
    const url = offered.find((variant) => variant.endsWith(`/${name}`))
    if (!url) {
      rows.push(`| ${name} | not in the pages | | |`)
      continue
    }
    requested.add(url)
    const cpuBefore = cpuMs()
    const cold = await timedFetch(`${base}${url}`)
    const coldCpuMs = cpuMs() - cpuBefore
    const warm: number[] = []
    for (let i = 0; i < WARM_REPEATS; i += 1) warm.push((await timedFetch(`${base}${url}`)).ms)
    const status = cold.status === 200 ? '' : ` (${cold.status})`
    rows.push(
      `| ${name} | ${cold.ms.toFixed(0)} ms (${coldCpuMs} ms)${status} | ${median(warm).toFixed(1)} ms | ${cold.bytes.toLocaleString('en-GB')} |`,
    )
  }
  memory.push(['after the variants above', ...serverMemory()])

  // Every photo's every variant, none asked for yet: each request of the burst makes one.
  const cold = (await photoTokens()).flatMap((token) =>
    IMAGE_FITS.flatMap((fit) =>
      IMAGE_WIDTHS.flatMap((width) =>
        IMAGE_FORMATS.map((format) => variantPath(token, fit, width, format)),
      ),
    ).filter((url) => !requested.has(url)),
  )
  const pages: string[] = []
  const idle = { '/': await measure('/'), '/blog': await measure('/blog') }
  for (const page of ['/', '/blog'] as const) {
    const { result, statuses } = await burst(cold, () => measure(page))
    const made = statuses[200] ?? 0
    const others = Object.entries(statuses).filter(([status]) => status !== '200')
    const refused = others.map(([status, count]) => `${count} × ${status}`).join(', ')
    pages.push(
      `| ${page} | ${idle[page].p50} / ${idle[page].p99} ms | ${result.p50} / ${result.p99} ms | ${made}${refused ? ` (also ${refused})` : ''} | ${idle[page].requests} / ${result.requests} | ${idle[page].errors + result.errors} |`,
    )
  }
  memory.push(['after the bursts', ...serverMemory()])

  const photoMb = (fs.statSync(PHOTO).size / 1e6).toFixed(2)
  console.log(
    `\nProduction build on loopback; mock backend in camera mode with ${POSTS} generated posts, ` +
      `each its own ${photoMb} MB 4032×3024 JPEG. Server with UV_THREADPOOL_SIZE=4` +
      `${env.LD_PRELOAD ? ' under jemalloc' : ' (no jemalloc here)'}. ` +
      `${machine()}.\n`,
  )
  console.log(
    `Variants of the last card's photo on /blog (cover) and of the photo in the text of ` +
      `/blog/${post.slug} (full): the first request makes it ` +
      `(server CPU in brackets), repeats are served as kept (median of ${WARM_REPEATS}).\n`,
  )
  console.log('| variant | cold (server CPU) | warm | bytes |')
  console.log('|---|---:|---:|---:|')
  for (const row of rows) console.log(row)
  console.log(
    `\nPages, ${CONNECTIONS} connections for ${DURATION_S} s each: idle, then while cold variants ` +
      `are asked for ${BURST_CONCURRENCY} at a time (30 per photo, a new one as each is answered).\n`,
  )
  console.log(
    '| page | idle p50 / p99 | during burst p50 / p99 | variants made | requests | errors |',
  )
  console.log('|---|---:|---:|---:|---:|---:|')
  for (const row of pages) console.log(row)
  console.log('\n| server memory | VmRSS | VmHWM |\n|---|---:|---:|')
  for (const [when, rss, hwm] of memory) console.log(`| ${when} | ${rss} MB | ${hwm} MB |`)
} finally {
  await stack.stop()
}

async function text(page: string) {
  return (await fetch(`${base}${page}`)).text()
}

/** The variant addresses a page offers, each once, in page order. */
function variantsIn(html: string) {
  return [...new Set([...html.matchAll(VARIANT_URL)].map((match) => match[0]))]
}

/** The signed token of every post's photo, following the blog's "next" to its last page. */
async function photoTokens() {
  const tokens = new Set<string>()
  for await (const html of blogPages(base)) {
    for (const [, token] of html.matchAll(VARIANT_URL)) tokens.add(token!)
  }
  return [...tokens]
}

/** Asks for cold variants, a few at a time, for as long as `during` runs. */
async function burst<T>(queue: string[], during: () => Promise<T>) {
  let running = true
  const statuses: Record<string, number> = {}
  const asker = async () => {
    for (let url = queue.shift(); running && url; url = running ? queue.shift() : undefined) {
      const response = await fetch(`${base}${url}`)
      await response.arrayBuffer()
      statuses[response.status] = (statuses[response.status] ?? 0) + 1
    }
  }
  const askers = Array.from({ length: BURST_CONCURRENCY }, asker)
  const result = await during()
  running = false
  await Promise.all(askers)
  return { result, statuses }
}

async function measure(page: string) {
  const result = await autocannon({
    url: `${base}${page}`,
    headers: BROWSER_HEADERS,
    connections: CONNECTIONS,
    duration: DURATION_S,
  })
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
  }
}

/** CPU time of the server process so far (all its threads), in ms. */
function cpuMs() {
  return processCpuMs(pid)
}

/** The server's resident memory now and at its highest, in MB. */
function serverMemory() {
  return [memoryMb(pid, 'VmRSS'), memoryMb(pid, 'VmHWM')].map((mb) => String(Math.round(mb)))
}

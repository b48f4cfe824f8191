/**
 * `npm run lighthouse`: Lighthouse on the production build (`npm run build` first) served with the
 * mock backend on loopback, in Debian's Chromium; exits 1 when a page could not be measured.
 *
 * By default it compares: our five pages (`/`, `/blog`, the first post, `/privacy-policy`,
 * `/terms-of-service`) and the floor's references (bench/floor, built first: the bare Remix page
 * with its scripts held until the first paint and not, and each chosen page's own HTML with no
 * components, held), in rounds of one run each, each round starting one subject later, five
 * rounds, Lighthouse's mobile preset with its defaults. Each run prints the machine's load
 * average; the end a table of each subject's medians (scripts/lighthouse-compare.ts says what
 * each column is, and which figures are scaled by the simulated CPU slowdown).
 *
 *   CHROMIUM_PATH            the browser (default the system's, else Playwright's)
 *   LIGHTHOUSE_PAGES         only these of our pages, comma-separated (`post` for the first post)
 *   LIGHTHOUSE_REFERENCES=0  our pages only, without the floor's references
 *   LIGHTHOUSE_COMPARE=0     instead one row per page, preset and run, with the four category
 *                            scores, the metrics and the images' weight, in page order
 *   LIGHTHOUSE_PRESETS       with LIGHTHOUSE_COMPARE=0: mobile, desktop or both (default both)
 *   LIGHTHOUSE_REPEAT        runs of each page (default 5 when comparing, else 1)
 *   LIGHTHOUSE_RUN_TIMEOUT_S one run may take this long (default 120)
 *   LIGHTHOUSE_CAMERA_PHOTOS=1 every post's image is a 4032×3024 phone photo (the mock's camera
 *                            mode); each run gets a new server (and floor) whose images are cold
 *   LIGHTHOUSE_REPORTS_DIR   also write each run's full report there as JSON, to see where time went
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { desktopConfig, type Config, type Result } from 'lighthouse'

import { OURS_PREFIX } from '../bench/floor/app/site-page'
import { buildFloor, spawnFloor, type Floor } from '../bench/floor/server'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/support/chromium'

import { NO_CHROMIUM } from './chromium.js'
import {
  comparisonFigures,
  comparisonHeader,
  medianRow,
  roundOrder,
  type Run,
} from './lighthouse-compare'
import { machine, requireProductionBuild, startStack } from './measure'

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
/** The metrics printed: column, Lighthouse's audit id, divisor of its value, decimals. */
const METRICS = [
  ['FCP s', 'first-contentful-paint', 1000, 2],
  ['LCP s', 'largest-contentful-paint', 1000, 2],
  ['TBT ms', 'total-blocking-time', 1, 0],
  ['CLS', 'cumulative-layout-shift', 1, 3],
  ['SI s', 'speed-index', 1000, 2],
] as const
const PRESETS: Record<string, Config | undefined> = { mobile: undefined, desktop: desktopConfig }
const COMPARE = process.env.LIGHTHOUSE_COMPARE !== '0'
const REFERENCES = process.env.LIGHTHOUSE_REFERENCES !== '0'
const REPEAT = Math.max(1, Number(process.env.LIGHTHOUSE_REPEAT ?? (COMPARE ? 5 : 1)))
const RUN_TIMEOUT_MS = Number(process.env.LIGHTHOUSE_RUN_TIMEOUT_S ?? 120) * 1000
const CAMERA_PHOTOS = process.env.LIGHTHOUSE_CAMERA_PHOTOS === '1'
const REPORTS_DIR = process.env.LIGHTHOUSE_REPORTS_DIR

/**
 * What the page's images cost, in KB: downloaded (transfer size), and what Lighthouse's image
 * delivery insight says was left to save by sizing them to what is drawn (resize) and by a modern
 * format or more compression (format). The insight gives each image its optimisations as rows
 * whose text names the kind; reports are in English (Lighthouse's default locale).
 */
function imageKb(lhr: Result) {
  const summary = lhr.audits['resource-summary']?.details as
    { items?: { resourceType: string; transferSize: number }[] } | undefined
  const downloaded = summary?.items?.find((item) => item.resourceType === 'image')?.transferSize
  const images = lhr.audits['image-delivery-insight']?.details as
    | { items?: { subItems?: { items?: { reason?: unknown; wastedBytes?: number }[] } }[] }
    | undefined
  const optimisations = (images?.items ?? []).flatMap((image) => image.subItems?.items ?? [])
  const saved = (kind: RegExp) =>
    optimisations
      .filter((optimisation) => kind.test(String(optimisation.reason ?? '')))
      .reduce((total, optimisation) => total + (optimisation.wastedBytes ?? 0), 0)
  const resize = saved(/larger than it needs to be/i)
  const format = saved(/modern image format|compression|video format/i)
  return [downloaded ?? 0, resize, format].map((bytes) => (bytes / 1024).toFixed(1))
}

/** The entries of a comma-separated setting, or `all` when it is unset. */
function chosen(setting: string | undefined, all: string[]) {
  const wanted = setting?.split(',').map((entry) => entry.trim())
  return wanted ? all.filter((entry) => wanted.includes(entry)) : all
}

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} took over ${RUN_TIMEOUT_MS} ms`)),
      RUN_TIMEOUT_MS,
    )
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** One table row: the scores out of 100, then the metrics, or the reason there are none. */
function row(page: string, preset: string, lhr: Result): string {
  const scores = CATEGORIES.map((id) => {
    const score = lhr.categories[id]?.score
    return typeof score === 'number' ? String(Math.round(score * 100)) : '–'
  })
  const metrics = METRICS.map(([, id, divisor, decimals]) => {
    const value = lhr.audits[id]?.numericValue
    return value === undefined ? '–' : (value / divisor).toFixed(decimals)
  })
  const error = lhr.runtimeError ? ` ${lhr.runtimeError.code} |` : ''
  return `| ${page} | ${preset} | ${[...scores, ...metrics, ...imageKb(lhr)].join(' | ')} |${error}`
}

requireProductionBuild()
if (!CHROMIUM_PATH) {
  console.error(NO_CHROMIUM)
  process.exit(1)
}

const presets = chosen(process.env.LIGHTHOUSE_PRESETS, Object.keys(PRESETS))
let stack = await startStack()
let floor: Floor | undefined
const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-chromium-'))
let chrome: chromeLauncher.LaunchedChrome | undefined
let exitCode = 0
const rows: string[] = []

// Chromium treats localhost as a secure origin, and the test stack's SITE_URL is on localhost.
const siteOrigin = () => `http://localhost:${stack.server.port}`

/**
 * Readies the servers for a run of `page`: a visitor of a running site meets warm caches, and the
 * first render after a start is not typical, so the page is rendered once first. In camera mode
 * each run gets a new server (and floor, which shows its pages) whose first render of the page is
 * the measured one, so that its images are made cold, as for a new post.
 */
async function readyFor(page: Subject) {
  if (CAMERA_PHOTOS) {
    await floor?.close()
    await stack.stop()
    // The mock's state is set before the server starts: it loads the post list before it listens.
    stack = await startStack({}, { mock: { images: 'camera' } })
    if (floor) floor = await spawnFloor(siteOrigin())
  }
  const url = page.url()
  // Rendering the measured page would start its images, so in camera mode the sitemap warms the
  // server and its post list instead: the page's images are then cold, as for a new post on a
  // running site. The floor's pages show none of the site's images until the browser asks.
  await fetch(CAMERA_PHOTOS && page.kind === 'ours' ? `${siteOrigin()}/sitemap.xml` : url)
  return url
}

/** What is measured: one of our pages, or a reference on the floor's server. */
type Subject = { name: string; kind: 'ours' | 'reference'; url: () => string }

/** A run of Lighthouse: the comparison needs only the performance category's audits. */
async function measure(url: string, what: string, config?: Config) {
  const onlyCategories = COMPARE ? ['performance'] : [...CATEGORIES]
  const flags = { port: chrome!.port, logLevel: 'error' as const, onlyCategories }
  const result = await withTimeout(lighthouse(url, flags, config), what)
  if (!result || result.lhr.runtimeError) exitCode = 1
  return result?.lhr
}

function writeReport(lhr: Result, name: string) {
  if (!REPORTS_DIR) return
  fs.mkdirSync(REPORTS_DIR, { recursive: true })
  fs.writeFileSync(
    path.join(REPORTS_DIR, `${name.replace(/[^\w.-]+/g, '_')}.json`),
    JSON.stringify(lhr),
  )
}

/** One row per page, preset and run, in page order (`LIGHTHOUSE_COMPARE=0`). */
async function everyRun(pages: Subject[]) {
  for (const preset of presets) {
    for (let run = 1; run <= REPEAT; run++) {
      for (const page of pages) {
        const url = await readyFor(page)
        process.stdout.write(`${preset} ${page.name} ... `)
        const lhr = await measure(url, `${page.name} (${preset})`, PRESETS[preset])
        console.log(lhr?.runtimeError?.code ?? 'done')
        if (!lhr) continue
        rows.push(row(page.name, preset, lhr))
        writeReport(lhr, `${preset}${page.name}-${run}`)
      }
    }
  }
  const header = [
    ...['page', 'preset', 'perf', 'a11y', 'best pr.', 'SEO', ...METRICS.map(([l]) => l)],
    ...['img KB', 'resize KB', 'format KB'],
  ]
  return [`| ${header.join(' | ')} |`, `|---|---|${'---:|'.repeat(header.length - 2)}`, ...rows]
}

/** The subjects in rounds, each round rotated; the medians of each (the default). */
async function compared(subjects: Subject[]) {
  const runs = new Map<Subject, Run[]>(subjects.map((subject) => [subject, []]))
  for (let round = 0; round < REPEAT; round++) {
    for (const subject of roundOrder(subjects, round)) {
      const url = await readyFor(subject)
      const load = os.loadavg()[0]!
      process.stdout.write(
        `round ${round + 1}/${REPEAT} ${subject.name} (load ${load.toFixed(2)}) ... `,
      )
      const lhr = await measure(url, subject.name)
      if (!lhr || lhr.runtimeError) {
        console.log(lhr?.runtimeError?.code ?? 'no report')
        continue
      }
      const figures = comparisonFigures(lhr, new URL(url).origin)
      runs.get(subject)!.push({ figures, load })
      console.log(
        `perf ${figures.performance.toFixed(0)}, TBT ${figures.tbtMs.toFixed(0)} ms, ` +
          `LCP ${figures.lcpS.toFixed(2)} s, after FCP ${figures.afterFcpMs.toFixed(0)} ms`,
      )
      writeReport(lhr, `mobile-${subject.name}-${round + 1}`)
    }
  }
  return [
    comparisonHeader(),
    ...subjects.map((subject) => medianRow(subject.name, runs.get(subject)!)),
  ]
}

let table: string[] = []
try {
  if (CAMERA_PHOTOS) {
    console.log(
      'Camera mode: every post shows mocks/fixtures/images/camera-photo.jpg (4032×3024), each ' +
        'page measured on a server of its own, so that no variant has been made before.',
    )
  }
  const posts = (await (await fetch(`${stack.mock.url}/app/posts/`)).json()) as { slug: string }[]
  const pages = new Map(
    ['/', '/blog', 'post', '/privacy-policy', '/terms-of-service'].map((name) => [
      name,
      name === 'post' ? `/blog/${posts[0]!.slug}` : name,
    ]),
  )
  const ours = chosen(process.env.LIGHTHOUSE_PAGES, [...pages.keys()]).map((name) => {
    const page = pages.get(name)!
    return { name: page, kind: 'ours' as const, url: () => `${siteOrigin()}${page}` }
  })
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    userDataDir,
    logLevel: 'silent',
  })
  if (!COMPARE) table = await everyRun(ours)
  else {
    const subjects: Subject[] = [...ours]
    if (REFERENCES) {
      buildFloor()
      floor = await spawnFloor(siteOrigin())
      const reference = (name: string, url: () => string) =>
        ({ name, kind: 'reference', url }) as const
      // The table reads best with each page beside its reference, the floor first.
      subjects.splice(
        0,
        subjects.length,
        reference('floor, held', () => `${floor!.held}/`),
        reference('floor, unheld', () => `${floor!.unheld}/`),
        ...ours.flatMap((page) => [
          page,
          reference(
            `${page.name} no components, held`,
            () => `${floor!.held}${OURS_PREFIX}${page.name}`,
          ),
        ]),
      )
    }
    table = await compared(subjects)
  }
} catch (error) {
  exitCode = 1
  console.error(`\n${error instanceof Error ? error.message : String(error)}`)
} finally {
  chrome?.kill()
  await floor?.close()
  await stack.stop()
  fs.rmSync(userDataDir, { recursive: true, force: true })
}

console.log(`\n${new Date().toISOString()}, ${machine()} at the end.\n`)
for (const line of table) console.log(line)
// Lighthouse can leave timers behind; the work is done.
process.exit(exitCode)

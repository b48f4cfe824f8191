/**
 * `npm run lighthouse`: Lighthouse's four category scores and key metrics for every kind of page,
 * measured on the production build (`npm run build` first) served with the mock backend on
 * loopback, in Debian's Chromium. Prints one table row per page, preset and run; exits 1 when a
 * page could not be measured.
 *
 *   CHROMIUM_PATH            the browser (default the system's, else Playwright's)
 *   LIGHTHOUSE_PAGES         only these paths, comma-separated (`post` for the first post)
 *   LIGHTHOUSE_PRESETS       mobile, desktop or both, comma-separated (default mobile,desktop)
 *   LIGHTHOUSE_REPEAT        measure each page and preset this often (default 1), to see the spread
 *   LIGHTHOUSE_RUN_TIMEOUT_S one page and preset may take this long (default 120)
 *   LIGHTHOUSE_CAMERA_PHOTOS=1 every post's image is a 4032×3024 phone photo (the mock's camera mode)
 *   LIGHTHOUSE_REPORTS_DIR   also write each run's full report there as JSON, to see where time went
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { desktopConfig, type Config, type Result } from 'lighthouse'

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/support/chromium'

import { NO_CHROMIUM } from './chromium.js'
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
const REPEAT = Math.max(1, Number(process.env.LIGHTHOUSE_REPEAT ?? 1))
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
const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-chromium-'))
let chrome: chromeLauncher.LaunchedChrome | undefined
let exitCode = 0
const rows: string[] = []

/**
 * The server a page is measured on, with its page already rendered once: a visitor of a running
 * site meets warm caches, and the first render after a start is not typical. In camera mode each
 * measurement gets a new server whose first render of the page is the measured one, so that its
 * images are made cold, as for a new post.
 */
async function serverFor(page: string) {
  if (CAMERA_PHOTOS) {
    await stack.stop()
    // The mock's state is set before the server starts: it loads the post list before it listens.
    stack = await startStack({}, { mock: { images: 'camera' } })
  }
  // Chromium treats localhost as a secure origin, and the test stack's SITE_URL is on localhost.
  const origin = `http://localhost:${stack.server.port}`
  // Rendering the measured page would start its images, so in camera mode the sitemap warms the
  // server and its post list instead: the page's images are then cold, as for a new post on a
  // running site.
  await fetch(`${origin}${CAMERA_PHOTOS ? '/sitemap.xml' : page}`)
  return origin
}

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
  const chosenPages = chosen(process.env.LIGHTHOUSE_PAGES, [...pages.keys()]).map((name) =>
    pages.get(name)!,
  )
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    userDataDir,
    logLevel: 'silent',
  })
  for (const preset of presets) {
    for (let run = 1; run <= REPEAT; run++) {
      for (const page of chosenPages) {
        const origin = await serverFor(page)
        process.stdout.write(`${preset} ${page} ... `)
        const flags = {
          port: chrome.port,
          logLevel: 'error' as const,
          onlyCategories: [...CATEGORIES],
        }
        const result = await withTimeout(
          lighthouse(`${origin}${page}`, flags, PRESETS[preset]),
          `${page} (${preset})`,
        )
        if (!result || result.lhr.runtimeError) exitCode = 1
        console.log(result?.lhr.runtimeError?.code ?? 'done')
        if (result) rows.push(row(page, preset, result.lhr))
        if (result && REPORTS_DIR) {
          const name = `${preset}${page.replaceAll('/', '_')}-${run}.json`
          fs.mkdirSync(REPORTS_DIR, { recursive: true })
          fs.writeFileSync(path.join(REPORTS_DIR, name), JSON.stringify(result.lhr))
        }
      }
    }
  }
} catch (error) {
  exitCode = 1
  console.error(`\n${error instanceof Error ? error.message : String(error)}`)
} finally {
  chrome?.kill()
  await stack.stop()
  fs.rmSync(userDataDir, { recursive: true, force: true })
}

const header = [
  ...['page', 'preset', 'perf', 'a11y', 'best pr.', 'SEO', ...METRICS.map(([l]) => l)],
  ...['img KB', 'resize KB', 'format KB'],
]
console.log(`\n${machine()} at the end.\n`)
console.log(`| ${header.join(' | ')} |`)
console.log(`|---|---|${'---:|'.repeat(header.length - 2)}`)
for (const line of rows) console.log(line)
// Lighthouse can leave timers behind; the work is done.
process.exit(exitCode)

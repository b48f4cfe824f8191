/**
 * `npm run lighthouse`: Lighthouse scores of the production build (mobile and desktop presets) for
 * every kind of page, against the production server and the mock backend on loopback, with
 * Debian's Chromium. Needs `npm run build` first. Prints a table, each page's Total Blocking Time
 * next to the lightest page's (the home page against a page of plain text, same framework), and the
 * audits that cost points; writes the same as JSON to reports/lighthouse.json. Exits 1 when a page
 * could not be measured. Repeated runs go round the pages in turn, so that a busy machine weighs on
 * every page alike.
 *
 *   CHROMIUM_PATH            the browser (default /usr/bin/chromium)
 *   LIGHTHOUSE_RUN_TIMEOUT_S one page and preset may take this long (default 120)
 *   LIGHTHOUSE_PAGES         only these paths, comma-separated (`post` for the first post)
 *   LIGHTHOUSE_PRESETS       these presets, comma-separated (default mobile,desktop). A third,
 *                            mobile-devtools, is the mobile run with the browser really slowed
 *                            (DevTools throttling: 4× CPU, a slow network) instead of Lighthouse's
 *                            simulation: its blocking time is the tasks as they ran, and the task
 *                            that paints first never counts, as it cannot on a phone
 *   LIGHTHOUSE_REPEAT        measure each page and preset this often (default 1), to see the spread
 *   LIGHTHOUSE_TASKS         set to 1 to print, for each mobile run, the tasks that count towards
 *                            Total Blocking Time as Lighthouse's simulation placed them (start,
 *                            duration, the part that counts), each with the task this machine ran
 *                            and the work inside it (style, layout, paint, parsing, which script);
 *                            for mobile-devtools, the tasks as they ran, with the same work
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { desktopConfig, type Config, type Result, type RunnerResult } from 'lighthouse'
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js'
import { LanternInteractive } from 'lighthouse/core/computed/metrics/lantern-interactive.js'
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js'
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js'

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/support/chromium'
import { requireProductionBuild, ROOT, startStack } from '../tests/support/stack'

const RUN_TIMEOUT_MS = Number(process.env.LIGHTHOUSE_RUN_TIMEOUT_S ?? 120) * 1000
/** A run whose trace failed is repeated this often in all. */
const ATTEMPTS = 2
const REPORT_PATH = path.join(ROOT, 'reports', 'lighthouse.json')
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS]
type Preset = { name: string; config: Config | undefined }
const DEFAULT_PRESETS = 'mobile,desktop'
const PRESETS: Preset[] = [
  { name: 'mobile', config: undefined },
  {
    name: 'mobile-devtools',
    config: { extends: 'lighthouse:default', settings: { throttlingMethod: 'devtools' as const } },
  },
  { name: 'desktop', config: desktopConfig },
].filter((preset) => isChosen(process.env.LIGHTHOUSE_PRESETS ?? DEFAULT_PRESETS, preset.name))
const REPEAT = Math.max(1, Number(process.env.LIGHTHOUSE_REPEAT ?? 1))
const PRINT_TASKS = process.env.LIGHTHOUSE_TASKS === '1'
/** The page every other page's blocking time is compared with. */
const BASELINE_PAGE = '/terms-of-service'

/** True when `list` (comma-separated) is unset or names `item`. */
function isChosen(list: string | undefined, item: string) {
  return !list || list.split(',').some((entry) => entry.trim() === item)
}

type Category = (typeof CATEGORIES)[number]
type FailingAudit = {
  id: string
  title: string
  categories: Category[]
  /** false for diagnostics and insights: hints that do not change the category's score */
  costsPoints: boolean
  displayValue?: string
}
type Row = {
  page: string
  preset: string
  scores: Partial<Record<Category, number>>
  lcpMs?: number
  tbtMs?: number
  cls?: number
  failing: FailingAudit[]
  longTasks: LongTask[]
  error?: string
}
/**
 * A task that counts towards Total Blocking Time, in Lighthouse's simulated phone; in a run with
 * DevTools throttling it is the observed task itself.
 */
type LongTask = {
  startMs: number
  durationMs: number
  /** the part between first contentful paint and interactive beyond the first 50 ms */
  blockingMs: number
  /** the task this machine ran, which the simulation slowed down: when, how long, what was in it */
  observed: { startMs: number; durationMs: number; work: string }
}

function requireBrowser() {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    console.error(`No browser at ${CHROMIUM_PATH}: install chromium or set CHROMIUM_PATH.`)
    process.exit(1)
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/**
 * Audits that are not green: binary audits that failed, scored ones below 0.9 (Lighthouse's green).
 * An audit can belong to several categories (document-title: accessibility and SEO).
 */
function failingAudits(lhr: Result): FailingAudit[] {
  const failing = new Map<string, FailingAudit>()
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id]
      if (!audit || audit.score === null) continue
      const threshold = audit.scoreDisplayMode === 'binary' ? 1 : 0.9
      if (audit.score >= threshold) continue
      const known = failing.get(audit.id)
      if (known) {
        known.categories.push(category)
        known.costsPoints ||= ref.weight > 0
        continue
      }
      failing.set(audit.id, {
        id: audit.id,
        title: audit.title,
        categories: [category],
        costsPoints: ref.weight > 0,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
      })
    }
  }
  return [...failing.values()]
}

/** What Lantern, Lighthouse's simulation, exposes of one of its CPU tasks. */
type SimulatedTask = {
  type: string
  event: TraceEvent
  childEvents: TraceEvent[]
}
type TraceEvent = {
  name: string
  pid?: number
  tid?: number
  ts: number
  dur?: number
  args?: { data?: { url?: string; isLoadingMainFrame?: boolean; documentLoaderURL?: string } }
}
type LanternEstimate = {
  timeInMs: number
  nodeTimings: Map<SimulatedTask, { startTime: number; endTime: number; duration: number }>
}
type LanternResult = { optimisticEstimate: LanternEstimate; pessimisticEstimate: LanternEstimate }
type LanternMetric = { request(data: unknown, context: unknown): Promise<LanternResult> }

/** The trace events worth naming inside a task, and how to name them. */
const WORK: Record<string, (event: TraceEvent) => string> = {
  UpdateLayoutTree: () => 'style',
  Layout: () => 'layout',
  PrePaint: () => 'paint',
  Paint: () => 'paint',
  ParseHTML: () => 'parse HTML',
  EvaluateScript: (event) => `run ${fileOf(event) || 'inline script'}`,
  FunctionCall: (event) => `call into ${fileOf(event) || 'inline script'}`,
  'v8.compileModule': (event) => `compile ${fileOf(event)}`,
  'v8.evaluateModule': () => 'run modules',
  'DocumentLoader::CommitNavigation': () => "the browser's navigation commit",
  MinorGC: () => 'garbage collection',
  MajorGC: () => 'garbage collection',
}

function fileOf(event: TraceEvent) {
  const url = event.args?.data?.url ?? ''
  return url.startsWith('http') ? new URL(url).pathname.split('/').pop() || 'the page' : ''
}

/** The three largest kinds of work in a task, in ms of this machine. */
function describeWork(task: SimulatedTask) {
  const totals = new Map<string, number>()
  for (const event of task.childEvents) {
    const name = WORK[event.name]?.(event)
    if (name && event.dur) totals.set(name, (totals.get(name) ?? 0) + event.dur / 1000)
  }
  const largest = [...totals].sort((a, b) => b[1] - a[1]).slice(0, 3)
  return largest.map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(', ') || 'unnamed work'
}

/**
 * The tasks that count towards a simulated run's Total Blocking Time, recomputed with Lighthouse's
 * own simulation (Lantern) so that each can be paired with the task this machine ran. Lighthouse
 * reports the mean of an optimistic and a pessimistic estimate, which place the tasks a little
 * differently and count from different first paints; the optimistic one is listed, counted from
 * the first paint and up to the interactive time that Lantern uses for it.
 */
async function blockingTasks({ artifacts, lhr }: RunnerResult): Promise<LongTask[]> {
  if (lhr.configSettings.throttlingMethod === 'devtools')
    return observedBlockingTasks(artifacts, lhr)
  if (lhr.configSettings.throttlingMethod !== 'simulate') return []
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings: lhr.configSettings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    simulator: null,
  }
  const context = { computedCache: new Map() }
  const metric = (computed: unknown) => (computed as LanternMetric).request(data, context)
  const firstPaint = await metric(LanternFirstContentfulPaint)
  const interactive = await metric(LanternInteractive)
  const blocking = await metric(LanternTotalBlockingTime)
  const fcpMs = firstPaint.pessimisticEstimate.timeInMs
  const ttiMs = interactive.optimisticEstimate.timeInMs
  const navigation = pageNavigation(artifacts.Trace.traceEvents as TraceEvent[])
  const tasks: LongTask[] = []
  for (const [task, timing] of blocking.optimisticEstimate.nodeTimings) {
    if (task.type !== 'cpu') continue
    const blockingMs = Lantern.Metrics.TBTUtils.calculateTbtImpactForEvent(
      { start: timing.startTime, end: timing.endTime, duration: timing.duration },
      fcpMs,
      ttiMs,
    )
    if (blockingMs <= 0) continue
    tasks.push({
      startMs: timing.startTime,
      durationMs: timing.duration,
      blockingMs,
      observed: {
        startMs: (task.event.ts - (navigation?.ts ?? task.event.ts)) / 1000,
        durationMs: (task.event.dur ?? 0) / 1000,
        work: describeWork(task),
      },
    })
  }
  return tasks.sort((a, b) => a.startMs - b.startMs)
}

/** The page's own navigation in a trace, on the main thread of its renderer. */
function pageNavigation(events: TraceEvent[]) {
  return events.find(
    (event) =>
      event.name === 'navigationStart' &&
      event.args?.data?.isLoadingMainFrame &&
      event.args.data.documentLoaderURL?.startsWith('http'),
  )
}

/**
 * The tasks that count towards a DevTools-throttled run's Total Blocking Time: the main thread's
 * tasks as the slowed-down browser ran them, the part between first contentful paint and
 * interactive beyond the first 50 ms. Nothing is simulated, so each task is its own observation.
 */
function observedBlockingTasks(artifacts: RunnerResult['artifacts'], lhr: Result): LongTask[] {
  const events = artifacts.Trace.traceEvents as TraceEvent[]
  const navigation = pageNavigation(events)
  if (!navigation) return []
  const fcpMs = lhr.audits['first-contentful-paint']?.numericValue ?? 0
  const ttiMs = lhr.audits['interactive']?.numericValue ?? Infinity
  const mainThread = events.filter(
    (event) => event.pid === navigation.pid && event.tid === navigation.tid && event.dur,
  )
  const tasks: LongTask[] = []
  for (const task of mainThread) {
    if (task.name !== 'RunTask' || task.ts < navigation.ts) continue
    const startMs = (task.ts - navigation.ts) / 1000
    const durationMs = task.dur! / 1000
    const blockingMs = Lantern.Metrics.TBTUtils.calculateTbtImpactForEvent(
      { start: startMs, end: startMs + durationMs, duration: durationMs },
      fcpMs,
      ttiMs,
    )
    if (blockingMs <= 0) continue
    const end = task.ts + task.dur!
    const childEvents = mainThread.filter(
      (event) => event !== task && event.ts >= task.ts && event.ts + event.dur! <= end,
    )
    const work = describeWork({ type: 'cpu', event: task, childEvents })
    tasks.push({ startMs, durationMs, blockingMs, observed: { startMs, durationMs, work } })
  }
  return tasks.sort((a, b) => a.startMs - b.startMs)
}

function toRow(page: string, preset: string, lhr: Result): Row {
  const scores: Row['scores'] = {}
  for (const category of CATEGORIES) {
    const score = lhr.categories[category]?.score
    if (typeof score === 'number') scores[category] = Math.round(score * 100)
  }
  const metric = (id: string) => lhr.audits[id]?.numericValue
  return {
    page,
    preset,
    scores,
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    failing: failingAudits(lhr),
    longTasks: [],
    ...(lhr.runtimeError ? { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
  }
}

/** One Lighthouse run, repeated when Lighthouse's own trace failed. */
async function audit(url: string, page: string, preset: Preset, port: number): Promise<Row> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await withTimeout(
      lighthouse(url, { port, logLevel: 'error', onlyCategories: [...CATEGORIES] }, preset.config),
      RUN_TIMEOUT_MS,
      `Lighthouse on ${page} (${preset.name})`,
    )
    if (!result) throw new Error(`Lighthouse returned nothing for ${page} (${preset.name})`)
    const row = toRow(page, preset.name, result.lhr)
    if (PRINT_TASKS && !row.error) row.longTasks = await blockingTasks(result)
    // A failed trace (NO_NAVSTART, NO_FCP, …) is Lighthouse's hiccup on a busy machine; an error
    // status from the page is the page's answer.
    const isHiccup = row.error !== undefined && !row.error.startsWith('ERRORED_DOCUMENT_REQUEST')
    if (!isHiccup || attempt === ATTEMPTS) return row
    process.stdout.write(`${row.error?.split(':')[0]}, again ... `)
  }
}

function printTable(rows: Row[]) {
  const cell = (value: number | undefined, digits = 0) =>
    value === undefined ? '–' : value.toFixed(digits)
  console.log('\n| page | preset | perf | a11y | best practices | SEO | LCP ms | TBT ms | CLS |')
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|')
  for (const row of rows) {
    const { scores } = row
    console.log(
      `| ${row.page} | ${row.preset} | ${cell(scores.performance)} | ${cell(scores.accessibility)} | ` +
        `${cell(scores['best-practices'])} | ${cell(scores.seo)} | ${cell(row.lcpMs)} | ` +
        `${cell(row.tbtMs)} | ${cell(row.cls, 3)} |`,
    )
  }
}

function printLongTasks(row: Row) {
  for (const task of row.longTasks) {
    const { observed } = task
    const ran =
      observed.startMs === task.startMs
        ? ''
        : `; ran at ${observed.startMs.toFixed(0)} ms for ${observed.durationMs.toFixed(1)} ms`
    console.log(
      `    at ${task.startMs.toFixed(0)} ms for ${task.durationMs.toFixed(0)} ms, blocking ` +
        `${task.blockingMs.toFixed(0)} ms${ran}: ${observed.work}`,
    )
  }
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/**
 * The main thread's work on load, page by page against the terms of service: the same framework
 * with nothing of its own to do, so the difference is the page's own work. Medians of the runs.
 */
function printBlockingTime(rows: Row[]) {
  console.log(`\nTotal Blocking Time, median of ${REPEAT} run(s), against ${BASELINE_PAGE}:`)
  console.log('| preset | page | TBT ms (median) | runs | × baseline |')
  console.log('|---|---|---:|---|---:|')
  for (const preset of PRESETS) {
    const tbtOf = (page: string) =>
      rows
        .filter((row) => row.preset === preset.name && row.page === page)
        .flatMap((row) => (row.tbtMs === undefined ? [] : [row.tbtMs]))
    const baseline = tbtOf(BASELINE_PAGE)
    for (const page of [...new Set(rows.map((row) => row.page))]) {
      const runs = tbtOf(page)
      if (runs.length === 0) continue
      const ratio =
        baseline.length > 0 && median(baseline) > 0
          ? (median(runs) / median(baseline)).toFixed(2)
          : '–'
      console.log(
        `| ${preset.name} | ${page} | ${median(runs).toFixed(0)} | ` +
          `${runs.map((value) => value.toFixed(0)).join(', ')} | ${ratio} |`,
      )
    }
  }
}

function printFailing(rows: Row[]) {
  for (const row of rows) {
    if (row.error) console.log(`\n${row.page} (${row.preset}) did not load: ${row.error}`)
  }
  printAudits('Audits that cost points', rows, (audit) => audit.costsPoints)
  printAudits(
    'Diagnostics and insights (no weight in the score; hints)',
    rows,
    (audit) => !audit.costsPoints,
  )
}

/** One line per audit with the pages that fail it: page owners look for their own page. */
function printAudits(heading: string, rows: Row[], include: (audit: FailingAudit) => boolean) {
  const byAudit = new Map<string, { audit: FailingAudit; where: string[] }>()
  for (const row of rows) {
    for (const audit of row.failing.filter(include)) {
      const entry = byAudit.get(audit.id) ?? { audit, where: [] }
      const value = audit.displayValue ? ` (${audit.displayValue})` : ''
      entry.where.push(`${row.page} ${row.preset}${value}`)
      byAudit.set(audit.id, entry)
    }
  }
  console.log(`\n${heading}:${byAudit.size === 0 ? ' none' : ''}`)
  const rank = (audit: FailingAudit) => CATEGORIES.indexOf(audit.categories[0]!)
  const sorted = [...byAudit.values()].sort(
    (a, b) => rank(a.audit) - rank(b.audit) || a.audit.id.localeCompare(b.audit.id),
  )
  for (const { audit, where } of sorted) {
    console.log(`- [${audit.categories.join(', ')}] ${audit.id}: ${audit.title}`)
    console.log(`    ${where.join('; ')}`)
  }
}

requireProductionBuild()
requireBrowser()

const rows: Row[] = []
let exitCode = 0
const stack = await startStack()
const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-chromium-'))
let chrome: chromeLauncher.LaunchedChrome | undefined
try {
  // Chromium treats localhost as a secure origin, and SITE_URL defaults to it.
  const origin = `http://localhost:${stack.server.port}`
  const posts = (await (await fetch(`${stack.mock.url}/app/posts/`)).json()) as Array<{
    slug: string
  }>
  const postPath = `/blog/${posts[0]!.slug}`
  const pages = ['/', '/blog', postPath, '/privacy-policy', '/terms-of-service'].filter((page) =>
    isChosen(process.env.LIGHTHOUSE_PAGES, page === postPath ? 'post' : page),
  )

  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
    userDataDir,
    logLevel: 'silent',
  })

  // A visitor of a running site gets warm caches; the first render after start is not typical.
  for (const page of pages) await fetch(`${stack.baseUrl}${page}`)
  for (const preset of PRESETS) {
    for (let run = 1; run <= REPEAT; run++) {
      for (const page of pages) {
        process.stdout.write(`${preset.name} ${page} ... `)
        const row = await audit(`${origin}${page}`, page, preset, chrome.port)
        if (row.error) exitCode = 1
        rows.push(row)
        console.log(row.error ? 'error' : 'done')
        if (PRINT_TASKS) printLongTasks(row)
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

if (rows.length > 0) {
  printTable(rows)
  printBlockingTime(rows)
  printFailing(rows)
  fs.mkdirSync(path.dirname(REPORT_PATH), { recursive: true })
  fs.writeFileSync(
    REPORT_PATH,
    JSON.stringify({ measuredAt: new Date().toISOString(), rows }, null, 2),
  )
  console.log(`\nwritten: ${path.relative(ROOT, REPORT_PATH)}`)
}
// Lighthouse can leave timers behind; the work is done.
process.exit(exitCode)

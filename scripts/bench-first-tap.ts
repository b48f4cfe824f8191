/**
 * `npm run bench:first-tap`: how long a visitor's first tap waits on a phone, on `/` of the
 * production build (`npm run build` first) served with the mock backend on loopback. Two taps,
 * each on a page of its own, alternating, every run in a fresh browser context (nothing cached or
 * stored, as a first visit):
 *
 * - menu: the mobile menu button, as soon as a frame after the first paint shows it (hydrated or
 *   not: before hydration the menu is a plain `<details>` and opens without JavaScript); a cookie
 *   choice is stored beforehand, so the consent dialog stays away.
 * - consent: 'Only Essential' in the consent dialog, as soon as a frame shows the dialog (it
 *   appears after the load event; the tap lands where the button ends its slide-in).
 *
 * The phone is Lighthouse's mobile emulation (its screen, device pixel ratio and user agent, with
 * touch) and its CPU slowdown applied for real through Chromium's CPU throttling; the network is
 * not throttled. The tap is a touch dispatched through the DevTools protocol the moment the page
 * reports the target painted, so a busy main thread delays its handling as it would a finger's.
 * Two figures per tap, in ms:
 *
 * - event duration: the Event Timing API's duration of the tap's interaction (the longest of its
 *   pointer and click events, from the touch to the next paint after the handlers ran), as INP
 *   counts it. Events under 16 ms are not reported, so below 16 only the first input's own
 *   duration is known: such a value is a lower bound.
 * - tap to visible: from the touch (the pointerdown's timestamp) to the frame that first shows the
 *   menu open and visible or the dialog gone (its frame callbacks, which run just before its paint
 *   in the same task), what the visitor sees; Event Timing's figure also counts the paint itself
 *   and its way to the screen.
 *
 * Also per run, in ms from the navigation's start: the first contentful paint, when the page saw
 * the target painted and asked for the tap, when the touch reached the page and when the page
 * hydrated (`<html data-hydrated>`); the input delay (from the touch until its first handler
 * ran) and the long tasks (over 50 ms) it waited behind, if any, as their starts and durations
 * (what kept the tap waiting); the summary counts the taps made after hydration. Prints each
 * run, then the median, p90 and max, and the machine's load.
 *
 *   BENCH_RUNS=10            runs of each tap
 *   BENCH_CPU_SLOWDOWN=4     Chromium's CPU throttling rate (default Lighthouse's mobile slowdown;
 *                            1 for none)
 *   BENCH_TAP_DELAY_MS=0     tap this long after the target is painted instead (a visitor's
 *                            reaction time)
 *   BENCH_SERVER_ROOT=/path  another checkout's build, for before-and-after figures
 *   CHROMIUM_PATH            the browser (default the system's, else Playwright's)
 */
import { chromium, type Browser } from '@playwright/test'
import { screenEmulationMetrics, throttling, userAgents } from 'lighthouse/core/config/constants.js'

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/support/chromium'

import { NO_CHROMIUM } from './chromium.js'
import { machine, median, percentile, requireProductionBuild, sleep, startStack } from './measure'

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 10))
const CPU_SLOWDOWN = Number(
  process.env.BENCH_CPU_SLOWDOWN ?? throttling.mobileSlow4G.cpuSlowdownMultiplier,
)
const TAP_DELAY_MS = Number(process.env.BENCH_TAP_DELAY_MS ?? 0)
/** Lighthouse's phone: a Moto G Power's screen and device pixel ratio. */
const PHONE = screenEmulationMetrics.mobile!
/** One page load and tap; the consent dialog alone waits 1 s after the load event. */
const RUN_TIMEOUT_MS = 60_000

const TAPS = ['menu', 'consent'] as const
type Tap = (typeof TAPS)[number]

/** What Event Timing reports of one event. */
type EventEntry = {
  name: string
  startTime: number
  duration: number
  processingStart: number
  interactionId: number
}

/** What the page records of its load and its tap, in ms from the navigation's start. */
type PageRecord = {
  events: EventEntry[]
  firstInput?: EventEntry
  /** the main thread's tasks over 50 ms: [start, duration] */
  longTasks: [number, number][]
  firstContentfulPaint?: number
  hydratedAt?: number
  /** when the target was painted and the page asked for the tap */
  askedAt?: number
  /** the pointerdown's timestamp: when the touch reached the browser */
  tappedAt?: number
  /** the start of the paint of the first frame that shows the tap's result */
  visibleAt?: number
}

type Run = {
  tap: Tap
  firstContentfulPaint: number
  askedAt: number
  tappedAt: number
  hydratedAt: number
  inputDelay: number
  eventDuration: number
  tapToVisible: number
  /** the long tasks the touch waited behind, `start+duration` each, or '-' */
  waitedOn: string
}

/** The page's window with what it records, and the binding through which it asks for the tap. */
type BenchWindow = Window & {
  benchFirstTapRecord?: PageRecord
  /** the point to touch, as JSON */
  benchFirstTap?: (point: string) => void
  /** called once the record holds the tap's result, the first input and the hydration */
  benchFirstTapDone?: (nothing: string) => void
}
const TAP_BINDING = 'benchFirstTap' satisfies keyof BenchWindow
const DONE_BINDING = 'benchFirstTapDone' satisfies keyof BenchWindow

/**
 * Runs in the page before its own scripts: records paints, Event Timing entries and hydration,
 * asks for the tap once its target is painted, and records when the tap's result is painted. It
 * observes the DOM only where it must (from the load event for the dialog, after the tap for the
 * result), so that it adds next to nothing to the main thread it measures.
 */
function instrumentPage(tap: Tap) {
  const record: PageRecord = { events: [], longTasks: [] }
  const page = window as BenchWindow
  page.benchFirstTapRecord = record
  /** Tells the bench once all is recorded: polling from outside would run code on the page. */
  const reportWhenDone = () => {
    if (record.visibleAt === undefined || !record.hydratedAt || !record.firstInput) return
    page.benchFirstTapDone!('')
  }
  if (tap === 'menu') localStorage.setItem('cookieConsent', 'declined')
  const menu = () => document.querySelector<HTMLDetailsElement>('header details')
  const menuButton = () => menu()?.querySelector('summary[aria-label="Menu"]')
  const dialog = () =>
    document.querySelector('[role="dialog"][aria-labelledby="cookie-consent-title"]')

  /**
   * Calls `then` with the time once `condition` holds, from the frame callbacks of the first frame
   * where it does. Those run just before that frame's style, layout and paint, in the same task:
   * nothing else runs between them and the paint, and the style and layout `condition` reads there
   * are the frame's own, not extra work (read from a mutation observer during parsing, they cost
   * the page 90 to 180 ms of forced layouts at 4x). Until `present` holds (the DOM alone, no
   * layout), it waits on mutations instead of frames, so that it asks for no frames of its own.
   */
  const whenPainted = (
    present: () => boolean,
    condition: () => boolean,
    then: (time: number) => void,
  ) => {
    const eachFrame = () =>
      requestAnimationFrame(() => (condition() ? then(performance.now()) : eachFrame()))
    if (present()) return eachFrame()
    const observer = new MutationObserver(() => {
      if (!present()) return
      observer.disconnect()
      eachFrame()
    })
    observer.observe(document, { subtree: true, childList: true })
  }
  /** Asks for a touch at the middle of `element`, less the part of a slide-in not yet done. */
  const requestTap = (element: Element, slidingParent?: Element) => {
    record.askedAt = performance.now()
    const box = element.getBoundingClientRect()
    const transform = slidingParent ? getComputedStyle(slidingParent).transform : 'none'
    const slide = new DOMMatrixReadOnly(transform === 'none' ? undefined : transform)
    const point = { x: box.x + box.width / 2 - slide.e, y: box.y + box.height / 2 - slide.f }
    page.benchFirstTap!(JSON.stringify(point))
  }

  const entry = (timing: PerformanceEventTiming): EventEntry => ({
    name: timing.name,
    startTime: timing.startTime,
    duration: timing.duration,
    processingStart: timing.processingStart,
    // Chromium has it; TypeScript's DOM types do not list it yet.
    interactionId: (timing as PerformanceEventTiming & { interactionId: number }).interactionId,
  })
  new PerformanceObserver((list) => {
    for (const timing of list.getEntries())
      record.events.push(entry(timing as PerformanceEventTiming))
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit)
  new PerformanceObserver((list) => {
    record.firstInput = entry(list.getEntries()[0] as PerformanceEventTiming)
    reportWhenDone()
  }).observe({ type: 'first-input', buffered: true })
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) record.longTasks.push([task.startTime, task.duration])
  }).observe({ type: 'longtask', buffered: true })
  const hydration = new MutationObserver(() => {
    if (!document.documentElement.hasAttribute('data-hydrated')) return
    record.hydratedAt = performance.now()
    reportWhenDone()
    hydration.disconnect()
  })
  hydration.observe(document, { subtree: true, attributeFilter: ['data-hydrated'] })

  new PerformanceObserver((list, observer) => {
    const paint = list.getEntriesByName('first-contentful-paint')[0]
    if (!paint) return
    observer.disconnect()
    record.firstContentfulPaint = paint.startTime
    if (tap !== 'menu') return
    whenPainted(
      () => Boolean(menuButton()),
      () => menuButton()?.checkVisibility() ?? false,
      () => requestTap(menuButton()!),
    )
  }).observe({ type: 'paint', buffered: true })
  if (tap === 'consent') {
    const button = () =>
      [...(dialog()?.querySelectorAll('button') ?? [])].find(
        (candidate) => candidate.textContent === 'Only Essential',
      )
    addEventListener('load', () =>
      whenPainted(
        () => Boolean(button()),
        () => button()?.checkVisibility() ?? false,
        () => requestTap(button()!, dialog()!),
      ),
    )
  }

  const shown = () =>
    tap === 'menu'
      ? Boolean(menu()?.open && menu()?.querySelector('nav')?.checkVisibility())
      : !dialog()
  addEventListener(
    'pointerdown',
    (event) => {
      if (record.tappedAt !== undefined) return
      record.tappedAt = event.timeStamp
      whenPainted(
        () => true,
        shown,
        (time) => {
          record.visibleAt = time
          reportWhenDone()
        },
      )
    },
    { capture: true },
  )
}

/** The tap's interaction as INP counts it: its longest event, the first input's included. */
function eventDuration(record: PageRecord) {
  const durations = record.events
    .filter((event) => event.interactionId > 0)
    .map((event) => event.duration)
  return Math.max(record.firstInput?.duration ?? 0, ...durations)
}

/**
 * The long tasks the touch waited behind: those running between its arrival (`from`) and its first
 * handler (`to`), each as `start+duration` in whole ms, or '-'.
 */
function tasksBetween(tasks: [number, number][], from: number, to: number) {
  const waited = tasks.filter(([start, duration]) => start < to && start + duration > from)
  return waited.length === 0
    ? '-'
    : waited.map(([start, duration]) => `${Math.round(start)}+${Math.round(duration)}`).join(', ')
}

async function measure(browser: Browser, origin: string, tap: Tap): Promise<Run> {
  const context = await browser.newContext({
    viewport: { width: PHONE.width, height: PHONE.height },
    deviceScaleFactor: PHONE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: userAgents.mobile,
  })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    // The page's call reaches this process directly, and the touch goes straight to the browser:
    // nothing on the way runs on the page's main thread. A binding reports its calls only with
    // the session's runtime enabled.
    await cdp.send('Runtime.enable')
    await cdp.send('Runtime.addBinding', { name: TAP_BINDING })
    await cdp.send('Runtime.addBinding', { name: DONE_BINDING })
    let reportDone!: () => void
    const done = new Promise<void>((resolve) => {
      reportDone = resolve
    })
    cdp.on('Runtime.bindingCalled', ({ name, payload }) => {
      if (name === DONE_BINDING) return reportDone()
      if (name !== TAP_BINDING) return
      const { x, y } = JSON.parse(payload) as { x: number; y: number }
      sleep(TAP_DELAY_MS)
        .then(() =>
          Promise.all([
            cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] }),
            cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] }),
          ]),
        )
        .catch((error: unknown) => console.error(`The ${tap} tap failed: ${String(error)}`))
    })
    // tsx compiles this file keeping functions' names, with calls to a helper of its own that
    // the page does not have.
    await page.addInitScript({ content: 'globalThis.__name = (target) => target' })
    await page.addInitScript(instrumentPage, tap)
    // Nothing of the bench's own runs on the page until it is done (Playwright's code for
    // waiting in the page alone takes 60 ms of its main thread at 4x, just when the tap comes).
    await page.goto(`${origin}/`, { waitUntil: 'commit' })
    let timer: NodeJS.Timeout | undefined
    const timedOut = new Promise<'timed out'>((resolve) => {
      timer = setTimeout(() => resolve('timed out'), RUN_TIMEOUT_MS)
    })
    const outcome = await Promise.race([done, timedOut])
    clearTimeout(timer)
    if (outcome === 'timed out') {
      const record = await page.evaluate(() => (window as BenchWindow).benchFirstTapRecord)
      throw new Error(
        `${tap}: not done in ${RUN_TIMEOUT_MS} ms; the page recorded ${JSON.stringify(record)}`,
      )
    }
    // Event Timing reports the interaction's longer events after their paint.
    await sleep(500)
    const record = (await page.evaluate(
      () => (window as BenchWindow).benchFirstTapRecord,
    )) as Required<PageRecord>
    return {
      tap,
      firstContentfulPaint: record.firstContentfulPaint,
      askedAt: record.askedAt,
      tappedAt: record.tappedAt,
      hydratedAt: record.hydratedAt,
      inputDelay: record.firstInput.processingStart - record.firstInput.startTime,
      eventDuration: eventDuration(record),
      tapToVisible: record.visibleAt - record.tappedAt,
      waitedOn: tasksBetween(
        record.longTasks,
        record.firstInput.startTime,
        record.firstInput.processingStart,
      ),
    }
  } finally {
    await context.close()
  }
}

const ms = (value: number) => String(Math.round(value))

function runRow(run: Run, index: number) {
  const cells = [
    run.tap,
    String(index),
    ...[run.firstContentfulPaint, run.askedAt, run.tappedAt, run.hydratedAt].map(ms),
    run.hydratedAt < run.tappedAt ? 'yes' : 'no',
    ...[run.inputDelay, run.eventDuration, run.tapToVisible].map(ms),
    run.waitedOn,
  ]
  return `| ${cells.join(' | ')} |`
}

/** `median / p90 / max` of the values, in whole ms. */
function spread(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  return [median(sorted), percentile(sorted, 0.9), sorted.at(-1) ?? 0].map(ms).join(' / ')
}

function summaryRow(tap: Tap, runs: Run[]) {
  const hydratedFirst = runs.filter((run) => run.hydratedAt < run.tappedAt).length
  const cells = [
    tap,
    String(runs.length),
    spread(runs.map((run) => run.eventDuration)),
    spread(runs.map((run) => run.tapToVisible)),
    spread(runs.map((run) => run.inputDelay)),
    `${ms(median(runs.map((run) => run.tappedAt)))} / ${ms(median(runs.map((run) => run.hydratedAt)))}`,
    `${hydratedFirst} of ${runs.length}`,
  ]
  return `| ${cells.join(' | ')} |`
}

requireProductionBuild()
if (!CHROMIUM_PATH) {
  console.error(NO_CHROMIUM)
  process.exit(1)
}

const stack = await startStack({}, { root: process.env.BENCH_SERVER_ROOT })
// Chromium treats localhost as a secure origin, and the test stack's SITE_URL is on localhost.
const origin = `http://localhost:${stack.server.port}`
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
const runs: Run[] = []
let exitCode = 0
const startedOn = machine()
try {
  // A visitor of a running site meets a page the server has rendered before; the first visit of
  // each kind warms the browser, and is not counted.
  await fetch(`${origin}/`)
  for (const tap of TAPS) await measure(browser, origin, tap)
  console.log(
    `/ at ${CPU_SLOWDOWN}x CPU slowdown, ${RUNS} runs of each tap` +
      `${TAP_DELAY_MS ? `, ${TAP_DELAY_MS} ms after the target is painted` : ''}; ${startedOn} at the start.\n`,
  )
  const header = ['tap', 'run', 'FCP', 'target painted', 'tapped at', 'hydrated at']
  header.push('hydrated first')
  header.push('input delay', 'event duration', 'tap to visible', 'long tasks it waited behind')
  console.log(`| ${header.join(' | ')} |`)
  console.log(`|---|${'---:|'.repeat(header.length - 1)}`)
  for (let index = 1; index <= RUNS; index++) {
    for (const tap of TAPS) {
      const run = await measure(browser, origin, tap)
      runs.push(run)
      console.log(runRow(run, index))
    }
  }
} catch (error) {
  exitCode = 1
  console.error(`\n${error instanceof Error ? error.message : String(error)}`)
} finally {
  await browser.close()
  await stack.stop()
}

console.log(
  `\n${machine()} at the end. Median / p90 / max in ms; times from the navigation's start.\n`,
)
const header = ['tap', 'runs', 'event duration (INP)', 'tap to visible', 'input delay']
header.push('tapped / hydrated at (medians)', 'hydrated before the tap')
console.log(`| ${header.join(' | ')} |`)
console.log(`|---|${'---:|'.repeat(header.length - 1)}`)
for (const tap of TAPS) {
  const ofTap = runs.filter((run) => run.tap === tap)
  if (ofTap.length > 0) console.log(summaryRow(tap, ofTap))
}
process.exit(exitCode)

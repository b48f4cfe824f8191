/**
 * Time in the browser tests: the page's own clock, stopped before the page loads, so a delay is
 * checked to the millisecond however busy the machine is. Timers, animation frames, `Date` and
 * `performance.now()` follow only `page.clock.runFor()`; everything else (the network, message
 * tasks, first paint, hydration) runs at its own pace.
 */
import type { Page } from '@playwright/test'

const STOPPED_AT = new Date('2025-07-25T09:00:00Z')

/** Installs the page clock and stops it: from the next page on, only runFor() moves time. */
export async function stopPageClock(page: Page) {
  await page.clock.install({ time: STOPPED_AT })
  await page.clock.pauseAt(new Date(STOPPED_AT.getTime() + 10_000))
}

/**
 * Resolves once the page has run the tasks already queued before this call: React posts its
 * renders and effects as messages, which run in order before this one, the clock stopped or not.
 */
export async function runQueuedTasks(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel()
        let rounds = 3
        channel.port1.onmessage = () => {
          rounds -= 1
          if (rounds > 0) channel.port2.postMessage(0)
          else {
            channel.port1.close()
            resolve()
          }
        }
        channel.port2.postMessage(0)
      }),
  )
}

/** Resolves once the page has drawn two more frames (with a running clock). */
export async function nextFrames(page: Page) {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
}

type PageTimes = { pageTimes?: Record<string, number> }

/**
 * Notes, from before the page loads and in page-clock milliseconds, when an element matching
 * `selector` first exists (e.g. a dialog, `html[data-hydrated]`). Read with `pageTime`.
 */
export function recordWhenPresent(page: Page, name: string, selector: string) {
  return page.addInitScript(
    ({ key, css }) => {
      const times = ((window as PageTimes).pageTimes ??= {})
      new MutationObserver((_, observer) => {
        if (!document.querySelector(css)) return
        times[key] = performance.now()
        observer.disconnect()
      }).observe(document, { childList: true, subtree: true, attributes: true })
    },
    { key: name, css: selector },
  )
}

/**
 * Notes the load event's page-clock time as `load`, and answers the page's own question of when
 * it loaded in that time: the clock's stand-in for `performance` has no timing entries, so the
 * navigation entry the page reads is put back, timed by the same clock.
 */
export function recordLoad(page: Page) {
  return page.addInitScript(() => {
    const times = ((window as PageTimes).pageTimes ??= {})
    window.addEventListener('load', () => {
      const loadEventStart = performance.now()
      times.load = loadEventStart
      const entries = performance.getEntriesByType.bind(performance)
      performance.getEntriesByType = (type: string) =>
        type === 'navigation'
          ? ([{ entryType: 'navigation', loadEventStart }] as unknown as PerformanceEntryList)
          : entries(type)
    })
  })
}

/** The page-clock time noted for `name`, or undefined. */
export function pageTime(page: Page, name: string): Promise<number | undefined> {
  return page.evaluate((key) => (window as PageTimes).pageTimes?.[key], name)
}

/**
 * A toast closes when the CSS animation of its progress bar ends (react-toastify), so its 4 s are
 * animation time, which the page clock does not move. From the moment each toast appears these
 * helpers stop that animation (playback rate 0) and let the test move it, as `page.clock.runFor`
 * moves timers; pausing on hover or focus loss still sets the animation's play state as it would.
 */
import type { Locator, Page } from '@playwright/test'

const COUNTDOWN = '.Toastify__progress-bar--animated'

/** From before the page loads, stops every toast's countdown as soon as the toast exists. */
export function holdToastCountdowns(page: Page) {
  return page.addInitScript((selector) => {
    new MutationObserver(() => {
      for (const bar of document.querySelectorAll(selector)) {
        for (const animation of bar.getAnimations()) animation.playbackRate = 0
      }
    }).observe(document, { childList: true, subtree: true, attributes: true })
  }, COUNTDOWN)
}

/** The toast's countdown: its length, how far it has run, and whether it is running or paused. */
export function countdown(toast: Locator) {
  return toast.locator(COUNTDOWN).evaluate((bar) => {
    const [animation] = bar.getAnimations()
    if (!animation) throw new Error('the toast has no countdown')
    return {
      durationMs: animation.effect!.getComputedTiming().duration as number,
      atMs: Number(animation.currentTime),
      playState: animation.playState,
    }
  })
}

/**
 * Moves the toast's countdown to `ms` and lets the page draw the next two frames, in which an
 * animation that has ended reports it.
 */
export async function runCountdownTo(toast: Locator, ms: number) {
  await toast.locator(COUNTDOWN).evaluate(async (bar, at) => {
    for (const animation of bar.getAnimations()) animation.currentTime = at
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
  }, ms)
}

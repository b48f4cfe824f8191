/** Helpers shared by the home page's browser tests. */
import { expect, type Page } from '@playwright/test'

export const SECTION_IDS = ['home', 'solutions', 'how-it-works', 'about', 'contact'] as const
export type SectionId = (typeof SECTION_IDS)[number]

/** Remembers a cookie choice before the page loads, so the consent dialog stays away. */
export async function rememberConsent(page: Page, consent: 'accepted' | 'declined' = 'declined') {
  await page.addInitScript((value) => localStorage.setItem('cookieConsent', value), consent)
}

/**
 * Waits until React has hydrated the page (its click handlers are live): the root marks
 * `<html data-hydrated>` from an effect, which runs only once hydration has committed.
 */
export async function waitForHydration(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}

/** The section's top edge in page coordinates. */
export function sectionTop(page: Page, id: SectionId): Promise<number> {
  return page.evaluate(
    (sectionId) => document.getElementById(sectionId)!.getBoundingClientRect().top + window.scrollY,
    id,
  )
}

export async function scrollInstantly(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y)
  await page.waitForFunction((top) => {
    const maxScrollY = document.documentElement.scrollHeight - window.innerHeight
    return Math.abs(window.scrollY - Math.min(top, maxScrollY)) < 1
  }, y)
}

export function scrollY(page: Page): Promise<number> {
  return page.evaluate(() => window.scrollY)
}

/**
 * Waits until every scroll is over: a smooth scroll, a return-to-home delay, or what is left of a
 * mouse wheel's own smooth scroll, which would otherwise carry on after a click on a link.
 */
export async function waitForScrollToSettle(page: Page) {
  let previous = -1
  await expect
    .poll(
      async () => {
        const current = await scrollY(page)
        const isSettled = current === previous
        previous = current
        return isSettled
      },
      { intervals: [250] },
    )
    .toBe(true)
}

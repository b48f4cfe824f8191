/**
 * Analytics run only after 'I Consent' and stop at once on withdrawal, with each provider's
 * script replaced by a local stand-in (tests/support/analytics-stand-in.ts) that records every
 * request the page makes to the provider. A spec picks its provider with test.use({ provider }),
 * at the top of the file because the server (one per worker) starts with that setting.
 */
import type { BrowserContext, Page } from '@playwright/test'

import {
  startAnalyticsStandIn,
  type AnalyticsStandIn,
  type RecordedRequest,
} from '../support/analytics-stand-in'

import { expect, test as base } from './fixtures'

export { expect }

export type Provider = 'plausible' | 'ga4'

export const GA4_ID = 'G-TEST4CONSENT'
export const PLAUSIBLE_DOMAIN = 'brightwell.example'
const DAY_MS = 24 * 60 * 60 * 1000

export function analyticsEnv(
  provider: Provider,
  standIn: AnalyticsStandIn,
): Record<string, string> {
  return provider === 'ga4'
    ? { ANALYTICS: 'ga4', ANALYTICS_ID: GA4_ID, ANALYTICS_SCRIPT_URL: standIn.gtagScriptUrl }
    : {
        ANALYTICS: 'plausible',
        ANALYTICS_ID: PLAUSIBLE_DOMAIN,
        ANALYTICS_SCRIPT_URL: standIn.plausibleScriptUrl,
      }
}

export const test = base.extend<
  { analytics: AnalyticsStandIn },
  { provider: Provider; standIn: AnalyticsStandIn }
>({
  provider: ['plausible', { scope: 'worker', option: true }],
  standIn: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const standIn = await startAnalyticsStandIn()
      await use(standIn)
      await standIn.close()
    },
    { scope: 'worker' },
  ],
  stackEnv: [
    async ({ provider, standIn }, use) => use(analyticsEnv(provider, standIn)),
    { scope: 'worker' },
  ],
  analytics: async ({ standIn }, use) => {
    await standIn.reset()
    await use(standIn)
  },
})

export function consentDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Your privacy, your choice' })
}

export function cookieSettings(page: Page) {
  return page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' })
}

/** The paths of the page views the provider received, in order. */
export async function pageViews(analytics: AnalyticsStandIn, provider: Provider) {
  const requests = await analytics.requests()
  const isPageView = (request: RecordedRequest) =>
    provider === 'ga4'
      ? request.path === '/g/collect' && request.params.en === 'page_view'
      : request.path === '/api/event' && request.params.n === 'pageview'
  return requests
    .filter(isPageView)
    .map((request) => new URL(provider === 'ga4' ? request.params.dl! : request.params.u!).pathname)
}

/** A first visit to the home page that ends in 'I Consent' and the page view it starts. */
export async function consentOnHome(page: Page, analytics: AnalyticsStandIn, provider: Provider) {
  await page.goto('/')
  await consentDialog(page).getByRole('button', { name: 'I Consent' }).click()
  await expect.poll(() => pageViews(analytics, provider)).toEqual(['/'])
}

export async function gaCookies(context: BrowserContext) {
  return (await context.cookies()).filter((cookie) => /^_ga(_|$)/.test(cookie.name))
}

/** Leaves the home page for /blog the way a visitor does: a client-side navigation. */
export async function openBlogInPage(page: Page) {
  await page.getByRole('contentinfo').getByRole('link', { name: 'Blog', exact: true }).click()
  // The URL changes once the blog's data and code have arrived: slow on a busy machine.
  await expect(page).toHaveURL(/\/blog$/, { timeout: 15_000 })
  await expect(page.getByRole('heading', { level: 1, name: 'Our Blog' })).toBeVisible()
}

/**
 * Long enough for a script the page had no business loading to be requested and report: the
 * consent dialog itself appears a full second after the load event.
 */
export async function settle(page: Page) {
  await page.waitForTimeout(1500)
}

/** What holds for each provider: nothing before consent, page views after, none after a no. */
export function describeProvider(provider: Provider) {
  test('nothing is requested from the provider before a choice, on any page', async ({
    page,
    analytics,
    context,
  }) => {
    await page.goto('/')
    await expect(consentDialog(page)).toBeVisible()
    await openBlogInPage(page)
    await page.reload()
    await settle(page)
    expect(await analytics.requests()).toEqual([])
    await expect(page.locator('script[data-analytics]')).toHaveCount(0)
    expect(await gaCookies(context)).toEqual([])
  })

  test('the dialog and the privacy policy name the provider and its cookies', async ({ page }) => {
    await page.goto('/')
    const dialog = consentDialog(page)
    const table = page.getByRole('table', {
      name: 'Cookies and local storage used on this website',
    })
    if (provider === 'ga4') {
      await expect(dialog).toContainText('Google Analytics')
      await expect(dialog).toContainText('_ga and _ga_<id>')
      await page.goto('/privacy-policy')
      await expect(table.getByRole('row', { name: /^_ga\b/ })).toContainText('2 years')
      await expect(table.getByRole('row', { name: /^_ga_TEST4CONSENT/ })).toBeVisible()
    } else {
      await expect(dialog).toContainText('Plausible Analytics')
      await expect(dialog).toContainText('sets no cookies')
      await page.goto('/privacy-policy')
      await expect(table.getByRole('row', { name: /^plausible_ignore/ })).toBeVisible()
    }
    await expect(page.locator('section#analytics-and-advertising')).not.toContainText(
      'does not currently use any analytics',
    )
  })

  test('after I Consent, page views are recorded, client-side navigations and reloads included', async ({
    page,
    analytics,
    context,
  }) => {
    await consentOnHome(page, analytics, provider)
    await expect(page.locator('script[data-analytics]')).toHaveCount(1)

    await openBlogInPage(page)
    await expect.poll(() => pageViews(analytics, provider)).toEqual(['/', '/blog'])

    await page.reload()
    await expect.poll(() => pageViews(analytics, provider)).toEqual(['/', '/blog', '/blog'])
    await expect(consentDialog(page)).toHaveCount(0)
    // Exactly one page view per page: the first is not also sent by gtag's own config.
    await settle(page)
    expect(await pageViews(analytics, provider)).toEqual(['/', '/blog', '/blog'])

    if (provider === 'ga4') {
      const names = (await gaCookies(context)).map((cookie) => cookie.name).sort()
      expect(names).toEqual(['_ga', '_ga_TEST4CONSENT'])
      const hits = (await analytics.requests()).filter((hit) => hit.path === '/g/collect')
      expect(hits.every((hit) => hit.params.gcs === 'G111' && hit.params.tid === GA4_ID)).toBe(true)
    } else {
      const events = (await analytics.requests()).filter((hit) => hit.path === '/api/event')
      expect(events.every((event) => event.params.d === PLAUSIBLE_DOMAIN)).toBe(true)
    }
  })

  for (const choice of ['Only Essential', 'Decline']) {
    test(`after ${choice}, nothing is requested on this page or any later one`, async ({
      page,
      analytics,
      context,
    }) => {
      await page.goto('/')
      await consentDialog(page).getByRole('button', { name: choice }).click()
      await expect(consentDialog(page)).toHaveCount(0)
      await openBlogInPage(page)
      await page.reload()
      await page.goto('/contact')
      await settle(page)
      await expect(consentDialog(page)).toHaveCount(0)
      expect(await analytics.requests()).toEqual([])
      expect(await gaCookies(context)).toEqual([])
    })

    test(`withdrawing with ${choice} under Cookie settings stops every request at once`, async ({
      page,
      analytics,
      context,
    }) => {
      await consentOnHome(page, analytics, provider)
      if (provider === 'ga4') await expect.poll(() => gaCookies(context)).toHaveLength(2)

      await cookieSettings(page).click()
      await consentDialog(page).getByRole('button', { name: choice }).click()
      await expect(consentDialog(page)).toHaveCount(0)
      await expect(page.locator('script[data-analytics]')).toHaveCount(0)
      expect(await gaCookies(context)).toEqual([])
      const before = (await analytics.requests()).length

      await openBlogInPage(page)
      await page.goBack()
      await page.reload()
      await openBlogInPage(page)
      await settle(page)
      expect((await analytics.requests()).slice(before)).toEqual([])
      expect(await gaCookies(context)).toEqual([])
      expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('declined')
    })
  }

  test('a consent is asked for again a year later, and holds until then', async ({
    page,
    analytics,
  }) => {
    await consentOnHome(page, analytics, provider)

    await page.clock.setFixedTime(Date.now() + 330 * DAY_MS)
    await page.reload()
    await expect.poll(() => pageViews(analytics, provider)).toEqual(['/', '/'])
    await settle(page)
    await expect(consentDialog(page)).toHaveCount(0)

    await page.clock.setFixedTime(Date.now() + 366 * DAY_MS)
    await page.reload()
    await expect(consentDialog(page)).toBeVisible()
    await settle(page)
    expect(await pageViews(analytics, provider)).toEqual(['/', '/'])
    await expect(page.locator('script[data-analytics]')).toHaveCount(0)
  })
}

/**
 * The legal pages' text never changes in the browser, so it keeps the server's markup while the
 * page hydrates (`app/components/kept-markup.tsx`): React does not walk it. What a visitor can
 * observe must not change: the kept text is the page's, its links to the site's pages navigate in
 * the app (no document load), its contents still jump to their sections, and a page reached by a
 * client-side navigation, where there is no server markup to keep, renders all of it.
 */
import type { Page } from '@playwright/test'

import { expect, test } from './fixtures'
import { rememberConsent } from './home-support'

/** Marks the document, so a test can tell a client-side navigation from a document load. */
async function markDocument(page: Page) {
  await page.evaluate(() => Object.assign(window, { keptMarkupDocument: true }))
}

function sameDocument(page: Page) {
  return page.evaluate(() => 'keptMarkupDocument' in window)
}

test.beforeEach(async ({ page }) => {
  await rememberConsent(page)
})

test('a legal text is the server markup after hydration, and its links navigate in the app', async ({
  page,
  consoleProblems,
}) => {
  await page.goto('/terms-of-service')
  const article = page.getByRole('article')
  await expect(article).toHaveAttribute('data-kept', /.+/)
  // Hydration left the kept element as the server wrote it.
  const unchanged = await page.evaluate(async () => {
    const served = new DOMParser().parseFromString(
      await (await fetch(location.pathname)).text(),
      'text/html',
    )
    const kept = document.querySelector('[data-kept]')!
    const selector = `[data-kept="${CSS.escape(kept.getAttribute('data-kept')!)}"]`
    return served.querySelector(selector)?.innerHTML === kept.innerHTML
  })
  expect(unchanged).toBe(true)

  // The contents are in-page anchors: the browser's own jump.
  await article.getByRole('link', { name: '9. Termination' }).click()
  await expect(page).toHaveURL(/#/)
  await expect(article.getByRole('heading', { name: '9. Termination' })).toBeInViewport()

  await markDocument(page)
  await article.getByRole('link', { name: 'Privacy Policy' }).click()
  await expect(page).toHaveURL(/\/privacy-policy$/)
  // The other document, rendered in the app: nothing kept for the first is shown for it.
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Your rights' })).toBeVisible()
  await expect(page.getByText('9. Termination')).toHaveCount(0)
  expect(await sameDocument(page), 'a kept link navigated in the app').toBe(true)
  expect(consoleProblems).toEqual([])
})

test('a modified click on a kept link is left to the browser', async ({ page }) => {
  await page.goto('/terms-of-service')
  await markDocument(page)
  const opened = page.context().waitForEvent('page')
  await page
    .getByRole('article')
    .getByRole('link', { name: 'Privacy Policy' })
    .click({ modifiers: ['ControlOrMeta'] })
  const tab = await opened
  await tab.waitForLoadState('domcontentloaded')
  expect(new URL(tab.url()).pathname).toBe('/privacy-policy')
  await tab.close()
  // The page itself stayed where it was.
  await expect(page).toHaveURL(/\/terms-of-service$/)
  expect(await sameDocument(page)).toBe(true)
})

test('a legal page reached in the app renders the text a served page keeps', async ({
  page,
  consoleProblems,
}) => {
  await page.goto('/blog')
  await markDocument(page)
  const footer = page.getByRole('contentinfo')

  await footer.getByRole('link', { name: 'Terms of Service' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: '9. Termination' })).toBeVisible()

  // Its links, rendered by React this time, navigate in the app as well.
  await page.getByRole('article').getByRole('link', { name: 'Privacy Policy' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Your rights' })).toBeVisible()
  expect(await sameDocument(page), 'every step navigated in the app').toBe(true)
  expect(consoleProblems).toEqual([])
})

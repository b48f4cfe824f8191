/**
 * Content that never changes in the browser keeps the server's markup while the page hydrates
 * (`app/components/kept-markup.tsx`): React does not walk it, so a phone's first tap waits less.
 * What a visitor can observe must not change: the kept text is the page's, its links to the
 * site's pages navigate in the app (no document load), and a page reached by a client-side
 * navigation, where there is no server markup to keep, renders all of it.
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

test('the kept parts of a page are the server markup, and their links navigate in the app', async ({
  page,
  consoleProblems,
}) => {
  await page.goto('/')
  const kept = page.locator('[data-kept]')
  // The hero, three more sections of the home page and the footer's links.
  await expect(kept).toHaveCount(5)
  const hero = page.locator('section#home')
  await expect(hero).toHaveAttribute('data-kept', /.+/)
  await expect(hero.getByRole('heading', { level: 1 })).toBeVisible()
  // Hydration left each kept element as the server wrote it.
  const differences = await page.evaluate(async () => {
    const served = new DOMParser().parseFromString(await (await fetch('/')).text(), 'text/html')
    const elements = [...document.querySelectorAll('[data-kept]')]
    return elements
      .filter((element) => {
        const selector = `[data-kept="${CSS.escape(element.getAttribute('data-kept')!)}"]`
        return served.querySelector(selector)?.innerHTML !== element.innerHTML
      })
      .map((element) => element.id || element.tagName)
  })
  expect(differences).toEqual([])

  await markDocument(page)
  const companyLinks = page.getByRole('navigation', { name: 'Company' })
  await companyLinks.getByRole('link', { name: 'Blog' }).click()
  await expect(page).toHaveURL(/\/blog$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(await sameDocument(page), 'a kept link navigated in the app').toBe(true)
  expect(consoleProblems).toEqual([])
})

test('a modified click on a kept link is left to the browser', async ({ page }) => {
  await page.goto('/')
  await markDocument(page)
  const blogLink = page.getByRole('navigation', { name: 'Company' }).getByRole('link', {
    name: 'Blog',
  })
  const opened = page.context().waitForEvent('page')
  await blogLink.click({ modifiers: ['ControlOrMeta'] })
  const tab = await opened
  await tab.waitForLoadState('domcontentloaded')
  expect(new URL(tab.url()).pathname).toBe('/blog')
  await tab.close()
  // The page itself stayed where it was.
  await expect(page).toHaveURL(/\/$/)
  expect(await sameDocument(page)).toBe(true)
})

test('pages reached in the app render the parts a served page keeps', async ({
  page,
  consoleProblems,
}) => {
  await page.goto('/privacy-policy')
  await markDocument(page)
  const footer = page.getByRole('contentinfo')

  // The served document's kept text gives way to the other document's.
  await footer.getByRole('link', { name: 'Terms of Service' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: '9. Termination' })).toBeVisible()
  await expect(page.getByText('Complaints and the ICO')).toHaveCount(0)

  await footer.getByRole('link', { name: 'Privacy Policy' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Your rights' })).toBeVisible()

  await page
    .getByRole('navigation', { name: 'Company' })
    .getByRole('link', { name: 'Solutions' })
    .click()
  await expect(page).toHaveURL(/\/#solutions$/)
  for (const heading of ['solutions', 'how-it-works', 'about']) {
    await expect(page.locator(`#${heading}-title`)).toBeVisible()
  }
  await expect(page.getByRole('link', { name: 'Explore Solutions' })).toBeVisible()
  expect(await sameDocument(page), 'every step navigated in the app').toBe(true)

  // A link inside a section rendered in the app still scrolls as the site's navigation does.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
  await page.getByRole('link', { name: 'Explore Solutions' }).click()
  await expect(page.locator('#solutions')).toBeInViewport()
  expect(consoleProblems).toEqual([])
})

/**
 * The pages stay valid HTML once the browser has run their JavaScript: the DOM after hydration of
 * every route, with the consent dialog and the thank-you dialog open, passes the W3C Nu Html
 * Checker. (The server's HTML of every page is checked in tests/integration/html-validity.test.ts.)
 */
import { nuErrors, type CheckedPage } from '../support/nu-checker'
import { EVERY_ROUTE } from '../support/routes'

import { expect, test } from './fixtures'

test('every page is valid HTML after hydration', async ({ page }) => {
  test.setTimeout(120_000)
  const pages: CheckedPage[] = []
  for (const route of EVERY_ROUTE) {
    await page.goto(route)
    if (route === '/') {
      await expect(page.getByRole('dialog', { name: 'Your privacy, your choice' })).toBeVisible()
    }
    if (route === '/contact?sent=1') {
      await expect(page.getByRole('dialog', { name: /Thank you/ })).toBeVisible()
    }
    pages.push({ name: `${route} after hydration`, html: await page.content() })
  }
  expect(await nuErrors(pages)).toEqual([])
})

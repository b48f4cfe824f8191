/**
 * Every route with JavaScript on, and with JavaScript off those whose markup differs without it,
 * with their dialogs and menus closed and open, passes every rule of axe-core; and a visitor using
 * only the keyboard can reach, fill in and send the home page's enquiry form. (The thank-you dialog after a sent enquiry is audited in contact.spec.ts.)
 */
import { waitLikeAPerson } from '../support/enquiry'
import { EVERY_ROUTE } from '../support/routes'

import { expectNoAxeViolations } from './axe'
import { expect, test } from './fixtures'

/**
 * Without JavaScript a page is the server's HTML, which hydration keeps: on most routes the scripts
 * only add to it (the footer's cookie settings, the consent dialog, toasts), so the audit with
 * JavaScript on covers it. These routes also have markup that only a page without JavaScript
 * shows: the enquiry forms as the server answers them, and the thank-you dialog the server opens
 * (`useHydrated` in app/enquiry/thank-you-dialog.tsx, app/components/ui/toaster.tsx).
 */
const DIFFERENT_WITHOUT_JAVASCRIPT = new Set<string>(['/', '/contact', '/contact?sent=1'])

for (const javaScriptEnabled of [true, false]) {
  const routes = javaScriptEnabled ? 'every route' : 'the routes whose markup differs'
  test.describe(`axe on ${routes}, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled })

    test.beforeEach(async ({ page }) => {
      // A stored choice keeps the consent dialog closed; it is audited open below.
      await page.addInitScript(() => window.localStorage.setItem('cookieConsent', 'declined'))
    })

    for (const route of EVERY_ROUTE) {
      if (!javaScriptEnabled && !DIFFERENT_WITHOUT_JAVASCRIPT.has(route)) continue
      test(`${route} has no violations`, async ({ page }) => {
        await page.goto(route)
        await expectNoAxeViolations(page)
      })
    }
  })
}

test.describe('axe with a dialog open', () => {
  test('the consent dialog, and each legal text opened from it', async ({ page }) => {
    await page.goto('/blog')
    const consent = page.getByRole('dialog', { name: 'Your privacy, your choice' })
    await expect(consent).toBeVisible()
    await expectNoAxeViolations(page)
    for (const name of ['Privacy Policy', 'Terms of Service']) {
      await consent.getByRole('link', { name }).click()
      const legal = page.getByRole('dialog', { name })
      await expect(legal).toBeVisible()
      await expectNoAxeViolations(page)
      await page.keyboard.press('Escape')
      await expect(legal).toBeHidden()
    }
  })

  for (const javaScriptEnabled of [true, false]) {
    test.describe(`JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
      test.use({ javaScriptEnabled, viewport: { width: 375, height: 800 } })

      test('the mobile menu', async ({ page }) => {
        await page.addInitScript(() => window.localStorage.setItem('cookieConsent', 'declined'))
        await page.goto('/contact')
        await page.getByLabel('Menu').click()
        await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible()
        await expectNoAxeViolations(page)
      })
    })
  }
})

test.describe('axe on the answer to a failed enquiry, JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test('/contact with every field message showing (400)', async ({ page }) => {
    await page.goto('/contact')
    const response = page.waitForResponse((answer) => answer.request().method() === 'POST')
    await page
      .locator('form[action="/contact"]')
      .getByRole('button', { name: 'Send Message' })
      .click()
    expect((await response).status()).toBe(400)
    await expect(page.getByText('First name is required')).toBeVisible()
    await expectNoAxeViolations(page)
  })
})

test('the keyboard alone reaches, fills in and sends the home page form', async ({
  page,
  mock,
}) => {
  await page.addInitScript(() => window.localStorage.setItem('cookieConsent', 'accepted'))
  await page.goto('/')

  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/#main$/)

  const firstName = page.locator('#home-firstName')
  for (let presses = 0; presses < 80; presses += 1) {
    await page.keyboard.press('Tab')
    if (await firstName.evaluate((element) => element === document.activeElement)) break
    // Every stop on the way is something the visitor can see.
    const focused = page.locator(':focus')
    await expect(focused).toBeVisible()
  }
  await expect(firstName).toBeFocused()

  const values = ['Ada', 'Lovelace', 'ada@example.co.uk', '+44 7700 900123', 'Analytical Ltd']
  for (const value of values) {
    await page.keyboard.type(value)
    await page.keyboard.press('Tab')
    // The phone field is followed by its hint, which is text, not a stop.
  }
  await expect(page.locator('#home-message')).toBeFocused()
  await page.keyboard.type('We miss calls while we are on site; can a voice agent help?')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Send Message' }).first()).toBeFocused()
  await waitLikeAPerson(page.locator('#contact form'))
  await page.keyboard.press('Enter')

  const dialog = page.getByRole('dialog', { name: /Thank you/ })
  await expect(dialog).toBeVisible()
  await expect(dialog.locator(':focus')).toHaveCount(1)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect
    .poll(async () => (await mock.enquiries()).map((entry) => entry.body.firstName))
    .toEqual(['Ada'])
})

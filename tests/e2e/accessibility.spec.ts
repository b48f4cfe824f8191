/**
 * Every route, with JavaScript on and off, passes axe-core's WCAG 2.2 AA rules; and a visitor
 * using only the keyboard can reach, fill in and send the home page's enquiry form.
 */
import { waitLikeAPerson } from '../support/enquiry'

import { expectNoAxeViolations } from './axe'
import { expect, test } from './fixtures'

const ROUTES = [
  '/',
  '/blog',
  '/blog/restaurant-ai-phone-bookings',
  '/blog/no-such-post',
  '/contact',
  '/contact?sent=1',
  '/privacy-policy',
  '/terms-of-service',
  '/no-such-page',
]

for (const javaScriptEnabled of [true, false]) {
  test.describe(`axe on every route, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled })

    test.beforeEach(async ({ page }) => {
      // A stored choice keeps the consent dialog closed; it is audited open below.
      await page.addInitScript(() => window.localStorage.setItem('cookieConsent', 'declined'))
    })

    for (const route of ROUTES) {
      test(`${route} has no violations`, async ({ page }) => {
        await page.goto(route)
        await expectNoAxeViolations(page)
      })
    }
  })
}

test('the blog has no violations with the consent dialog open', async ({ page }) => {
  await page.goto('/blog')
  await expect(page.getByRole('dialog', { name: 'Your privacy, your choice' })).toBeVisible()
  await expectNoAxeViolations(page)
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

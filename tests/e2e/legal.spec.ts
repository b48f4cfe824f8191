import type { Page } from '@playwright/test'

import { expect, test } from './fixtures'
import { rememberConsent, waitForScrollToSettle } from './home-support'

/** The sections each legal text must have, in this order. */
const PRIVACY_SECTIONS = [
  'The data we collect',
  'How we collect your data',
  'How we use your data and our lawful bases',
  'Who we share your data with',
  'Analytics and advertising',
  'International transfers',
  'How long we keep your data',
  'Your rights',
  'Complaints and the ICO',
  'How we keep your data secure',
  'Cookies and local storage',
  'Links to other websites',
  'Changes to this policy',
  'Contact us',
]

const TERMS_SECTIONS = [
  '1. Who we are',
  '2. Use of our website and services',
  '3. Your obligations',
  '4. Intellectual property',
  '5. Privacy, data protection and confidentiality',
  '6. Third-party tools and services',
  '7. Fees and payment',
  '8. Limitation of liability',
  '9. Termination',
  '10. Changes to these terms',
  '11. Governing law and jurisdiction',
  '12. Contact us',
]

const LEGAL_PAGES = [
  {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    dateLine: 'Last updated 25 July 2025',
    sections: PRIVACY_SECTIONS,
  },
  {
    path: '/terms-of-service',
    title: 'Terms of Service',
    dateLine: 'Effective 25 July 2025',
    sections: TERMS_SECTIONS,
  },
]

const main = (page: Page) => page.getByRole('main')

for (const javaScriptEnabled of [true, false]) {
  test.describe(`legal pages, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled })

    for (const legal of LEGAL_PAGES) {
      test(`${legal.path} shows its date, registration and every section in order`, async ({
        page,
        consoleProblems,
      }) => {
        const response = await page.goto(legal.path)
        expect(response?.status()).toBe(200)

        await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(legal.title)
        await expect(main(page).getByText(legal.dateLine, { exact: true })).toBeVisible()
        await expect(main(page).locator('time').first()).toHaveAttribute('datetime', '2025-07-25')
        await expect(main(page)).toContainText(
          'Brightwell AI Ltd is a company registered in England and Wales (company number',
        )
        await expect(main(page).getByRole('heading', { level: 2 })).toHaveText([
          'Contents',
          ...legal.sections,
        ])
        const contact = main(page).locator('section#contact-us')
        await expect(
          contact.getByRole('link', { name: 'hello@brightwell.example' }),
        ).toHaveAttribute('href', 'mailto:hello@brightwell.example')
        await expect(contact.getByRole('link', { name: '+44 20 7946 0958' })).toHaveAttribute(
          'href',
          'tel:+442079460958',
        )
        expect(consoleProblems).toEqual([])
      })

      test(`${legal.path} has a table of contents whose anchors reach each section`, async ({
        page,
      }) => {
        // A visitor who has answered the consent dialog: it would cover the contents' last links.
        await rememberConsent(page)
        await page.goto(legal.path)
        const contents = page.getByRole('navigation', { name: 'Contents' })
        const links = contents.getByRole('link')
        await expect(links).toHaveText(legal.sections)

        for (const link of await links.all()) {
          const href = await link.getAttribute('href')
          expect(href).toMatch(/^#[a-z-]+$/)
          await expect(
            page.locator(`${href} > h2`),
            `${href} must hold the heading its link names`,
          ).toHaveText((await link.textContent()) ?? '')
        }

        const target = legal.sections[10] ?? ''
        await contents.getByRole('link', { name: target }).click()
        await expect(page).toHaveURL(new RegExp(`${legal.path}#[a-z-]+$`))
        const heading = main(page).getByRole('heading', { level: 2, name: target })
        await expect(heading).toBeInViewport()
        // Clear of the fixed 64 px header.
        const top = await heading.evaluate((element) => element.getBoundingClientRect().top)
        expect(top).toBeGreaterThanOrEqual(64)
      })
    }

    // Static markup that reads no hydration state: its text is the server's, as the tests above
    // show without JavaScript for every section, so it is read once, with JavaScript on.
    if (javaScriptEnabled) {
      test('the privacy policy sets out purposes and lawful bases in a real table', async ({
        page,
      }) => {
        await page.goto('/privacy-policy')
        const table = page.getByRole('table', { name: /lawful basis/i })
        await expect(table.getByRole('columnheader')).toHaveText([
          'Purpose',
          'Data',
          'Lawful basis',
        ])
        await expect(
          table.getByRole('row', { name: /Arranging and holding a discovery call/ }),
        ).toContainText('Taking steps at your request before entering into a contract')
        await expect(table.getByRole('row', { name: /Invoicing/ })).toContainText(
          'Legal obligation',
        )
        await expect(table.getByRole('row', { name: /analytics or advertising/ })).toContainText(
          'Consent',
        )
      })

      test('the privacy policy names the enquiry fields, the stored consent and the toast cookie', async ({
        page,
      }) => {
        await page.goto('/privacy-policy')
        const collected = main(page).locator('section#data-we-collect')
        for (const field of [
          'first name',
          'last name',
          'email address',
          'phone number',
          'business name',
        ]) {
          await expect(collected.getByRole('listitem').filter({ hasText: field })).toHaveCount(1)
        }
        await expect(collected).toContainText('WhatsApp')
        await expect(collected).toContainText('scheduling service')

        const cookies = page.getByRole('table', {
          name: 'Cookies and local storage used on this website',
        })
        const consent = cookies.getByRole('row', { name: /^cookieConsent/ })
        await expect(consent).toContainText('Local storage')
        await expect(consent).toContainText('‘accepted’')
        await expect(consent).toContainText('‘declined’')
        const toast = cookies.getByRole('row', { name: /^toast/ })
        await expect(toast).toContainText('strictly necessary')
        await expect(toast).toContainText('HttpOnly')
        await expect(toast).toContainText('SameSite=Lax')
      })

      test('the privacy policy tells visitors how to complain to the ICO', async ({ page }) => {
        await page.goto('/privacy-policy')
        const complaints = main(page).locator('section#complaints')
        await expect(complaints).toContainText('Information Commissioner’s Office (ICO)')
        await expect(complaints).toContainText('0303 123 1113')
        await expect(complaints).toContainText(
          'Wycliffe House, Water Lane, Wilmslow, Cheshire SK9 5AF',
        )
        const ico = complaints.getByRole('link', { name: /ico\.org\.uk/ })
        await expect(ico).toHaveAttribute('href', 'https://ico.org.uk/make-a-complaint/')
        await expect(ico).toHaveAttribute('target', '_blank')
        await expect(ico).toHaveAttribute('rel', 'noopener noreferrer')
      })

      test('the terms bill in GBP under English law and link to the privacy policy', async ({
        page,
      }) => {
        await page.goto('/terms-of-service')
        await expect(main(page).locator('section#who-we-are')).toContainText(
          'business customers only',
        )
        await expect(main(page).locator('section#payment')).toContainText('pounds sterling (GBP)')
        await expect(main(page).locator('section#termination')).toContainText('notice by email')
        await expect(main(page).locator('section#governing-law')).toContainText(
          'governed by the laws of England and Wales',
        )

        await main(page)
          .locator('section#privacy')
          .getByRole('link', { name: 'Privacy Policy' })
          .click()
        await expect(page).toHaveURL(/\/privacy-policy$/)
        await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Privacy Policy')
      })
    }
  })
}

test.describe('meta', () => {
  for (const legal of LEGAL_PAGES) {
    test(`${legal.path} has its own title, description and canonical address`, async ({
      page,
      baseURL,
    }) => {
      await page.goto(legal.path)
      await expect(page).toHaveTitle(`${legal.title} | Brightwell AI`)
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        'content',
        /Brightwell AI Ltd/,
      )
      // The test stack's SITE_URL is the server's own origin on localhost.
      const port = new URL(baseURL ?? '').port
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        `http://localhost:${port}${legal.path}`,
      )
    })
  }
})

test('on a phone the text fits the screen and the tables scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto('/privacy-policy')
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(pageWidth).toBeLessThanOrEqual(375)

  const tableBox = page.getByRole('region', { name: /lawful basis/i })
  const overflow = await tableBox.evaluate((box) => box.scrollWidth - box.clientWidth)
  expect(overflow).toBeGreaterThan(0)
  // Keyboard users can reach the scrolling box and scroll it with the arrow keys.
  await expect(tableBox).toHaveAttribute('tabindex', '0')
})

test('printing shows the legal text without the site furniture', async ({ page }) => {
  await page.goto('/terms-of-service')
  await page.emulateMedia({ media: 'print' })
  await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible()
  await expect(main(page).getByRole('heading', { name: '12. Contact us' })).toBeAttached()
  await expect(page.getByRole('banner')).toBeHidden()
  await expect(page.getByRole('contentinfo')).toBeHidden()
  await expect(page.getByRole('link', { name: /WhatsApp/ })).toBeHidden()
  await expect(page.getByRole('navigation', { name: 'Contents' })).toBeHidden()
})

/*
 * The header's return-to-home behaviour (first / then the section, 100 ms later) lives in site-header.tsx, built in the
 * home branch; these tests describe what a visitor sees on the legal pages.
 */
test.describe('header on the legal pages, JavaScript on', () => {
  for (const { path, label, sectionId } of [
    { path: '/privacy-policy', label: 'Solutions', sectionId: 'solutions' },
    { path: '/terms-of-service', label: 'How it works', sectionId: 'how-it-works' },
  ]) {
    test(`'${label}' on ${path} goes home and scrolls to #${sectionId}`, async ({
      page,
      consoleProblems,
    }) => {
      await page.goto(path)
      await page.mouse.wheel(0, 1500)
      await page.waitForFunction(() => window.scrollY > 500)
      await waitForScrollToSettle(page)
      await page
        .getByRole('banner')
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: label })
        .click()
      await expect.poll(() => page.evaluate(() => location.pathname)).toBe('/')
      // The home page opens at the top and the scroll to the section starts 100 ms after it
      // renders: the section is waited for until it arrives, then until the scroll is over. (A
      // wait for any scroll at all could end on the legal page's own, before the home page's.)
      const sectionTop = () =>
        page.locator(`#${sectionId}`).evaluate((element) => element.getBoundingClientRect().top)
      await expect.poll(sectionTop).toBeLessThan(150)
      await waitForScrollToSettle(page)
      const top = await sectionTop()
      // At the top of the viewport, below the fixed header, allowing for scroll padding.
      expect(top).toBeGreaterThanOrEqual(0)
      expect(top).toBeLessThan(150)
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
      expect(consoleProblems).toEqual([])
    })
  }

  test('the logo on the privacy policy goes back to the top of the home page', async ({ page }) => {
    await page.goto('/privacy-policy')
    await page.mouse.wheel(0, 1500)
    await page.waitForFunction(() => window.scrollY > 500)
    await waitForScrollToSettle(page)
    await page.getByRole('banner').getByRole('link', { name: 'Brightwell AI home' }).click()
    await expect.poll(() => page.evaluate(() => location.pathname)).toBe('/')
    await waitForScrollToSettle(page)
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(5)
    await expect(page.locator('#home')).toBeInViewport()
  })
})

test.describe('header on the legal pages, JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test('section links are plain links to the home page anchors', async ({ page }) => {
    await page.goto('/privacy-policy')
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link', { name: 'Solutions' })).toHaveAttribute(
      'href',
      '/#solutions',
    )
    await nav.getByRole('link', { name: 'Solutions' }).click()
    await expect(page).toHaveURL(/\/#solutions$/)
    await expect(page.locator('#solutions')).toBeInViewport()
  })
})

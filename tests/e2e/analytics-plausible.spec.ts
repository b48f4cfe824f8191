/** Analytics after consent with Plausible's stand-in; 'Cookie settings' and a change of setting. */
import { startStack } from '../support/stack'

import {
  analyticsEnv,
  consentDialog,
  cookieSettings,
  describeProvider,
  expect,
  pageViews,
  settle,
  test,
} from './analytics-support'
import { expectNoAxeViolations } from './axe'
import { rememberConsent } from './home-support'

test.use({ provider: 'plausible' })

describeProvider('plausible')

test.describe('a consent given for another analytics setting', () => {
  test('a consent given when the site had no analytics consents to nothing', async ({
    page,
    analytics,
  }) => {
    // What a visitor who accepted before analytics existed has stored.
    await rememberConsent(page, 'accepted')
    await page.goto('/')
    await expect(consentDialog(page)).toBeVisible()
    await settle(page)
    expect(await analytics.requests()).toEqual([])
  })

  test('a consent given for Plausible is asked for again when the site moves to GA4', async ({
    page,
    analytics,
    standIn,
  }) => {
    // It starts a second server, set up with GA4.
    test.slow()
    await page.goto('/')
    await consentDialog(page).getByRole('button', { name: 'I Consent' }).click()
    await expect.poll(() => pageViews(analytics, 'plausible')).toEqual(['/'])
    const stored = await page.evaluate(() => ({ ...localStorage }))
    expect(stored).toMatchObject({ cookieConsent: 'accepted', cookieConsentAnalytics: 'plausible' })

    // The same browser storage, on a site now set up with GA4.
    const ga4Site = await startStack(analyticsEnv('ga4', standIn))
    try {
      await page.addInitScript((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value)
      }, stored)
      await analytics.reset()
      await page.goto(ga4Site.baseUrl)
      await expect(consentDialog(page)).toBeVisible()
      await expect(consentDialog(page)).toContainText('Google Analytics')
      await settle(page)
      expect(await analytics.requests()).toEqual([])
    } finally {
      await ga4Site.stop()
    }
  })
})

test.describe('Cookie settings', () => {
  test('opens the dialog again from the keyboard, and gives focus back', async ({
    page,
    analytics,
  }) => {
    await page.goto('/')
    await consentDialog(page).getByRole('button', { name: 'Only Essential' }).click()
    await expect(consentDialog(page)).toHaveCount(0)

    await cookieSettings(page).focus()
    await page.keyboard.press('Enter')
    await expect(consentDialog(page)).toBeVisible()
    await expect(consentDialog(page)).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(consentDialog(page)).toHaveCount(0)
    await expect(cookieSettings(page)).toBeFocused()
    expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('declined')

    await page.keyboard.press('Space')
    await expect(consentDialog(page)).toBeVisible()
    // Focus moves into the dialog once it has opened; a Tab before that would start from the page.
    await expect(consentDialog(page)).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(consentDialog(page).getByRole('link', { name: 'Privacy Policy' })).toBeFocused()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await expect(consentDialog(page).getByRole('button', { name: 'I Consent' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(consentDialog(page)).toHaveCount(0)
    await expect(cookieSettings(page)).toBeFocused()
    await expect.poll(() => pageViews(analytics, 'plausible')).toEqual(['/'])
  })

  test('the reopened dialog has no accessibility violations', async ({ page }) => {
    await page.goto('/')
    await consentDialog(page).getByRole('button', { name: 'I Consent' }).click()
    await cookieSettings(page).click()
    await expect(consentDialog(page)).toBeVisible()
    await expectNoAxeViolations(page)
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('is not offered, and nothing is loaded from the provider', async ({ page, analytics }) => {
      await page.goto('/')
      await expect(page.getByRole('contentinfo')).toBeVisible()
      await expect(page.getByRole('button', { name: 'Cookie settings' })).toHaveCount(0)
      await expect(page.getByRole('link', { name: 'Privacy Policy' }).last()).toBeVisible()
      expect(await analytics.requests()).toEqual([])
    })
  })
})

/** The cookie consent dialog and the legal texts as modals. */
import type { Page } from '@playwright/test'

import { privacyPolicy } from '../../app/content/legal/privacy-policy'
import { termsOfService } from '../../app/content/legal/terms-of-service'

import { expectNoAxeViolations } from './axe'
import { expect, test } from './fixtures'
import { rememberConsent, waitForHydration } from './home-support'
import {
  pageTime,
  recordLoad,
  recordWhenPresent,
  runQueuedTasks,
  stopPageClock,
} from './page-clock'

function consentDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Your privacy, your choice' })
}

function storedConsent(page: Page) {
  return page.evaluate(() => localStorage.getItem('cookieConsent'))
}

/** With nothing stored, the dialog appears this long after the page has loaded. */
const COOKIE_DIALOG_DELAY_MS = 1000

/** The dialog's own code, fetched after hydration only when it is needed. */
const DIALOG_CHUNK = /\/cookie-consent-dialog-[^/]+\.js$/

/**
 * With the page clock stopped from before the page loads, notes in page-clock time when the page
 * loaded, hydrated and first showed a dialog.
 */
async function recordConsentTimeline(page: Page) {
  await stopPageClock(page)
  await recordLoad(page)
  await recordWhenPresent(page, 'hydrated', 'html[data-hydrated]')
  await recordWhenPresent(page, 'shown', '[role="dialog"]')
}

async function timeline(page: Page) {
  const [load, hydrated, shown] = await Promise.all(
    ['load', 'hydrated', 'shown'].map((name) => pageTime(page, name)),
  )
  return { load: load!, hydrated: hydrated!, shown }
}

/** From now on, how many times the page asks for the dialog's code. */
function countDialogCodeRequests(page: Page) {
  let count = 0
  page.on('request', (request) => {
    if (DIALOG_CHUNK.test(request.url())) count += 1
  })
  return () => count
}

/**
 * Runs the stopped page clock well past the dialog's delay, lets the page run what that started,
 * and checks that no dialog came.
 */
async function expectNoDialogWhenDue(page: Page) {
  await page.clock.runFor(3 * COOKIE_DIALOG_DELAY_MS)
  await runQueuedTasks(page)
  await expect(page.getByRole('dialog')).toHaveCount(0)
}

test.describe('cookie consent with JavaScript', () => {
  test('appears 1000 ms after the page has loaded when nothing is stored, by the page clock', async ({
    page,
    consoleProblems,
  }) => {
    await recordConsentTimeline(page)
    const dialogCode = page.waitForResponse((response) => DIALOG_CHUNK.test(response.url()))
    await page.goto('/')
    // Its code is there, so only the clock can hold the dialog back.
    await dialogCode
    await runQueuedTasks(page)
    await page.clock.runFor(COOKIE_DIALOG_DELAY_MS - 1)
    await runQueuedTasks(page)
    expect((await timeline(page)).shown).toBeUndefined()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await page.clock.runFor(1)
    await expect(consentDialog(page)).toBeVisible()
    const { load, shown } = await timeline(page)
    expect(shown! - load).toBe(COOKIE_DIALOG_DELAY_MS)
    expect(await storedConsent(page)).toBeNull()
    expect(consoleProblems).toEqual([])
  })

  // A slow phone: the code that hydrates arrives after the load event. The second still counts
  // from the load event, so a page that hydrates after it shows the dialog at once.
  for (const hydratesAfterLoadMs of [400, 1500]) {
    test(`counts the second from the load event when the page hydrates ${hydratesAfterLoadMs} ms after it`, async ({
      page,
    }) => {
      await recordConsentTimeline(page)
      let releaseCode!: () => void
      const codeReleased = new Promise<void>((resolve) => (releaseCode = resolve))
      await page.route(/\/build\/entry\.client-[^/]+\.js$/, async (route) => {
        await codeReleased
        await route.continue()
      })
      const dialogCode = page.waitForResponse((response) => DIALOG_CHUNK.test(response.url()))
      const opened = page.goto('/')
      await page.waitForFunction(() => document.readyState === 'complete')
      await page.clock.runFor(hydratesAfterLoadMs)
      releaseCode()
      await opened
      await dialogCode
      await runQueuedTasks(page)
      const { load, hydrated } = await timeline(page)
      expect(hydrated - load).toBe(hydratesAfterLoadMs)

      const due = Math.max(COOKIE_DIALOG_DELAY_MS, hydratesAfterLoadMs)
      await page.clock.runFor(load + due - hydrated)
      await expect(consentDialog(page)).toBeVisible()
      expect((await timeline(page)).shown! - load).toBe(due)
      expect(await storedConsent(page)).toBeNull()
    })
  }

  for (const [button, stored] of [
    ['I Consent', 'accepted'],
    ['Only Essential', 'declined'],
    ['Decline', 'declined'],
  ] as const) {
    test(`'${button}' stores ${stored}, closes the dialog and keeps it closed`, async ({
      page,
      consoleProblems,
    }) => {
      // A running page clock: runFor() leaps past the dialog's delay at once.
      await page.clock.install()
      await page.goto('/')
      await page.clock.runFor(COOKIE_DIALOG_DELAY_MS)
      const dialog = consentDialog(page)
      await expect(dialog).toBeVisible()
      await dialog.getByRole('button', { name: button, exact: true }).click()
      await expect(dialog).toHaveCount(0)
      expect(await storedConsent(page)).toBe(stored)

      const dialogCodeRequests = countDialogCodeRequests(page)
      await page.reload()
      await waitForHydration(page)
      await expectNoDialogWhenDue(page)
      // Also after a client-side visit to another page.
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Blog' })
        .click()
      await expect(page).toHaveURL(/\/blog$/)
      await expectNoDialogWhenDue(page)
      expect(dialogCodeRequests()).toBe(0)
      expect(consoleProblems).toEqual([])
    })
  }

  test('never appears while a choice is stored', async ({ page }) => {
    await rememberConsent(page, 'accepted')
    await stopPageClock(page)
    const dialogCodeRequests = countDialogCodeRequests(page)
    await page.goto('/')
    await expectNoDialogWhenDue(page)
    expect(dialogCodeRequests()).toBe(0)
  })

  test('appears on a first visit to any page', async ({ page }) => {
    await page.goto('/blog')
    await expect(consentDialog(page)).toBeVisible()
  })

  test('takes focus when nothing else has it, without blocking the page', async ({ page }) => {
    await page.goto('/')
    const dialog = consentDialog(page)
    await expect(dialog).toBeVisible()
    await expect(dialog).toBeFocused()
    await expect(dialog).toHaveAttribute('aria-describedby', /.+/)
    // Non-modal: the page behind it still works.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Contact' })
      .click()
    await expect(page).toHaveURL(/\/#contact$/)
    await expect(dialog).toBeVisible()
  })

  test('does not take focus from a visitor who is already on a control', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    const explore = page.getByRole('link', { name: 'Explore Solutions' })
    await explore.focus()
    await expect(consentDialog(page)).toBeVisible()
    await expect(explore).toBeFocused()
  })

  for (const [label, doc] of [
    ['Privacy Policy', privacyPolicy],
    ['Terms of Service', termsOfService],
  ] as const) {
    test(`its ${label} link opens the text as an accessible modal above the dialog`, async ({
      page,
      consoleProblems,
    }) => {
      await page.goto('/')
      const consent = consentDialog(page)
      await expect(consent).toBeVisible()
      const link = consent.getByRole('link', { name: label })
      await expect(link).toHaveAttribute('href', doc.path)
      await link.click()

      const modal = page.getByRole('dialog', { name: doc.title })
      await expect(modal).toBeVisible()
      await expect(page).not.toHaveURL(new RegExp(doc.path))
      // The same source as the page: every section of the document is in the modal.
      for (const section of doc.sections) await expect(modal).toContainText(section.title)
      // Focus moved in; the modal sits above the consent dialog, which is inert behind it.
      await expect
        .poll(() => modal.evaluate((element) => element.contains(document.activeElement)))
        .toBe(true)
      expect(await modal.evaluate((element) => element.matches(':modal'))).toBe(true)
      const box = (await consent.boundingBox())!
      const hitInsideConsent = await consent.evaluate(
        (element, point) => element.contains(document.elementFromPoint(point.x, point.y)),
        { x: box.x + box.width / 2, y: box.y + box.height / 2 },
      )
      expect(hitInsideConsent).toBe(false)

      await page.keyboard.press('Escape')
      await expect(modal).toBeHidden()
      await expect(link).toBeFocused()
      await expect(consent).toBeVisible()
      expect(await storedConsent(page)).toBeNull()
      expect(consoleProblems).toEqual([])
    })
  }

  test('the legal modal closes with its Close button and with the cross', async ({ page }) => {
    await page.goto('/')
    const consent = consentDialog(page)
    const link = consent.getByRole('link', { name: 'Privacy Policy' })
    const modal = page.getByRole('dialog', { name: 'Privacy Policy' })

    await link.click()
    await expect(modal).toBeVisible()
    await modal.getByRole('button', { name: 'Close', exact: true }).click()
    await expect(modal).toBeHidden()
    await expect(link).toBeFocused()

    await link.click()
    await expect(modal).toBeVisible()
    await modal.getByRole('button', { name: 'Close dialog' }).click()
    await expect(modal).toBeHidden()
    await expect(consent).toBeVisible()
  })

  test('a modified click on a legal link keeps the browser behaviour (a link to the page)', async ({
    page,
    context,
  }) => {
    await page.goto('/')
    const link = consentDialog(page).getByRole('link', { name: 'Terms of Service' })
    const [opened] = await Promise.all([
      context.waitForEvent('page'),
      link.click({ modifiers: ['ControlOrMeta'] }),
    ])
    await expect(opened).toHaveURL(/\/terms-of-service$/)
    await expect(page.getByRole('dialog', { name: 'Terms of Service' })).toHaveCount(0)
    await opened.close()
  })

  test('has no axe-core violations at 375 px with the dialog open', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto('/')
    await expect(consentDialog(page)).toBeVisible()
    await expectNoAxeViolations(page)
  })
})

test.describe('cookie consent without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('no dialog is rendered and nothing is stored', async ({ page }) => {
    await page.goto('/')
    await page.waitForTimeout(1500)
    await expect(page.getByRole('dialog')).toHaveCount(0)
    expect(await storedConsent(page)).toBeNull()
  })
})

test('before consent the site sets only the strictly necessary form cookie and loads no third-party script', async ({
  page,
  context,
}) => {
  const requestedHosts = new Set<string>()
  page.on('request', (request) => requestedHosts.add(new URL(request.url()).host))
  await page.goto('/')
  await expect(consentDialog(page)).toBeVisible()
  // When the enquiry form was served: sent back only with the form (to its page's address, and to
  // that page's data, where a JavaScript submission goes), gone with the browser session.
  const formCookie = (path: string) =>
    expect.objectContaining({
      name: 'form_served_at',
      path,
      expires: -1,
      httpOnly: true,
      sameSite: 'Lax',
    })
  expect(await context.cookies()).toEqual(
    expect.arrayContaining([formCookie('/contact'), formCookie('/contact.data')]),
  )
  expect(await context.cookies()).toHaveLength(2)
  expect([...requestedHosts]).toEqual([new URL(page.url()).host])
})

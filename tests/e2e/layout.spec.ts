import type { Page } from '@playwright/test'

import { expect, test } from './fixtures'
import { scrollInstantly, scrollY, waitForHydration } from './home-support'
import { describeWithJavaScriptOnAndOff } from './javascript-on-and-off'
import { SMOKE } from './smoke'

describeWithJavaScriptOnAndOff('shared layout', () => {
  test(
    'every page has the header, footer and WhatsApp button',
    SMOKE,
    async ({ page, consoleProblems }) => {
      for (const path of ['/', '/blog', '/privacy-policy', '/terms-of-service', '/contact']) {
        await page.goto(path)
        const header = page.getByRole('banner')
        await expect(
          header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }),
        ).toHaveAttribute('href', '/blog')
        await expect(page.getByRole('contentinfo')).toContainText('© 2025')
        const whatsapp = page.getByRole('link', {
          name: 'Chat with us on WhatsApp (opens in a new tab)',
        })
        await expect(whatsapp).toHaveAttribute('href', 'https://wa.me/442079460958')
        await expect(whatsapp).toHaveAttribute('target', '_blank')
      }
      expect(consoleProblems).toEqual([])
    },
  )

  test('the discovery call link opens the scheduler in a new tab', async ({ page }) => {
    await page.goto('/')
    const book = page.getByRole('banner').getByRole('link', { name: 'Book a Discovery Call' })
    await expect(book).toHaveAttribute('href', /^https:\/\//)
    await expect(book).toHaveAttribute('target', '_blank')
    await expect(book).toHaveAttribute('rel', /noopener/)
  })

  test('an unknown address shows the 404 page inside the layout', async ({ page }) => {
    const response = await page.goto('/this/does/not/exist')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
    await expect(page.getByRole('banner')).toBeVisible()
    await page.getByRole('link', { name: 'Go to the home page' }).click()
    await expect(page).toHaveURL(/\/$/)
  })

  test('the mobile menu opens and its links work', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto('/blog')
    await page.getByLabel('Menu').click()
    const mobile = page.getByRole('navigation', { name: 'Mobile' })
    await expect(mobile).toBeVisible()
    await mobile.getByRole('link', { name: 'About' }).click()
    await expect(page).toHaveURL(/\/#about$/)
  })
})

/**
 * Records, from now on, the main heading and scroll position of every frame the page draws, so a
 * test can tell a page that opens in place from one that glides there.
 */
async function recordFrames(page: Page) {
  await page.evaluate(() => {
    const frames: Array<{ heading: string; y: number }> = []
    Object.assign(window, { recordedFrames: frames })
    const record = () => {
      frames.push({ heading: document.querySelector('h1')?.textContent ?? '', y: window.scrollY })
      requestAnimationFrame(record)
    }
    requestAnimationFrame(record)
  })
}

async function framesShowing(page: Page, heading: string) {
  // Two more frames, so the last change is drawn and recorded.
  return page.evaluate(async (shown) => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    const { recordedFrames } = window as unknown as {
      recordedFrames: Array<{ heading: string; y: number }>
    }
    return recordedFrames.filter((frame) => frame.heading === shown).map((frame) => frame.y)
  }, heading)
}

test('a new page opens at the top at once, and Back returns to the old position at once', async ({
  page,
}) => {
  await page.goto('/')
  const homeHeading = (await page.getByRole('heading', { level: 1 }).textContent())!
  await scrollInstantly(page, 3000)
  const homeY = await scrollY(page)
  expect(homeY).toBeGreaterThan(500)

  await recordFrames(page)
  await page.getByRole('banner').getByRole('link', { name: 'Blog', exact: true }).click()
  await expect(page).toHaveURL(/\/blog$/)
  // The address changes before the new page is rendered: wait for its heading, not the old one.
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(homeHeading)
  const blogHeading = (await page.getByRole('heading', { level: 1 }).textContent())!
  const blogFrames = await framesShowing(page, blogHeading)
  expect(blogFrames.length).toBeGreaterThan(0)
  expect(blogFrames.filter((y) => y !== 0)).toEqual([])

  await recordFrames(page)
  await page.goBack()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(homeHeading)
  const homeFrames = await framesShowing(page, homeHeading)
  expect(homeFrames.length).toBeGreaterThan(0)
  expect(homeFrames.filter((y) => Math.abs(y - homeY) > 1)).toEqual([])
})

for (const path of ['/', '/blog', '/privacy-policy']) {
  test(`${path} is painted before its JavaScript is requested, and then hydrates`, async ({
    page,
    consoleProblems,
  }) => {
    await page.goto(path)
    await waitForHydration(page)
    const { paintedAt, scriptsRequestedAt } = await page.evaluate(() => ({
      paintedAt: performance.getEntriesByName('first-paint')[0]?.startTime,
      scriptsRequestedAt: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/build\/.+\.js$/.test(new URL(entry.name).pathname))
        .map((entry) => entry.startTime),
    }))
    expect(paintedAt).toBeDefined()
    expect(scriptsRequestedAt.length).toBeGreaterThan(5)
    expect(Math.min(...scriptsRequestedAt)).toBeGreaterThanOrEqual(paintedAt!)
    expect(consoleProblems).toEqual([])
  })
}

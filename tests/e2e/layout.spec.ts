import { expect, test } from './fixtures'
import { waitForHydration, waitForScrollToSettle } from './home-support'

for (const javaScriptEnabled of [true, false]) {
  test.describe(`shared layout, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled })

    test('every page has the header, footer and WhatsApp button', async ({
      page,
      consoleProblems,
    }) => {
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
    })

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
}

test('a new page opens scrolled to the top', async ({ page }) => {
  await page.goto('/')
  await page.mouse.wheel(0, 3000)
  await page.waitForFunction(() => window.scrollY > 500)
  await waitForScrollToSettle(page)
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click()
  await expect(page).toHaveURL(/privacy-policy/)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
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

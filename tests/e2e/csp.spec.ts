/**
 * The CSP names the inline scripts the app writes, and no other: a `<script>` that reaches a page
 * any other way does not run. Here a sanitiser lets a hostile post's scripts through, and Chromium
 * refuses them while the page's own scripts run.
 */
import { startStack } from '../support/stack'
import { withoutSanitiser } from '../support/without-sanitiser'

import { expect, test } from './fixtures'
import { rememberConsent } from './home-support'

const POST = '/blog/xss-test-one'

type Refusal = { directive: string; blocked: string }
type WatchedWindow = Window & { __xss?: unknown; __refused?: Refusal[] }

test.use({
  javaScriptEnabled: true,
  // The post's <script> elements (one in an <svg>) and its onerror handlers, refused on purpose.
  expectedCspViolations: [/^script-src-(elem|attr) blocked inline on \/blog\/xss-test-one$/],
})

test("a script the sanitiser let into a post does not run: the page's policy refuses it", async ({
  page,
}) => {
  // A server of its own, whose sanitiser lets everything through.
  test.slow()
  const folder = withoutSanitiser()
  const stack = await startStack({}, { root: folder.root, mock: { posts: 'hostile' } })
  try {
    await rememberConsent(page)
    await page.addInitScript(() => {
      const refused: Refusal[] = []
      ;(window as WatchedWindow).__refused = refused
      document.addEventListener('securitypolicyviolation', (event) => {
        refused.push({ directive: event.effectiveDirective, blocked: event.blockedURI })
      })
    })

    // The fixture's goto returns once React has hydrated: the app's own scripts ran.
    const response = await page.goto(`${stack.baseUrl}${POST}`)
    expect(await response?.text()).toContain('<script>window.__xss=1</script>')
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '')
    await expect(page.getByRole('heading', { name: 'A safe heading' })).toBeVisible()

    expect(await page.evaluate(() => (window as WatchedWindow).__xss)).toBeUndefined()
    const refused = await page.evaluate(() => (window as WatchedWindow).__refused)
    expect(refused).toContainEqual({
      directive: expect.stringMatching(/^script-src(-elem)?$/),
      blocked: 'inline',
    })
  } finally {
    await stack.stop()
    folder.remove()
  }
})

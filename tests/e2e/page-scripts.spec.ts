/**
 * What the server does to a rendered page (its scripts held until the first paint, their hashes
 * in the CSP) depends on the elements, not on one framework version's markup: a page written as
 * another version would write it (another context global, attributes written another way, the
 * data stream after `</html>`) goes through the same code and still loads its scripts and starts.
 */
import { pageScripts } from '../../app/page-scripts.server'
import { contentSecurityPolicy } from '../../server/security-headers'

import { expect, test } from './fixtures'

const OTHER_VERSION_PAGE = `<!DOCTYPE html>
<html lang="en"><head><meta charset=utf-8><title>Another version</title></head>
<body><main><h1>Written by another version</h1>
<p>A post<script>window.__pwned = true</script></p></main><footer>Footer</footer>
<script>window.__scrollRestored = true</script>
<LINK REL=modulepreload HREF='/other-version/entry.js'>
<script>window.__reactRouterContext = { stream: [] }</script>
<script type=module async>import '/other-version/entry.js'</script>
</body></html>
<!--$?--><script>window.__reactRouterContext.stream.push('first')</script><!--/$-->
<!--$?--><script>window.__reactRouterContext.stream.push('last')
window.__reactRouterContext.onEnd && window.__reactRouterContext.onEnd()</script><!--/$-->`

/** The other version's client: it starts once the data stream has ended. */
const ENTRY = `const context = window.__reactRouterContext
const start = () => { document.documentElement.dataset.hydrated = context.stream.join(' ') }
if (context.stream.includes('last')) start()
else context.onEnd = start`

test.use({ expectedCspViolations: [/^script-src-elem blocked inline on \/other-version\/$/] })

test('a page written by another framework version loads its scripts after the first paint and starts', async ({
  page,
  baseURL,
}) => {
  const { html, scriptHashes } = pageScripts(OTHER_VERSION_PAGE, { holdScripts: true })
  const policy = contentSecurityPolicy({ siteUrl: baseURL!, isProduction: true, analytics: null })
  await page.route('**/other-version/', (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      headers: { 'content-security-policy': policy(scriptHashes) },
      body: html,
    }),
  )
  await page.route('**/other-version/entry.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: ENTRY }),
  )

  // Returns once the page has started (`<html data-hydrated>`).
  await page.goto('/other-version/')
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'first last')
  const seen = await page.evaluate(() => ({
    hostile: (window as { __pwned?: boolean }).__pwned,
    scrollRestored: (window as { __scrollRestored?: boolean }).__scrollRestored,
    paintedAt: performance.getEntriesByName('first-paint')[0]?.startTime,
    entryRequestedAt: performance
      .getEntriesByType('resource')
      .find((entry) => entry.name.endsWith('/other-version/entry.js'))?.startTime,
  }))
  // The script that reached the content is refused by the CSP; the page's own ran.
  expect(seen.hostile).toBeUndefined()
  expect(seen.scrollRestored).toBe(true)
  expect(seen.paintedAt).toBeDefined()
  expect(seen.entryRequestedAt).toBeGreaterThanOrEqual(seen.paintedAt!)
})

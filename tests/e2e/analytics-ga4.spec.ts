/** Analytics after consent with a stand-in for Google's gtag.js. */
import {
  consentDialog,
  cookieSettings,
  describeProvider,
  expect,
  gaCookies,
  pageViews,
  test,
} from './analytics-support'

test.use({ provider: 'ga4' })

describeProvider('ga4')

test('withdrawal deletes the GA cookies gtag set on the parent domain', async ({
  page,
  context,
  analytics,
  stack,
}) => {
  // *.localhost is loopback in Chromium, so the site can have a parent domain here.
  const site = stack.baseUrl.replace('127.0.0.1', 'www.site.localhost')
  await page.goto(site)
  await consentDialog(page).getByRole('button', { name: 'I Consent' }).click()
  await expect.poll(() => pageViews(analytics, 'ga4')).toEqual(['/'])
  await expect.poll(() => gaCookies(context)).toHaveLength(2)
  expect(new Set((await gaCookies(context)).map((cookie) => cookie.domain))).toEqual(
    new Set(['.site.localhost']),
  )

  await cookieSettings(page).click()
  await consentDialog(page).getByRole('button', { name: 'Decline' }).click()
  expect(await gaCookies(context)).toEqual([])
})

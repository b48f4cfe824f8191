/**
 * Every Playwright worker gets its own production server and mock backend, so tests that switch
 * the backend into a failure mode never disturb each other. `consoleProblems` collects console
 * errors and hydration warnings for a test to check. With JavaScript on, `page.goto` returns once
 * React has hydrated the page: the page's code loads after its first paint, and a test acts like
 * a visitor who uses what the scripts add. (Before that, every page works as without JavaScript,
 * which the JavaScript-off tests cover.) No test passes if the browser reports a CSP violation,
 * but one it causes on purpose and names in `expectedCspViolations`.
 */
import { test as base, expect, type ConsoleMessage } from '@playwright/test'

import { startStack, type MockControl, type Stack } from '../support/stack'

import { waitForHydration } from './home-support'

type WorkerFixtures = {
  stack: Stack
  /** settings added to the server's environment; a spec may set them, e.g. ANALYTICS */
  stackEnv: Record<string, string>
}
type TestFixtures = {
  mock: MockControl
  consoleProblems: string[]
  /**
   * CSP violations a test causes on purpose and checks itself, as their reports read
   * (`script-src-elem blocked inline on /blog/a-post`); any other still fails the test
   */
  expectedCspViolations: RegExp[]
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  stackEnv: [{}, { scope: 'worker', option: true }],
  stack: [
    async ({ stackEnv }, use) => {
      // One server takes every test of a worker from one address: the limits per client IP are
      // for a visitor, not for a suite (route-discovery.spec.ts clicks through at the real one).
      const stack = await startStack({
        CONTACT_RATE_LIMIT: '1000/60',
        ROUTE_DISCOVERY_RATE_LIMIT: '10000/60',
        CLIENT_COSTLY_RATE_LIMIT: '100000/60',
        ...stackEnv,
      })
      await use(stack)
      await stack.stop()
    },
    { scope: 'worker' },
  ],
  expectedCspViolations: [[], { option: true }],
  baseURL: async ({ stack }, use) => use(stack.baseUrl),
  page: async ({ page, javaScriptEnabled, expectedCspViolations }, use) => {
    // Every page of every test runs under the site's CSP without one violation.
    const violations: string[] = []
    if (javaScriptEnabled) {
      await page.exposeBinding('reportCspViolation', (_source, report: string) => {
        violations.push(report)
      })
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname}`
          ;(
            window as unknown as { reportCspViolation: (report: string) => void }
          ).reportCspViolation(report)
        })
      })
      const goto = page.goto.bind(page)
      page.goto = async (url, options) => {
        const response = await goto(url, options)
        await waitForHydration(page)
        return response
      }
    }
    await use(page)
    const unexpected = violations.filter(
      (report) => !expectedCspViolations.some((expected) => expected.test(report)),
    )
    expect(unexpected, 'CSP violations').toEqual([])
  },
  // Automatic: the worker's backend is reset before every test, also those that do not ask for
  // it, or a test after one that left it failing (`enquiries: 'fail'`) would see the failure.
  mock: [
    async ({ stack }, use) => {
      await stack.mock.reset()
      await use(stack.mock)
    },
    { auto: true },
  ],
  consoleProblems: async ({ page }, use) => {
    const problems: string[] = []
    const record = (message: ConsoleMessage) => {
      const text = message.text()
      if (message.type() === 'error' || /hydrat|did not match/i.test(text)) problems.push(text)
    }
    page.on('console', record)
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
    await use(problems)
  },
})

export { expect }

/**
 * Every Playwright worker gets its own production server and mock backend, so tests that switch
 * the backend into a failure mode never disturb each other. `page` fails a test on any console
 * error or hydration warning.
 */
import { test as base, expect, type ConsoleMessage } from '@playwright/test'

import { startStack, type MockControl, type Stack } from '../support/stack'

type WorkerFixtures = { stack: Stack }
type TestFixtures = { mock: MockControl; consoleProblems: string[] }

export const test = base.extend<TestFixtures, WorkerFixtures>({
  stack: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const stack = await startStack({ CONTACT_RATE_LIMIT: '1000/60' })
      await use(stack)
      await stack.stop()
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ stack }, use) => use(stack.baseUrl),
  mock: async ({ stack }, use) => {
    await stack.mock.reset()
    await use(stack.mock)
  },
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

import { defineConfig, devices } from '@playwright/test'

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './tests/support/chromium'

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : 3,
  // A test passes on its first run or fails: timing is asserted with the page's clock or by the
  // order of events, never by wall-clock bounds that a busy machine can miss.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    trace: 'off',
    screenshot: 'off',
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
})

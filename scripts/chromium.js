// The Chromium the browser tests, the test runner and the audits start: CHROMIUM_PATH when set,
// else the system's (Debian's `chromium`), else Playwright's own, which
// `npx playwright install chromium` puts in the user's cache without root, on Linux or macOS.
import fs from 'node:fs'

import { chromium } from 'playwright-core'

/** @returns {string | undefined} the first of those that exists */
export function findChromium() {
  const candidates = process.env.CHROMIUM_PATH
    ? [process.env.CHROMIUM_PATH]
    : ['/usr/bin/chromium', chromium.executablePath()]
  return candidates.find((candidate) => fs.existsSync(candidate))
}

export const NO_CHROMIUM = `No Chromium found. \`npx playwright install chromium\` fetches one (no root needed,
Linux or macOS); or install your system's package, or set CHROMIUM_PATH to a Chromium or Chrome binary.`

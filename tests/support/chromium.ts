import { findChromium } from '../../scripts/chromium.js'

/** The system's Chromium, or Playwright's: every browser test and audit here starts it. */
export const CHROMIUM_PATH = findChromium()

/** No sandbox (root in a container) and no background traffic to hosts this network cannot reach. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

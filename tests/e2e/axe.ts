import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

import { expect, type Page } from '@playwright/test'
import type Axe from 'axe-core'

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

/**
 * Runs axe-core against the WCAG 2.2 AA rules and expects no violations. The script is evaluated
 * through the DevTools protocol, so the page's CSP does not stop it. With JavaScript off, timers
 * never fire (promises still settle), so axe's timers run as microtasks instead.
 */
export async function expectNoAxeViolations(page: Page) {
  await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    // Remix's inline script sets __remixContext: its absence means the page's scripts are off.
    const browserWindow = window as unknown as Window & {
      __remixContext?: unknown
      axe: typeof Axe
    }
    if (browserWindow.__remixContext === undefined) {
      const runSoon = (callback: () => void) => void Promise.resolve().then(callback)
      browserWindow.setTimeout = runSoon as unknown as typeof window.setTimeout
    }
    const result = await browserWindow.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    })
    return result.violations.map((violation) => ({
      rule: violation.id,
      help: violation.help,
      nodes: violation.nodes.map((node) => node.target.join(' ')),
    }))
  })
  expect(violations).toEqual([])
}

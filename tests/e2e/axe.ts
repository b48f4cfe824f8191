import fs from 'node:fs'
import { createRequire } from 'node:module'

import { expect, type Page } from '@playwright/test'
import type { AxeResults, RunOptions } from 'axe-core'

const AXE_SOURCE = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

/**
 * Runs axe-core (WCAG 2.2 AA rules) on the page as it is now. The source is evaluated rather
 * than added as a <script>, which the CSP refuses. axe waits on timers, so JavaScript must be on.
 */
export async function expectNoAxeViolations(page: Page) {
  await page.evaluate(AXE_SOURCE)
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: { run(context: Document, options: RunOptions): Promise<AxeResults> }
    }
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    })
    return results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
    )
  })
  expect(violations).toEqual([])
}

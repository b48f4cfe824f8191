import fs from 'node:fs'
import { createRequire } from 'node:module'

import { expect, type Page } from '@playwright/test'

const axeSource = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

/** Runs axe-core (WCAG 2.2 AA rules) on the page; evaluate() is not subject to the page's CSP. */
export async function expectNoAxeViolations(page: Page) {
  await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: {
        run: (
          context: Document,
          options: object,
        ) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> }>
      }
    }
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    })
    return result.violations.map((violation) => ({
      id: violation.id,
      nodes: violation.nodes.map((node) => node.target.join(' ')),
    }))
  })
  expect(violations).toEqual([])
}

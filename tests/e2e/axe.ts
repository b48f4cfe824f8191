import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

import type { Page } from '@playwright/test'
import type AxeCore from 'axe-core'

import { expect } from './fixtures'

const require = createRequire(import.meta.url)
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

/**
 * Runs every rule of axe-core (best practices and experimental rules too, not only the WCAG ones)
 * on the page as it is now and fails with a readable list of violations. axe is evaluated through
 * the DevTools protocol, so the site's CSP does not block it.
 */
export async function expectNoAxeViolations(page: Page) {
  // The page as its visitor gets it: a page just navigated to (a form sent without JavaScript) is
  // audited once its stylesheet is in, not with links at the unstyled size of plain text.
  await page.waitForLoadState('load')
  const audited = (await timersRun(page)) ? page : await copyWithoutScripts(page)
  // Colours are judged as shown: a dialog half way through fading in would read as low contrast.
  // With reduced motion the site animates nothing, so a dialog that appears during the audit (the
  // consent dialog, 1 s after load) is audited as it ends up. Running animations are waited for;
  // one cancelled meanwhile (its element re-rendered or removed) is over as well.
  await audited.emulateMedia({ reducedMotion: 'reduce' })
  await audited.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
  await audited.evaluate(AXE_SOURCE)
  const violations = await audited.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof AxeCore }).axe
    const everyRule = axe.getRules().map((rule) => rule.ruleId)
    const result = await axe.run(document, { runOnly: { type: 'rule', values: everyRule } })
    return result.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }))
  })
  if (audited !== page) await audited.context().close()
  else await page.emulateMedia({ reducedMotion: null })
  expect(violations).toEqual([])
}

async function timersRun(page: Page): Promise<boolean> {
  const timerFired = page.evaluate(
    () => new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 0)),
  )
  const gaveUp = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 500))
  return Promise.race([timerFired, gaveUp])
}

/**
 * With JavaScript off a page's timers never fire, so axe cannot finish there. Its DOM is copied,
 * without scripts, into a page of the same address and size that may run axe.
 */
async function copyWithoutScripts(page: Page): Promise<Page> {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, '')
  const context = await page.context().browser()!.newContext({
    javaScriptEnabled: true,
    viewport: page.viewportSize(),
  })
  await context.route(/\.js(\?|$)/, (route) => route.abort())
  await context.route(page.url(), (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }),
  )
  const copy = await context.newPage()
  await copy.goto(page.url())
  return copy
}

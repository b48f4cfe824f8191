/**
 * The developers' loop: with `npm run dev` and a page open in Chromium, a saved edit reaches the
 * open tab through `remix dev`'s socket. A component's change and a loader's new data arrive by
 * hot module replacement, in the same document: what the developer typed stays. The socket's
 * script is the app's like the page's others, named in the development CSP by its hash.
 */
import crypto from 'node:crypto'

import { chromium, type Browser, type Page } from '@playwright/test'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../support/chromium'
import { startDevelopmentServer, type DevelopmentServer } from '../support/development-server'

const TYPED = 'Typed before the edit'
/** An edit that arrived by hot update: the same document, the typing kept, one load in all. */
const IN_PLACE = { sameDocument: true, typed: TYPED, documentLoads: 1 }

let dev: DevelopmentServer
let browser: Browser
let page: Page
/** How many times the tab loaded a document: 1 unless something reloaded it. */
let documentLoads = 0
const violations: string[] = []

beforeAll(async () => {
  dev = await startDevelopmentServer()
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  page = await browser.newPage()
  page.on('load', () => documentLoads++)
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text())
  })
  const socket = page.waitForEvent('websocket', (ws) => ws.url().endsWith('/socket'))
  await page.goto(`${dev.url}/`)
  await page.locator('html[data-hydrated]').waitFor()
  await socket
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await dev?.stop()
})

/** Waits for `text` in the element, then says whether the tab kept its document and the typing. */
async function afterEdit(selector: string, text: string) {
  await expect
    .poll(() => page.locator(selector).first().textContent(), { timeout: 60_000, interval: 100 })
    .toContain(text)
  return {
    sameDocument: await page.evaluate(() => (window as { marked?: boolean }).marked === true),
    typed: await page.inputValue('input[name="firstName"]'),
    documentLoads,
  }
}

describe('npm run dev with a page open', () => {
  it('writes the live-reload script last and names it in the CSP by its hash', async () => {
    const response = await fetch(`${dev.url}/`)
    const csp = response.headers.get('content-security-policy') ?? ''
    const html = await response.text()
    const script = /<script>(\s*function remixLiveReloadConnect[\s\S]*?)<\/script>$/.exec(html)
    expect(script, 'the live-reload script, at the end of the page').not.toBeNull()
    const hash = crypto.createHash('sha256').update(script![1]!).digest('base64')
    expect(csp).toContain(`'sha256-${hash}'`)
    expect(csp).toContain('ws://localhost:*')
  })

  it("shows a component's edit in the open tab, in the same document, the form's typing kept", async () => {
    await page.evaluate(() => ((window as { marked?: boolean }).marked = true))
    await page.fill('input[name="firstName"]', TYPED)
    dev.edit('app/components/home/hero-heading.tsx', '{HERO.title}', '{HERO.title} (edited)')
    expect(await afterEdit('#home-title', '(edited)')).toEqual(IN_PLACE)
  })

  it("shows an edit of the site's copy the same way", async () => {
    dev.edit('app/content/home.ts', "lead: 'We set up", "lead: 'Edited copy. We set up")
    expect(await afterEdit('#home-title + p', 'Edited copy.')).toMatchObject(IN_PLACE)
  })

  it("brings a loader's new data without a reload", async () => {
    dev.edit(
      'app/routes/_index.tsx',
      'homeJsonLd(getPublicSiteConfig())',
      "homeJsonLd({ ...getPublicSiteConfig(), email: 'edited-loader@example.com' })",
    )
    expect(
      await afterEdit('script[type="application/ld+json"]', 'edited-loader@example.com'),
    ).toMatchObject(IN_PLACE)
    expect(violations).toEqual([])
  })
})

/**
 * The floor that `npm run lighthouse` measures the site against (docs/performance.md, "The floor"):
 * it builds, and each reference serves a page that hydrates under its own CSP, with the site's
 * stylesheet: the bare Remix page with its scripts held until the first paint and as Remix writes
 * them, and the site's own page with no components. Nothing here is timed.
 */
import { chromium, type Browser } from '@playwright/test'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { HERO } from '../../app/content/home'
import { buildFloor, startFloor, type Floor } from '../../bench/floor/server'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../support/chromium'
import { startStack, type Stack } from '../support/stack'

let stack: Stack
let floor: Floor
let browser: Browser

beforeAll(async () => {
  buildFloor()
  stack = await startStack()
  floor = await startFloor(`http://localhost:${stack.server.port}`)
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
})

afterAll(async () => {
  await browser?.close()
  await floor?.close()
  await stack?.stop()
})

/**
 * Opens the page and waits for the root's mark that React hydrated it; what the browser reported
 * on the way (errors, CSP refusals) and the addresses it requested.
 */
async function hydrated(url: string) {
  const page = await browser.newPage()
  const problems: string[] = []
  const requested: string[] = []
  page.on('pageerror', (error) => problems.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  page.on('request', (request) => requested.push(new URL(request.url()).pathname))
  // Not the load event: a post's images are made on their first request, seconds on a busy machine.
  await page.goto(url, { waitUntil: 'domcontentloaded' })
  await page.locator('html[data-hydrated]').waitFor({ timeout: 20_000 })
  const h1 = await page.locator('h1').first().textContent()
  await page.close()
  return { problems, requested, h1 }
}

describe('the floor', () => {
  it('links the bytes of the stylesheet the site links', async () => {
    const sitePage = await (await fetch(`${stack.baseUrl}/`)).text()
    const siteHref = /<link rel="stylesheet" href="([^"]+)"/.exec(sitePage)![1]!
    const site = await (await fetch(`${stack.baseUrl}${siteHref}`)).text()
    const floorPage = await (await fetch(`${floor.held}/`)).text()
    const floorHref = /<link rel="stylesheet" href="([^"]+)"/.exec(floorPage)![1]!
    const answer = await fetch(`${floor.held}${floorHref}`)
    expect(await answer.text()).toBe(site)
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  it('holds the scripts in one mode and leaves them as Remix writes them in the other', async () => {
    const held = await (await fetch(`${floor.held}/`)).text()
    const unheld = await (await fetch(`${floor.unheld}/`)).text()
    expect(held).toMatch(/<template id="held-scripts"><link rel="modulepreload"/)
    expect(unheld).not.toContain('held-scripts')
    expect(unheld).toMatch(/<body[^>]*>.*<link rel="modulepreload" href="\/floor-build\//s)
  })

  for (const mode of ['held', 'unheld'] as const) {
    it(`hydrates the bare page, ${mode}, under its own CSP`, async () => {
      const { problems, h1 } = await hydrated(`${floor[mode]}/`)
      expect(problems).toEqual([])
      expect(h1).toBe(HERO.title)
    })
  }

  // Each page a test of its own: one page's hydration has the whole timeout on a busy machine.
  for (const page of ['home', 'post'] as const) {
    it(`hydrates the site's ${page} page with none of its components and none of its scripts`, async () => {
      const posts = (await (await fetch(`${stack.mock.url}/app/posts/`)).json()) as {
        slug: string
      }[]
      const path = page === 'home' ? '/' : `/blog/${posts[0]!.slug}`
      const sitePage = await (await fetch(`${stack.baseUrl}${path}`)).text()
      const { problems, requested, h1 } = await hydrated(`${floor.held}/ours${path}`)
      expect(problems).toEqual([])
      expect(sitePage).toContain(`>${h1}</h1>`)
      expect(requested.filter((address) => address.startsWith('/build/'))).toEqual([])
    })
  }
})

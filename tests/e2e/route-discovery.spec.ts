import type { Locator, Page } from '@playwright/test'

import { startStack, type Stack } from '../support/stack'

import { expect, test } from './fixtures'
import { rememberConsent, waitForHydration } from './home-support'

/**
 * A visitor's clicks, in order: the blog, its posts from the newest back through 'Previous post',
 * the list's pages, two categories and their posts, the legal pages, and the blog again. Each is a link on
 * the page the one before it opened, so every navigation is the browser code's own.
 */
const WALK: ((page: Page) => Locator)[] = [
  firstLink('Blog', 'navigation'),
  readMore(0),
  ...Array.from({ length: 11 }, () => link('Previous post')),
  firstLink('Back to Blog'),
  (page) => page.getByRole('link', { name: 'Older posts →' }),
  (page) => page.getByRole('link', { name: '← Newer posts' }),
  firstLink(/^AI Chatbots/, 'main'),
  readMore(0),
  link('Previous post'),
  link('Next post'),
  firstLink('Back to Blog'),
  firstLink(/^Voice Agents/, 'main'),
  readMore(0),
  firstLink('Back to Blog'),
  readMore(1),
  link('Previous post'),
  firstLink(/Privacy/, 'contentinfo'),
  firstLink(/Terms/, 'contentinfo'),
  firstLink('Blog', 'navigation'),
  readMore(2),
]

/** The link named exactly `name`. */
function link(name: string) {
  return (page: Page) => page.getByRole('link', { name, exact: true })
}

/** The first link named `name` (exactly when a string), on the page or `within` one landmark. */
function firstLink(name: string | RegExp, within?: 'main' | 'navigation' | 'contentinfo') {
  return (page: Page) =>
    (within ? page.getByRole(within) : page)
      .getByRole('link', { name, exact: typeof name === 'string' })
      .first()
}

/** The `n`th card's 'Read More' link. */
function readMore(n: number) {
  return (page: Page) => page.getByRole('link', { name: /Read More/ }).nth(n)
}

test.describe('route discovery', () => {
  let stack: Stack
  // A server of its own: its rate per client IP counts this visitor alone.
  test.beforeAll(async () => {
    stack = await startStack({})
  })
  test.afterAll(async () => {
    await stack.stop()
  })

  test(`lets a visitor click through ${WALK.length} pages without one refused request`, async ({
    page,
    consoleProblems,
  }) => {
    test.setTimeout(90_000)
    await rememberConsent(page)
    const discovery: number[] = []
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/__manifest') discovery.push(response.status())
    })
    await page.goto(`${stack.baseUrl}/`)
    // Gone with the document: a click that loaded a new document instead of navigating in it.
    await page.evaluate(() => Object.assign(window, { walkStarted: true }))
    const visited = new Set<string>()
    for (const link of WALK) {
      const before = page.url()
      await link(page).click({ timeout: 10_000 })
      await expect(page).not.toHaveURL(before)
      await waitForHydration(page)
      expect(await page.evaluate(() => 'walkStarted' in window)).toBe(true)
      visited.add(page.url())
    }
    expect(visited.size).toBeGreaterThanOrEqual(18)
    expect(discovery.length).toBeGreaterThan(0)
    expect(discovery.filter((status) => status !== 200)).toEqual([])
    expect(consoleProblems).toEqual([])
    console.log(`route discovery: ${discovery.length} requests over ${WALK.length} clicks`)
  })
})

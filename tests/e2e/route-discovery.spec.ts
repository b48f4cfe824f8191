import type { Page } from '@playwright/test'

import { startStack, type Stack } from '../support/stack'

import { expect, test } from './fixtures'
import { rememberConsent, waitForHydration } from './home-support'

type Click = (page: Page) => ReturnType<Page['getByRole']>

const named =
  (name: string | RegExp, nth = 0): Click =>
  (page) =>
    page.getByRole('link', { name, exact: typeof name === 'string' }).nth(nth)
const within =
  (landmark: 'navigation' | 'main' | 'contentinfo', name: string | RegExp): Click =>
  (page) =>
    page
      .getByRole(landmark)
      .getByRole('link', { name, exact: typeof name === 'string' })
      .first()

const readMore = (nth = 0) => named(/Read More/, nth)
const previousPost = named('Previous post')
const backToBlog = named('Back to Blog')

/**
 * A visitor's clicks, in order: the blog, its posts from the newest back through 'Previous post',
 * the list's pages, two categories and their posts, the legal pages, and the blog again. Each is a
 * link on the page the one before it opened, so every navigation is the browser code's own.
 */
const WALK: Click[] = [
  within('navigation', 'Blog'),
  readMore(),
  ...Array.from({ length: 11 }, () => previousPost),
  backToBlog,
  named('Older posts →'),
  named('← Newer posts'),
  within('main', /^AI Chatbots/),
  readMore(),
  previousPost,
  named('Next post'),
  backToBlog,
  within('main', /^Voice Agents/),
  readMore(),
  backToBlog,
  readMore(1),
  previousPost,
  within('contentinfo', /Privacy/),
  within('contentinfo', /Terms/),
  within('navigation', 'Blog'),
  readMore(2),
]

/** Every answer the server refused for the client's share (429, 503), as `status url`. */
function refusals(page: Page) {
  const refused: string[] = []
  page.on('response', (response) => {
    if ([429, 503].includes(response.status()))
      refused.push(`${response.status()} ${response.url()}`)
  })
  return refused
}

/** The statuses of the route discovery requests the page makes. */
function discoveryStatuses(page: Page) {
  const statuses: number[] = []
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/__manifest') statuses.push(response.status())
  })
  return statuses
}

/** A visitor who has made the cookie choice, given `timeoutMs`: what the server refused it. */
async function visitor(page: Page, timeoutMs: number) {
  test.setTimeout(timeoutMs)
  await rememberConsent(page)
  return refusals(page)
}

test.describe('route discovery and the client share', () => {
  let stack: Stack
  // A server of its own: its rates per client IP count this visitor alone.
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
    const refused = await visitor(page, 90_000)
    const discovery = discoveryStatuses(page)
    await page.goto(`${stack.baseUrl}/`)
    // Gone with the document: a click that loaded a new document instead of navigating in it.
    await page.evaluate(() => Object.assign(window, { walkStarted: true }))
    const visited = new Set<string>()
    for (const link of WALK) {
      // On its way to the link, the pointer passes over every post card: each prefetches its page.
      for (const card of await page.getByRole('link', { name: /Read More/ }).all()) {
        await card.hover()
      }
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
    expect(refused).toEqual([])
    expect(consoleProblems).toEqual([])
    console.log(`route discovery: ${discovery.length} requests over ${WALK.length} clicks`)
  })

  test('lets a visitor type a search letter by letter, twice, without one refused request', async ({
    page,
    consoleProblems,
  }) => {
    const refused = await visitor(page, 60_000)
    const searches: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).searchParams.has('q')) searches.push(request.url())
    })
    await page.goto(`${stack.baseUrl}/blog`)
    await waitForHydration(page)
    const field = page.getByRole('search').getByRole('searchbox', { name: 'Search the blog' })
    // Slower than the form waits (300 ms) between letters: every letter is a search of its own.
    for (const words of ['voice agents for small business', 'chatbot automation']) {
      await field.fill('')
      await field.pressSequentially(words, { delay: 350 })
      await expect(page).toHaveURL(new RegExp(`q=${words.replaceAll(' ', '\\+')}$`))
      await expect(page.getByRole('status').filter({ hasText: /match/ })).toBeVisible()
    }
    expect(searches.length).toBeGreaterThan(30)
    expect(refused).toEqual([])
    expect(consoleProblems).toEqual([])
  })
})

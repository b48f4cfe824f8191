/**
 * Finding a post as a visitor, with JavaScript on and off: the search form, category pages, and
 * the related and adjacent posts under a post.
 */
import type { Page } from '@playwright/test'

import { expect, test } from './fixtures'
import { describeWithJavaScriptOnAndOff } from './javascript-on-and-off'

const cards = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('article') })

/** The line saying how many posts match (the blog's loading message is a status region too). */
const searchStatus = (page: Page) => page.getByRole('status').filter({ hasText: /match/ })

const searchField = (page: Page) =>
  page.getByRole('search').getByRole('searchbox', { name: 'Search the blog' })

describeWithJavaScriptOnAndOff('finding posts', () => {
  test('a search from the list shows how many posts match and keeps q in the field', async ({
    page,
    consoleProblems,
  }) => {
    await page.goto('/blog')
    await searchField(page).fill('voice agents')
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(/\/blog\?q=voice\+agents$/)
    await expect(searchStatus(page)).toHaveText(/^\d+ posts match “voice agents”$/)
    await expect(searchField(page)).toHaveValue('voice agents')
    await expect(cards(page).first()).toContainText(/Voice Agents/)
    expect(consoleProblems).toEqual([])
  })
})

/**
 * Without JavaScript these pages are the server's HTML, which tests/integration/blog-finding.test.ts
 * reads (no match, pages of a search, categories and their links, 404, related posts and the posts
 * either side) and whose links a browser follows as they are; with JavaScript on, a click is a
 * client-side navigation, which only a browser shows.
 */
test.describe('finding posts, JavaScript on', () => {
  test('no match says so with q quoted and leads back to every post', async ({ page }) => {
    await page.goto('/blog?q=%22quantum%22+zebra')
    await expect(page.getByText('No posts match “"quantum" zebra”')).toBeVisible()
    await expect(cards(page)).toHaveCount(0)
    await page.getByRole('link', { name: 'See all posts' }).click()
    await expect(page).toHaveURL(/\/blog$/)
    await expect(cards(page)).toHaveCount(9)
  })

  test('pages of a search keep q', async ({ page }) => {
    await page.goto('/blog?q=the')
    await expect(page.getByText(/Page 1 of 2/)).toBeVisible()
    await page.getByRole('link', { name: 'Older posts →' }).click()
    await expect(page).toHaveURL(/\/blog\?q=the&page=2$/)
    await expect(searchField(page)).toHaveValue('the')
    await expect(page.getByText(/Page 2 of 2/)).toBeVisible()
  })

  test('the blog links every category; a category page lists its posts and searches the blog', async ({
    page,
  }) => {
    await page.goto('/blog')
    const categories = page.getByRole('navigation', { name: 'Categories' })
    await categories.getByRole('link', { name: 'Voice Agents (3)' }).click()
    await expect(page).toHaveURL(/\/blog\/category\/voice-agents$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Voice Agents' })).toBeVisible()
    await expect(cards(page)).toHaveCount(3)
    await expect(
      page.getByRole('navigation', { name: 'Categories' }).getByRole('link', {
        name: 'Voice Agents (3)',
      }),
    ).toHaveAttribute('aria-current', 'page')

    await searchField(page).fill('dental')
    await searchField(page).press('Enter')
    await expect(page).toHaveURL(/\/blog\?q=dental$/)
    await expect(cards(page).first()).toContainText('Voice Agents for Dental Clinics')
  })

  test('a card’s category label leads to the category’s page', async ({ page }) => {
    await page.goto('/blog')
    await cards(page)
      .filter({ hasText: 'AI Chatbot or Live Chat' })
      .getByRole('link', { name: 'AI Chatbots', exact: true })
      .click()
    await expect(page).toHaveURL(/\/blog\/category\/ai-chatbots$/)
    await expect(page.getByRole('heading', { level: 1, name: 'AI Chatbots' })).toBeVisible()
  })

  test('an unknown category is the 404 page in the site’s layout', async ({ page }) => {
    const response = await page.goto('/blog/category/no-such-category')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
    await expect(page.getByRole('contentinfo')).toBeVisible()
  })

  test('a post shows related posts and leads to the posts either side', async ({ page }) => {
    // A post's first view waits for the sanitiser's thread, which a busy machine starts slowly.
    test.slow()
    const firstView = { timeout: 15_000 }
    await page.goto('/blog/restaurant-ai-phone-bookings')
    const related = page.getByRole('region', { name: /Related/ })
    await expect(related.getByRole('listitem')).toHaveCount(2)
    await expect(related).not.toContainText('Taking Restaurant Bookings')
    await related.getByRole('link', { name: 'Voice Agents for Dental Clinics: Quick Wins' }).click()
    const heading = page.getByRole('heading', { level: 1 })
    await expect(page).toHaveURL(/\/blog\/voice-agents-dental-clinics$/, firstView)
    await expect(heading).toHaveText('Voice Agents for Dental Clinics: Quick Wins')

    await page.getByRole('link', { name: 'Next post', exact: true }).click()
    await expect(page).toHaveURL(/\/blog\/automating-invoice-chasing-accountants$/, firstView)
    await expect(heading).toHaveText(/^Automating Invoice Chasing/)
    await page.getByRole('link', { name: 'Previous post', exact: true }).click()
    await expect(page).toHaveURL(/\/blog\/voice-agents-dental-clinics$/)
    await expect(heading).toHaveText('Voice Agents for Dental Clinics: Quick Wins')
    await page.getByRole('article').getByRole('link', { name: 'Voice Agents', exact: true }).click()
    await expect(page).toHaveURL(/\/blog\/category\/voice-agents$/)
  })

  // Without JavaScript the field searches only when the form is sent, as in the first test.
  test('results follow the typing, the URL keeps the query, and Back returns to the list', async ({
    page,
    consoleProblems,
  }) => {
    await page.goto('/blog')
    const status = searchStatus(page)
    await searchField(page).pressSequentially('dent')
    await expect(page).toHaveURL(/\/blog\?q=dent$/)
    await expect(status).toHaveText(/posts? match(es)? “dent”/)
    await expect(searchField(page)).toBeFocused()
    await searchField(page).pressSequentially('al clinics')
    await expect(page).toHaveURL(/\/blog\?q=dental\+clinics$/)
    await expect(cards(page).first()).toContainText('Voice Agents for Dental Clinics')
    await expect(searchField(page)).toHaveValue('dental clinics')

    // Typing replaced its own entries: one step back is the list again.
    await page.goBack()
    await expect(page).toHaveURL(/\/blog$/)
    await expect(searchField(page)).toHaveValue('')
    await expect(cards(page)).toHaveCount(9)
    await page.goForward()
    await expect(searchField(page)).toHaveValue('dental clinics')

    await searchField(page).fill('')
    await expect(page).toHaveURL(/\/blog$/)
    await expect(cards(page)).toHaveCount(9)
    expect(consoleProblems).toEqual([])
  })

  test('letters typed while a search is on its way stay in the field', async ({
    page,
    consoleProblems,
  }) => {
    await page.goto('/blog')
    // The results for "dent" are held until the visitor has typed on.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let onItsWay!: () => void
    const searching = new Promise<void>((resolve) => (onItsWay = resolve))
    await page.route(/\/blog\.data\?(.*&)?q=dent(&|$)/, async (route) => {
      onItsWay()
      await held
      await route.continue()
    })
    // Whole words at once: letters a slow machine spaced past the pause would be searches of
    // their own, which this test is not about.
    await searchField(page).fill('dent')
    await searching
    await page.keyboard.insertText('al')
    release()
    await expect(page).toHaveURL(/\/blog\?q=dental$/)
    await expect(searchField(page)).toHaveValue('dental')
    await expect(searchStatus(page)).toHaveText(/posts? match(es)? “dental”/)
    expect(consoleProblems).toEqual([])
  })

  test('a search whose answer is still arriving when the visitor types on leaves no error behind', async ({
    page,
    consoleProblems,
  }) => {
    // As on a slow connection: the answer for "dent" starts and then stalls, so the search the
    // visitor's next letters start interrupts it half read. The browser then fails the half-read
    // body with the abort, which is what the page sees here.
    await page.addInitScript(() => {
      const fetchFromNetwork = window.fetch
      window.fetch = async (input, init) => {
        const response = await fetchFromNetwork(input, init)
        const signal = init?.signal
        if (!/[?&]q=dent$/.test(String(input)) || !response.body || !signal) return response
        const reader = response.body.getReader()
        const stalled = new ReadableStream<Uint8Array>({
          async start(controller) {
            const { value } = await reader.read()
            if (value) controller.enqueue(value.subarray(0, value.length >> 1))
            signal.addEventListener('abort', () => controller.error(signal.reason))
          },
        })
        return new Response(stalled, response)
      }
    })
    await page.goto('/blog')
    const stalling = page.waitForResponse(/\/blog\.data\?q=dent$/)
    await searchField(page).fill('dent')
    await stalling
    await page.keyboard.insertText('al')
    await expect(page).toHaveURL(/\/blog\?q=dental$/)
    await expect(searchStatus(page)).toHaveText(/posts? match(es)? “dental”/)
    await expect(searchField(page)).toHaveValue('dental')
    expect(consoleProblems).toEqual([])
  })
})

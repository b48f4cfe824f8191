import type { Page } from '@playwright/test'

import { sanitizeHtml } from '../../app/blog/sanitize.server'
import type { MockStatePatch } from '../../mocks/backend'
import { xssPayloads } from '../../mocks/fixtures/xss-payloads'
import { startStack, type Stack } from '../support/stack'

import { expect, test } from './fixtures'
import { rememberConsent } from './home-support'
import { describeWithJavaScriptOnAndOff } from './javascript-on-and-off'
import { SMOKE } from './smoke'

// The consent dialog opens over the lower left of the page a second after it loads; a choice made
// on an earlier visit keeps it from landing on a card link between a check and a click or hover.
test.beforeEach(async ({ page }) => {
  await rememberConsent(page)
})

/** A stack of its own whose backend is in `mock`'s state from the start (the list is loaded then). */
async function withOwnStack(
  env: Record<string, string>,
  mock: MockStatePatch,
  run: (stack: Stack) => Promise<void>,
) {
  const stack = await startStack(env, { mock })
  try {
    await run(stack)
  } finally {
    await stack.stop()
  }
}

/**
 * Tailwind 4 gives colours in OKLCH: red-600 to red-800 sit at a hue of about 27 (red-800 is the
 * first with 7:1 contrast on white).
 */
const RED = /^oklch\(0\.(44|50|57)\d* 0\.[12]\d* 2[67]\.\d+\)$/

/**
 * Opens the home page on a stack of its own whose backend sends posts 2.5 s late, then runs
 * `watch`. The page has hydrated first, so that a navigation from it is a client-side one.
 */
async function onHomeWhilePostsAreSlow(page: Page, watch: () => Promise<void>) {
  // Failing at the start, so that the server has no post list to show instead.
  await withOwnStack({ BACKEND_TIMEOUT_MS: '10000' }, { posts: 'fail' }, async (own) => {
    await own.mock.setState({ posts: 'slow', delayMs: 2500 })
    await page.goto(`${own.baseUrl}/`, { waitUntil: 'networkidle' })
    await watch()
  })
}

const cards = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('article') })

describeWithJavaScriptOnAndOff('blog', () => {
  test(
    'the list shows the newest posts as cards that lead to each post',
    SMOKE,
    async ({ page, mock, consoleProblems }) => {
      await mock.reset()
      const response = await page.goto('/blog')
      expect(response?.status()).toBe(200)
      await expect(page.getByRole('heading', { level: 1, name: 'Our Blog' })).toBeVisible()
      await expect(page.getByText('Insights, tips and strategies for using AI')).toBeVisible()
      await expect(cards(page)).toHaveCount(9)

      const card = cards(page).filter({ hasText: 'Taking Restaurant Bookings' })
      await expect(card.getByText('Voice Agents', { exact: true })).toBeVisible()
      await expect(card.getByText('484 words')).toBeVisible()
      await expect(card.getByText('Mar 10, 2025')).toBeVisible()
      await expect(
        card.getByText(/^The Friday night problem Every restaurant owner.*\.\.\.$/),
      ).toBeVisible()
      await expect(card.locator('img')).toHaveAttribute(
        'src',
        '/media/restaurant-ai-phone-bookings.svg',
      )

      await card.getByRole('link', { name: /Read More →/ }).click()
      await expect(page).toHaveURL(/\/blog\/restaurant-ai-phone-bookings$/)
      await expect(
        page.getByRole('heading', {
          level: 1,
          name: 'Taking Restaurant Bookings by Phone with an AI Voice Agent',
        }),
      ).toBeVisible()
      expect(consoleProblems).toEqual([])
    },
  )
})

/**
 * Without JavaScript these pages are the server's HTML, which tests/integration/blog.test.ts reads
 * (cards, pages, the whole post, 404, 502, hostile posts as text) and the browser shows with the
 * same CSS; what only a browser can tell (layout, colour, images loaded, no script run) is checked
 * here once, with JavaScript on, where a script could run.
 */
test.describe('blog, JavaScript on', () => {
  test('the grid has 1, 2 and 3 columns as the screen widens', async ({ page }) => {
    for (const [width, columns] of [
      [375, 1],
      [800, 2],
      [1280, 3],
    ] as const) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/blog')
      const lefts = new Set<number>()
      for (const box of await cards(page).evaluateAll((items) =>
        items.slice(0, 3).map((item) => Math.round(item.getBoundingClientRect().left)),
      )) {
        lefts.add(box)
      }
      expect(lefts.size, `${width}px`).toBe(columns)
    }
  })

  test('older posts are one page on', async ({ page }) => {
    await page.goto('/blog')
    await expect(page.getByText('Page 1 of 2')).toBeVisible()
    await page.getByRole('link', { name: 'Older posts →' }).click()
    await expect(page).toHaveURL(/\/blog\?page=2$/)
    await expect(cards(page)).toHaveCount(3)
    await expect(cards(page).first()).toContainText('GDPR')
    await expect(cards(page).last()).toContainText('The Complete Guide')
  })

  test('a post shows every field and leads back to the blog', async ({ page, consoleProblems }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    // 503 is the post shown without its content (the sanitiser could not give it in time).
    const response = await page.goto('/blog/restaurant-ai-phone-bookings')
    expect(response?.status()).toBe(200)
    const article = page.getByRole('article')
    await expect(article.getByText('Voice Agents', { exact: true })).toBeVisible()
    await expect(article.getByText('Tom Davies')).toBeVisible()
    await expect(article.getByText('March 10, 2025')).toBeVisible()
    await expect(article.getByText('484 words')).toBeVisible()
    await expect(article.getByText('published', { exact: true })).toBeVisible()
    await expect(
      article.getByText(/^The Friday night problem Every restaurant.*\.\.\.$/),
    ).toBeVisible()
    await expect(
      article.getByRole('heading', { level: 2, name: 'The Friday night problem' }),
    ).toBeVisible()
    await expect(
      article.getByText('Voice Agents, Restaurants, Hospitality, Reservations'),
    ).toBeVisible()
    const hero = article.locator('img').first()
    await expect(hero).toHaveAttribute('width', '1200')
    await expect(hero).toHaveAttribute('height', '630')
    await expect
      .poll(() => hero.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0)
    await article.getByRole('link', { name: 'Back to Blog' }).click()
    await expect(page).toHaveURL(/\/blog$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Our Blog' })).toBeVisible()
    expect(consoleProblems).toEqual([])
  })

  test('an unknown post answers 404 with a way back', async ({ page }) => {
    const response = await page.goto('/blog/no-such-post')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Blog post not found' })).toBeVisible()
    await expect(page.getByRole('banner')).toBeVisible()
    await page.getByRole('link', { name: '← Back to Blog' }).click()
    await expect(page).toHaveURL(/\/blog$/)
    await expect(cards(page).first()).toBeVisible()
  })

  test('a failing backend with nothing cached shows the error in red, with 502', async ({
    page,
  }) => {
    await withOwnStack({}, { posts: 'fail' }, async (own) => {
      for (const path of ['/blog', '/blog/chatbot-vs-live-chat']) {
        const response = await page.goto(`${own.baseUrl}${path}`)
        expect(response?.status()).toBe(502)
        const error = page.getByText('Error: HTTP error! status: 500')
        await expect(error).toBeVisible()
        await expect(error).toHaveCSS('color', RED)
      }
      await own.mock.setState({ posts: 'empty' })
      await page.goto(`${own.baseUrl}/blog`)
      await expect(page.getByText('No blog posts available at the moment.')).toBeVisible()
    })
  })

  test('hostile posts never run script', async ({ page }) => {
    // A server of its own, whose worker cleans each of four posts on its first view.
    test.slow()
    await withOwnStack({}, { posts: 'hostile' }, async (own) => {
      const dialogs: string[] = []
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message())
        void dialog.dismiss()
      })
      await page.goto(`${own.baseUrl}/blog`)
      await expect(
        page.getByRole('heading', {
          name: 'Sanitisation test one <script>window.__xss=1</script>',
        }),
      ).toBeVisible()
      for (const slug of ['xss-test-one', 'xss-test-two', 'xss-test-three']) {
        await page.goto(`${own.baseUrl}/blog/${slug}`)
        await expect(page.getByText(/safe/i).first()).toBeVisible()
        for (const link of await page.getByRole('article').getByRole('link').all()) {
          await link.hover()
        }
        await page.waitForTimeout(200)
        expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined()
        // Long unbroken words in hostile titles must not push the page sideways on a phone.
        await page.setViewportSize({ width: 375, height: 800 })
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          375,
        )
        await page.setViewportSize({ width: 1280, height: 800 })
      }
      await page.goto(`${own.baseUrl}/blog/xss-test-one`)
      await expect(
        page.getByRole('article').locator('iframe, object, embed, form, math, [onerror]'),
      ).toHaveCount(0)
      expect(dialogs).toEqual([])
    })
  })
})

test.describe('blog with JavaScript', () => {
  test('client navigation to the list shows "Loading blogs..." while the list loads', async ({
    page,
  }) => {
    await onHomeWhilePostsAreSlow(page, async () => {
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Blog' })
        .click()
      await expect(page.getByText('Loading blogs...')).toBeVisible()
      await expect(page.getByRole('heading', { level: 1, name: 'Our Blog' })).toBeVisible({
        timeout: 15_000,
      })
      await expect(page.getByText('Loading blogs...')).toBeHidden()
      await expect(cards(page)).toHaveCount(9)
    })
  })

  test('client navigation to a post shows "Loading blog post..." while it loads', async ({
    page,
  }) => {
    await onHomeWhilePostsAreSlow(page, async () => {
      // Nothing on the home page links to a post yet; navigate as a link would.
      await page.evaluate(() => {
        const { __remixRouter: router } = window as unknown as {
          __remixRouter: { navigate: (to: string) => Promise<void> }
        }
        // Not awaited: the test watches the page while the navigation is pending.
        void router.navigate('/blog/chatbot-vs-live-chat')
      })
      await expect(page.getByText('Loading blog post...')).toBeVisible()
      await expect(
        page.getByRole('heading', {
          level: 1,
          name: 'AI Chatbot or Live Chat: Which Is Right for You?',
        }),
      ).toBeVisible({ timeout: 15_000 })
      await expect(page.getByText('Loading blog post...')).toBeHidden()
    })
  })

  test('an image that fails to load gives way to the placeholder', async ({ page }) => {
    await page.route('**/media/chatbot-vs-live-chat.svg', (route) => route.abort())
    await page.goto('/blog')
    const card = cards(page).filter({ hasText: 'AI Chatbot or Live Chat' })
    await expect(card.locator('img')).toHaveCount(0)
    // The placeholder is the box's picture mark, drawn by the stylesheet.
    const placeholder = await card.locator('.photo-mark').evaluate((box) => {
      const mark = getComputedStyle(box, '::before')
      return { size: `${mark.width} ${mark.height}`, drawn: mark.maskImage.startsWith('url(') }
    })
    expect(placeholder).toEqual({ size: '48px 48px', drawn: true })
  })

  test('client navigation between posts keeps hydration clean', async ({
    page,
    consoleProblems,
  }) => {
    await page.goto('/blog', { waitUntil: 'networkidle' })
    await cards(page)
      .first()
      .getByRole('link', { name: /Read More/ })
      .click()
    // The address changes once the post's data has arrived: the server cleans a post's HTML on
    // its first view, in a worker that a busy machine starts slowly (as in openBlogInPage).
    await expect(page).toHaveURL(/\/blog\/chatbot-vs-live-chat$/, { timeout: 15_000 })
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/AI Chatbot or Live Chat/)
    await page.goBack()
    await expect(page).toHaveURL(/\/blog$/)
    await expect(cards(page)).toHaveCount(9)
    expect(consoleProblems).toEqual([])
  })
})

test('no payload of the XSS list runs once sanitised, even on a page without a CSP', async ({
  page,
}) => {
  const sanitised = Object.values(xssPayloads).map((payload) =>
    sanitizeHtml(payload, {
      siteUrl: 'https://www.brightwell.example',
      resolveImage: (src) =>
        src.startsWith('/') ? { url: `https://www.brightwell.example${src}` } : null,
      resolveMedia: (src) => (src.startsWith('/') ? `https://www.brightwell.example${src}` : null),
    }),
  )
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  await page.setContent(
    `<!doctype html><body>${sanitised.map((html) => `<section>${html}</section>`).join('')}</body>`,
  )
  // Give error, load, toggle and animation handlers their chance, then poke everything.
  await page.waitForTimeout(500)
  await page.evaluate(() => {
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      for (const type of ['mouseover', 'focus', 'click', 'toggle', 'animationstart']) {
        element.dispatchEvent(new Event(type, { bubbles: true }))
      }
    }
  })
  await page.waitForTimeout(200)
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined()
  expect(page.frames()).toHaveLength(1)
  expect(dialogs).toEqual([])
})

import type { Page } from '@playwright/test'

import { IMAGE_WIDTHS } from '../../app/images/image-set'
import type { MockControl } from '../support/stack'

import { expect, test } from './fixtures'
import { rememberConsent } from './home-support'
import { describeWithJavaScriptOnAndOff } from './javascript-on-and-off'

/** The fixture post whose image, and an image in whose text, is a 4032×3024 phone photo. */
const CAMERA_POST = '/blog/ai-voice-agents-for-tradespeople'

/** Lighthouse's phone: 412 CSS px at 1.75x. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 }

// The post list is fetched on every page, so that the mock's switch to camera photos shows at once.
test.use({ stackEnv: { POSTS_CACHE_TTL_S: '0' } })

test.beforeEach(async ({ page }) => {
  await rememberConsent(page)
})

/**
 * Every post's image becomes the phone photo. The list is refreshed behind the first page that
 * asks after the switch, so the switch has shown once a page no longer has the first post's SVG.
 */
async function showCameraPhotos(page: Page, mock: MockControl) {
  await mock.setState({ images: 'camera' })
  await expect
    .poll(async () => (await page.request.get('/blog')).text())
    .not.toContain('/media/chatbot-vs-live-chat.svg')
}

type Drawn = { currentSrc: string; cssWidth: number; fetchPriority: string; loading: string }

/** What the browser chose for an image once it has loaded, and how wide it draws it. */
async function loadedImage(page: Page, selector: string): Promise<Drawn> {
  const image = page.locator(selector).first()
  await image.scrollIntoViewIfNeeded()
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0)
  return image.evaluate((element: HTMLImageElement) => ({
    currentSrc: element.currentSrc,
    cssWidth: element.getBoundingClientRect().width,
    fetchPriority: element.getAttribute('fetchpriority') ?? '',
    loading: element.getAttribute('loading') ?? '',
  }))
}

/** The variant's width, checked to be the narrowest of the set that covers what is drawn. */
function expectJustAbove({ currentSrc, cssWidth }: Drawn, deviceScaleFactor: number) {
  const width = Number(/-(\d+)\.avif$/.exec(currentSrc)?.[1])
  const devicePixels = cssWidth * deviceScaleFactor
  expect(width, currentSrc).toBeGreaterThanOrEqual(Math.floor(devicePixels))
  const narrower = IMAGE_WIDTHS.filter((candidate) => candidate < width)
  for (const candidate of narrower) expect(candidate).toBeLessThan(devicePixels)
  return width
}

describeWithJavaScriptOnAndOff('post images', (javaScriptEnabled) => {
  test.describe('on a phone', () => {
    test.use(PHONE)

    test('the first card loads first, as AVIF, at the width a phone draws', async ({
      page,
      mock,
    }) => {
      await showCameraPhotos(page, mock)
      await page.goto('/blog')
      const first = await loadedImage(page, 'main article img')
      expect(first.fetchPriority).toBe('high')
      expect(first.currentSrc).toMatch(/\/images\/[\w.-]+\/cover-\d+\.avif$/)
      expect(expectJustAbove(first, PHONE.deviceScaleFactor)).toBe(720)
      const loading = await page
        .locator('main article img')
        .evaluateAll((images) => images.map((image) => image.getAttribute('loading')))
      expect(loading).toEqual(['eager', 'eager', 'eager', ...Array(6).fill('lazy')])
    })

    test('a post’s image and the photo in its text come at the phone’s width', async ({ page }) => {
      await page.goto(CAMERA_POST)
      const hero = await loadedImage(page, 'main article > div img')
      expect(hero.fetchPriority).toBe('high')
      expect(hero.currentSrc).toMatch(/\/cover-720\.avif$/)
      const inText = await loadedImage(page, '.prose picture img')
      expect(inText.currentSrc).toMatch(/\/full-\d+\.avif$/)
      expectJustAbove(inText, PHONE.deviceScaleFactor)
    })

    test('the images take their place before they load: nothing shifts', async ({ page }) => {
      // Read with an observer in the page, which needs the page's own scripts to run.
      test.skip(!javaScriptEnabled, 'the boxes are plain HTML and CSS, the same without scripts')
      await page.goto(CAMERA_POST)
      await loadedImage(page, 'main article > div img')
      const shift = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((entries) => {
              resolve(
                entries
                  .getEntries()
                  .reduce((sum, entry) => sum + (entry as unknown as { value: number }).value, 0),
              )
            }).observe({ type: 'layout-shift', buffered: true })
            setTimeout(() => resolve(0), 500)
          }),
      )
      expect(shift).toBeLessThan(0.01)
    })
  })

  test.describe('on a 2x desktop', () => {
    test.use({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 2 })

    test('a post’s image comes at the column’s width', async ({ page }) => {
      await page.goto(CAMERA_POST)
      const hero = await loadedImage(page, 'main article > div img')
      expect(expectJustAbove(hero, 2)).toBe(1680)
    })
  })

  test.describe('on a 1x desktop', () => {
    test.use({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 })

    test('cards come at the width of a column', async ({ page, mock }) => {
      await showCameraPhotos(page, mock)
      await page.goto('/blog')
      const first = await loadedImage(page, 'main article img')
      expect(expectJustAbove(first, 1)).toBe(400)
    })
  })

  test('a recorded call plays from the site, and a video becomes a link', async ({ page }) => {
    await page.goto(CAMERA_POST)
    const audio = page.locator('.prose audio')
    await expect(audio).toHaveAttribute('controls', '')
    await expect(audio).toHaveAttribute('src', /^\/media\/sample-call\.\w+$/)
    await audio.scrollIntoViewIfNeeded()
    await audio.evaluate((element: HTMLAudioElement) => element.load())
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.duration))
      .toBeGreaterThan(0.5)
    await expect(page.locator('.prose iframe')).toHaveCount(0)
    await expect(page.locator('.prose').getByRole('link', { name: /on YouTube/ })).toHaveAttribute(
      'href',
      /^https:\/\/www\.youtube\.com\/watch\?v=[\w-]+$/,
    )
  })
})

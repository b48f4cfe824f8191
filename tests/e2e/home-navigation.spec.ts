/** The fixed navigation with JavaScript: smooth scrolling, the current section, the scrolled bar, the mobile menu, and section links from other pages. */
import type { Locator, Page } from '@playwright/test'

import { expect, test } from './fixtures'
import {
  rememberConsent,
  scrollInstantly,
  scrollY,
  SECTION_IDS,
  sectionTop,
  waitForHydration,
  type SectionId,
} from './home-support'
import {
  nextFrames,
  pageTime,
  recordWhenPresent,
  runQueuedTasks,
  stopPageClock,
} from './page-clock'

const LABELS: Record<SectionId, string> = {
  home: 'Home',
  solutions: 'Solutions',
  'how-it-works': 'How it works',
  about: 'About',
  contact: 'Contact',
}
/** html { scroll-padding-top: 5rem }: where a section's top lands after a jump to it. */
const SCROLL_PADDING_PX = 80
const FRAMES_TO_RECORD = 150
/** From another page, a section link opens the home page and scrolls this long after. */
const RETURN_HOME_SCROLL_DELAY_MS = 100

/** window.scrollY on every animation frame while the action runs and for a while after. */
async function recordScroll(page: Page, action: () => Promise<void>): Promise<number[]> {
  await page.evaluate((frames) => {
    const samples: number[] = []
    Object.assign(window, { scrollSamples: samples })
    const sample = () => {
      samples.push(window.scrollY)
      if (samples.length < frames) requestAnimationFrame(sample)
    }
    requestAnimationFrame(sample)
  }, FRAMES_TO_RECORD)
  await action()
  await page.waitForFunction(
    (frames) => (window as unknown as { scrollSamples: number[] }).scrollSamples.length >= frames,
    FRAMES_TO_RECORD,
  )
  return page.evaluate(() => (window as unknown as { scrollSamples: number[] }).scrollSamples)
}

/**
 * Opens the home page, follows a link to a section while recording the scroll, and checks that
 * the scroll ends with the section's top at the scroll padding. Returns the positions in between:
 * none for a jump, some for a smooth scroll (how many depends on how many frames a busy machine
 * draws during the animation, so a test asks only whether there are any).
 */
async function followLinkToSection(page: Page, link: Locator, sectionId: SectionId) {
  await page.goto('/')
  await waitForHydration(page)
  const samples = await recordScroll(page, () => link.click())
  const target = (await sectionTop(page, sectionId)) - SCROLL_PADDING_PX
  expect(Math.abs(samples.at(-1)! - target)).toBeLessThan(2)
  return samples.filter((y) => y > 1 && y < target - 1)
}

function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main' })
}

async function currentItems(page: Page) {
  return mainNav(page).locator('[aria-current]').allTextContents()
}

test.beforeEach(async ({ page }) => {
  await rememberConsent(page)
  await page.setViewportSize({ width: 1280, height: 800 })
})

test('a section link scrolls smoothly to its section', async ({ page, consoleProblems }) => {
  const aboutLink = mainNav(page).getByRole('link', { name: 'About' })
  const inBetween = await followLinkToSection(page, aboutLink, 'about')
  expect(inBetween.length).toBeGreaterThan(0)
  await expect(page).toHaveURL(/\/#about$/)
  await expect(page.locator('#about')).toBeFocused()
  await expect(aboutLink).toHaveAttribute('aria-current', 'true')
  expect(consoleProblems).toEqual([])
})

test('with reduced motion a section link jumps at once', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  const contactLink = mainNav(page).getByRole('link', { name: 'Contact' })
  expect(await followLinkToSection(page, contactLink, 'contact')).toEqual([])
  await expect(page).toHaveURL(/\/#contact$/)
})

test("'Explore Solutions' scrolls smoothly to the solutions", async ({ page }) => {
  const exploreLink = page.getByRole('link', { name: 'Explore Solutions' })
  const inBetween = await followLinkToSection(page, exploreLink, 'solutions')
  expect(inBetween.length).toBeGreaterThan(0)
  await expect(page).toHaveURL(/\/#solutions$/)
  // The hero is React's like the rest of the page: its own click handler moved the focus there.
  await expect(page.locator('#solutions')).toBeFocused()
})

test('the current item is the last section whose top is at or above scroll position + 200 px', async ({
  page,
  consoleProblems,
}) => {
  await page.goto('/')
  await expect.poll(() => currentItems(page)).toEqual(['Home'])
  for (const [index, id] of SECTION_IDS.entries()) {
    if (index === 0) continue
    const top = await sectionTop(page, id)
    await scrollInstantly(page, Math.floor(top) - 201)
    await expect.poll(() => currentItems(page)).toEqual([LABELS[SECTION_IDS[index - 1]!]])
    await scrollInstantly(page, Math.ceil(top) - 200)
    await expect.poll(() => currentItems(page)).toEqual([LABELS[id]])
  }
  const middleOfHowItWorks =
    ((await sectionTop(page, 'how-it-works')) + (await sectionTop(page, 'about'))) / 2
  await scrollInstantly(page, Math.round(middleOfHowItWorks))
  await expect.poll(() => currentItems(page)).toEqual(['How it works'])
  await scrollInstantly(page, 0)
  await expect.poll(() => currentItems(page)).toEqual(['Home'])
  expect(consoleProblems).toEqual([])
})

test('the bar changes style after more than 50 px of scroll', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  const header = page.getByRole('banner')
  const shadow = () => header.evaluate((element) => getComputedStyle(element).boxShadow)
  await expect(header).toHaveAttribute('data-scrolled', 'false')
  const restingShadow = await shadow()
  await scrollInstantly(page, 50)
  // The scroll event comes with the next frame; React renders what it set in a task after it.
  await nextFrames(page)
  await runQueuedTasks(page)
  await expect(header).toHaveAttribute('data-scrolled', 'false')
  await scrollInstantly(page, 51)
  await expect(header).toHaveAttribute('data-scrolled', 'true')
  await expect.poll(shadow).not.toBe(restingShadow)
  await scrollInstantly(page, 0)
  await expect(header).toHaveAttribute('data-scrolled', 'false')
})

test('the bar is scrolled on other pages too, and no section is current there', async ({
  page,
}) => {
  await page.goto('/privacy-policy')
  await waitForHydration(page)
  await page.mouse.wheel(0, 400)
  await expect(page.getByRole('banner')).toHaveAttribute('data-scrolled', 'true')
  expect(await currentItems(page)).toEqual([])
})

test.describe('mobile menu', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
  })

  /** Opens the home page and its menu with a tap on the toggle. */
  async function openMobileMenuOnHome(page: Page) {
    await page.goto('/')
    await waitForHydration(page)
    await page.getByLabel('Menu').click()
    const menu = page.getByRole('navigation', { name: 'Mobile' })
    await expect(menu).toBeVisible()
    return menu
  }

  test('closes after a choice and scrolls to the section', async ({ page }) => {
    const menu = await openMobileMenuOnHome(page)
    await menu.getByRole('link', { name: 'How it works' }).click()
    await expect(menu).toBeHidden()
    await expect(page).toHaveURL(/\/#how-it-works$/)
    await expect(page.locator('#how-it-works h2')).toBeInViewport()
    await page.getByLabel('Menu').click()
    await expect(menu.getByRole('link', { name: 'How it works' })).toHaveAttribute(
      'aria-current',
      'true',
    )
  })

  test('closes on Escape and gives focus back to the toggle', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    const toggle = page.getByLabel('Menu')
    await toggle.focus()
    await page.keyboard.press('Enter')
    const menu = page.getByRole('navigation', { name: 'Mobile' })
    await expect(menu).toBeVisible()
    await page.keyboard.press('Tab')
    await expect(menu.getByRole('link', { name: 'Home' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(toggle).toBeFocused()
  })

  test('closes when the visitor presses outside it', async ({ page }) => {
    const menu = await openMobileMenuOnHome(page)
    await page.mouse.click(20, 400)
    await expect(menu).toBeHidden()
  })
})

test.describe('section links on another page', () => {
  for (const path of ['/blog', '/privacy-policy']) {
    test(`from ${path} go to / and scroll to the section 100 ms after it rendered, by the page clock`, async ({
      page,
      consoleProblems,
    }) => {
      await stopPageClock(page)
      await recordWhenPresent(page, 'homeRendered', '#about')
      // When the page first asks to scroll to a section, in page-clock time.
      await page.addInitScript(() => {
        const scrollIntoView = Element.prototype.scrollIntoView
        Element.prototype.scrollIntoView = function (...args) {
          const times = ((window as { pageTimes?: Record<string, number> }).pageTimes ??= {})
          times.scrollRequested ??= performance.now()
          return scrollIntoView.apply(this, args)
        }
      })
      await page.goto(path)
      await mainNav(page).getByRole('link', { name: 'About' }).click()
      await expect(page.locator('#about')).toBeAttached()
      // The home page's effects have run: the delay's timer is set, on a stopped clock.
      await runQueuedTasks(page)
      await page.clock.runFor(RETURN_HOME_SCROLL_DELAY_MS - 1)
      await runQueuedTasks(page)
      expect(await pageTime(page, 'scrollRequested')).toBeUndefined()
      expect(await scrollY(page)).toBe(0)
      await page.clock.runFor(1)
      await expect(page).toHaveURL(/\/#about$/)
      await expect(page.locator('#about h2')).toBeInViewport()
      const homeRendered = (await pageTime(page, 'homeRendered'))!
      const scrollRequested = (await pageTime(page, 'scrollRequested'))!
      expect(scrollRequested - homeRendered).toBe(RETURN_HOME_SCROLL_DELAY_MS)
      expect(consoleProblems).toEqual([])
    })
  }

  test('the logo goes to the top of the home page', async ({ page }) => {
    await page.goto('/privacy-policy')
    await waitForHydration(page)
    // Room to scroll whatever the length of the legal text.
    await page.evaluate(() => (document.body.style.minHeight = '4000px'))
    await scrollInstantly(page, 1500)
    await page.getByRole('banner').getByRole('link', { name: 'Brightwell AI home' }).click()
    await expect(page).toHaveURL(/\/#home$/)
    await expect.poll(() => scrollY(page)).toBe(0)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Never miss a call or enquiry again',
    )
  })

  test('the Blog item marks the blog as the current page', async ({ page }) => {
    await page.goto('/blog')
    await expect(mainNav(page).getByRole('link', { name: 'Blog' })).toHaveAttribute(
      'aria-current',
      'page',
    )
  })
})

/**
 * The enquiry form as a visitor uses it, with and without JavaScript: the rules, answers and messages of docs/contracts.md.
 */
import type { Locator, Page } from '@playwright/test'

import {
  ENQUIRY_FAILED_MESSAGE as FAILED_MESSAGE,
  REQUIRED_MESSAGES,
  servedAtMs,
  uniqueEnquiry,
  waitLikeAPerson,
} from '../support/enquiry'
import { startStack, type MockControl } from '../support/stack'

import { expectNoAxeViolations } from './axe'
import { expect, test } from './fixtures'
import { describeWithJavaScriptOnAndOff } from './javascript-on-and-off'
import { SMOKE } from './smoke'
import { countdown, holdToastCountdowns, runCountdownTo } from './toast-countdown'

// A new one for every test: the site forwards the same enquiry only once in 10 minutes.
let enquiry = uniqueEnquiry()
test.beforeEach(() => {
  enquiry = uniqueEnquiry()
})
type Fields = typeof enquiry

/** A toast closes by itself this long after it appears. */
const TOAST_AUTO_CLOSE_MS = 4000

const LABELS: Record<keyof Fields, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone number',
  businessName: 'Business name',
  message: 'How can we help?',
}

/** Chromium reports every 4xx/5xx answer in the console; the failure cases expect theirs. */
function unexpectedProblems(problems: string[]) {
  return problems.filter(
    (problem) =>
      !/Failed to load resource: the server responded with a status of (400|429|502)/.test(problem),
  )
}

function form(page: Page) {
  return page.locator('form[action="/contact"]')
}

/** Fills in the form as a person would: not within 2 s of the page, which only bots manage. */
async function fill(form: Locator, fields: Partial<Fields>) {
  for (const [field, value] of Object.entries(fields)) {
    await form.getByLabel(LABELS[field as keyof Fields], { exact: true }).fill(value)
  }
  await waitLikeAPerson(form)
}

async function expectValues(scope: Locator, fields: Fields) {
  for (const [field, value] of Object.entries(fields)) {
    await expect(scope.getByLabel(LABELS[field as keyof Fields], { exact: true })).toHaveValue(
      value,
    )
  }
}

async function expectEmptyForm(scope: Locator) {
  for (const label of Object.values(LABELS)) {
    await expect(scope.getByLabel(label, { exact: true })).toHaveValue('')
  }
}

async function received(mock: MockControl) {
  return (await mock.enquiries()).map((entry) => entry.body)
}

test.describe('the enquiry form, JavaScript on', () => {
  test("sends the form's served-at time with the JavaScript submission, which is judged by it", async ({
    page,
    context,
    mock,
  }) => {
    await page.goto('/contact')
    // The time as a bot would forge it, in the cookies the site set, where they are.
    const served = (await context.cookies()).filter(({ name }) => name === 'form_served_at')
    expect(served.map(({ path }) => path).sort()).toEqual(['/contact', '/contact.data'])
    await context.addCookies(served.map((cookie) => ({ ...cookie, value: 'forged' })))
    for (const [field, value] of Object.entries(enquiry)) {
      await form(page)
        .getByLabel(LABELS[field as keyof Fields], { exact: true })
        .fill(value)
    }
    const submission = page.waitForRequest(
      (request) =>
        request.method() === 'POST' && new URL(request.url()).pathname === '/contact.data',
    )
    await form(page).getByRole('button', { name: 'Send Message' }).click()
    expect((await (await submission).allHeaders()).cookie).toContain('form_served_at=forged')
    // Answered as a sent enquiry, so a bot learns nothing; nothing reaches the backend.
    await expect(page.getByRole('dialog', { name: /Thank you/ })).toBeVisible()
    expect(await received(mock)).toEqual([])
  })

  test('checks every field on submit, before sending anything', async ({
    page,
    mock,
    consoleProblems,
  }) => {
    const posts: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url())
    })
    await page.goto('/contact')
    await form(page).getByRole('button', { name: 'Send Message' }).click()

    for (const [field, message] of REQUIRED_MESSAGES) {
      const input = form(page).getByLabel(LABELS[field], { exact: true })
      await expect(input).toHaveAttribute('aria-invalid', 'true')
      await expect(input).toHaveAccessibleDescription(new RegExp(message))
    }
    await expect(form(page).getByLabel('First name')).toBeFocused()
    expect(posts).toEqual([])
    expect((await mock.state()).enquiryRequests).toBe(0)
    expect(consoleProblems).toEqual([])
  })

  test('shows the format messages and moves focus to the first invalid field', async ({
    page,
    mock,
  }) => {
    await page.goto('/contact')
    await fill(form(page), { ...enquiry, email: 'zoe@', phone: '020 7946 0958', message: 'Hi' })
    await form(page).getByRole('button', { name: 'Send Message' }).click()
    await expect(form(page).getByText('Please enter a valid email address')).toBeVisible()
    await expect(form(page).getByText('Please enter a valid phone number')).toBeVisible()
    await expect(form(page).getByText('Message must be at least 10 characters long')).toBeVisible()
    await expect(form(page).getByLabel('Email')).toBeFocused()
    await expect(form(page).getByText('First name is required')).toHaveCount(0)
    expect((await mock.state()).enquiryRequests).toBe(0)
  })

  test("clears a field's error as soon as the visitor edits that field", async ({ page }) => {
    await page.goto('/contact')
    await form(page).getByRole('button', { name: 'Send Message' }).click()
    await expect(form(page).getByText('First name is required')).toBeVisible()

    await form(page).getByLabel('First name').press('Z')
    await expect(form(page).getByText('First name is required')).toHaveCount(0)
    await expect(form(page).getByLabel('First name')).not.toHaveAttribute('aria-invalid')
    await expect(form(page).getByText('Last name is required')).toBeVisible()
  })

  test(
    'sends in place: Sending..., then the thank-you dialog and an empty form',
    SMOKE,
    async ({ page, mock, consoleProblems }) => {
      await mock.setState({ enquiries: 'slow', delayMs: 1200 })
      await page.goto('/contact')
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))
      await fill(form(page), enquiry)
      await form(page).getByRole('button', { name: 'Send Message' }).click()

      const sending = form(page).getByRole('button', { name: 'Sending...' })
      await expect(sending).toBeVisible()
      await expect(sending).toBeDisabled()

      const dialog = page.getByRole('dialog', { name: /Thank you/ })
      await expect(dialog).toBeVisible()
      await expect(page).toHaveURL(/\/contact$/)
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
        true,
      )
      await expectEmptyForm(form(page))
      expect(await received(mock)).toEqual([enquiry])

      await dialog.getByRole('button', { name: 'Close', exact: true }).click()
      await expect(dialog).toBeHidden()
      await expect(form(page).getByRole('button', { name: 'Send Message' })).toBeFocused()

      // Reloading sends nothing again.
      await page.reload()
      await expect(form(page).getByLabel('First name')).toBeVisible()
      expect(await received(mock)).toHaveLength(1)
      expect(consoleProblems).toEqual([])
    },
  )

  test('the thank-you address works with JavaScript too, and Close leaves it', async ({
    page,
    mock,
    consoleProblems,
  }) => {
    await page.goto('/contact?sent=1')
    const dialog = page.getByRole('dialog', { name: /Thank you/ })
    await expect(dialog).toBeVisible()
    // Opened as a modal once hydrated: the page behind is inert.
    await expect.poll(() => dialog.evaluate((element) => element.matches(':modal'))).toBe(true)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(page).toHaveURL(/\/contact$/)
    expect((await mock.state()).enquiryRequests).toBe(0)
    expect(consoleProblems).toEqual([])
  })

  test('trims the values it sends', async ({ page, mock }) => {
    await page.goto('/contact')
    await fill(form(page), {
      ...enquiry,
      firstName: `  ${enquiry.firstName}  `,
      message: `\n${enquiry.message}\n\n`,
    })
    await form(page).getByRole('button', { name: 'Send Message' }).click()
    await expect(page.getByRole('dialog', { name: /Thank you/ })).toBeVisible()
    expect(await received(mock)).toEqual([enquiry])
  })

  test('sends once on a double click or a repeated Enter', async ({ page, mock }) => {
    await mock.setState({ enquiries: 'slow', delayMs: 800 })
    await page.goto('/contact')
    await fill(form(page), enquiry)
    await form(page).getByRole('button', { name: 'Send Message' }).dblclick()
    await expect(page.getByRole('dialog', { name: /Thank you/ })).toBeVisible()
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click()

    const another = uniqueEnquiry()
    await fill(form(page), another)
    const firstName = form(page).getByLabel('First name')
    await firstName.press('Enter')
    await firstName.press('Enter')
    await firstName.press('Enter')
    await expect(page.getByRole('dialog', { name: /Thank you/ })).toBeVisible()
    await page.waitForTimeout(1000)
    expect(await received(mock)).toEqual([enquiry, another])
  })

  test('keeps every value and shows the error toast when the backend fails', async ({
    page,
    mock,
    consoleProblems,
  }) => {
    await mock.setState({ enquiries: 'fail' })
    const warnings: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text())
    })
    await page.goto('/contact')
    await fill(form(page), enquiry)
    // The action's own answer carries the message: the browser shows it, no other request needed.
    const requested: string[] = []
    page.on('request', (request) => requested.push(new URL(request.url()).pathname))
    const answer = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/contact.data',
    )
    await form(page).getByRole('button', { name: 'Send Message' }).click()
    expect((await answer).status()).toBe(502)

    const toast = page.locator('.Toastify__toast').filter({ hasText: FAILED_MESSAGE })
    await expect(toast).toBeVisible()
    expect(requested.filter((path) => path.endsWith('.data'))).toEqual(['/contact.data'])
    await expect(toast).toHaveClass(/Toastify__toast-theme--dark/)
    await expect(toast).toHaveClass(/Toastify__toast--error/)
    await expect(page.locator('.Toastify__toast-container')).toHaveClass(
      /Toastify__toast-container--top-right/,
    )
    // The toast slides in from the right: measure where it comes to rest.
    await toast.evaluate((element) =>
      Promise.all(element.getAnimations().map((animation) => animation.finished)),
    )
    const box = (await toast.boundingBox())!
    const viewport = page.viewportSize()!
    expect(box.y).toBeLessThan(100)
    expect(viewport.width - (box.x + box.width)).toBeLessThan(40)

    // Shown once: as the toast, not again in the page.
    await expect(page.getByText(FAILED_MESSAGE)).toHaveCount(1)
    await expectValues(form(page), enquiry)
    await expect(form(page).getByRole('button', { name: 'Send Message' })).toBeEnabled()
    await expect(page.getByRole('dialog', { name: /Thank you/ })).toBeHidden()
    expect((await mock.state()).enquiryRequests).toBe(1)
    expect(unexpectedProblems(consoleProblems)).toEqual([])

    // The same values go through once the backend is back.
    await mock.setState({ enquiries: 'ok' })
    await form(page).getByRole('button', { name: 'Send Message' }).click()
    await expect(page.getByRole('dialog', { name: /Thank you/ })).toBeVisible()
    expect(await received(mock)).toEqual([enquiry])
  })

  test('the toast closes after 4 s, pauses on hover and focus loss, newest on top', async ({
    page,
    mock,
  }) => {
    await holdToastCountdowns(page)
    await mock.setState({ enquiries: 'fail' })
    await page.goto('/contact')
    await fill(form(page), enquiry)
    const send = form(page).getByRole('button', { name: 'Send Message' })
    const toasts = page.locator('.Toastify__toast')

    await send.click()
    await expect(toasts).toHaveCount(1)
    await toasts.first().evaluate((element) => element.setAttribute('data-first', ''))
    await send.click()
    await expect(toasts).toHaveCount(2)
    await expect(toasts.nth(1)).toHaveAttribute('data-first', '')

    // A 4 s countdown that closes the toast when it ends, and not a moment before.
    const first = page.locator('.Toastify__toast[data-first]')
    expect(await countdown(first)).toMatchObject({ durationMs: TOAST_AUTO_CLOSE_MS, atMs: 0 })
    await runCountdownTo(first, TOAST_AUTO_CLOSE_MS - 1)
    await expect(toasts).toHaveCount(2)
    await runCountdownTo(first, TOAST_AUTO_CLOSE_MS)
    await expect(first).toHaveCount(0)

    // Hovering pauses the countdown, and leaving the toast starts it again.
    const toast = toasts.first()
    // Hover once it has slid into place, where the pointer stays on it.
    await toast.evaluate((element) =>
      Promise.all(
        element.getAnimations().map((animation) => animation.finished.catch(() => undefined)),
      ),
    )
    expect((await countdown(toast)).playState).toBe('running')
    await toast.hover()
    await expect.poll(async () => (await countdown(toast)).playState).toBe('paused')
    await page.mouse.move(0, 300)
    await expect.poll(async () => (await countdown(toast)).playState).toBe('running')

    // So does the window losing focus.
    await page.evaluate(() => window.dispatchEvent(new Event('blur')))
    await expect.poll(async () => (await countdown(toast)).playState).toBe('paused')
    await page.evaluate(() => window.dispatchEvent(new Event('focus')))
    await expect.poll(async () => (await countdown(toast)).playState).toBe('running')
    await runCountdownTo(toast, TOAST_AUTO_CLOSE_MS)
    await expect(toasts).toHaveCount(0)
  })

  test('a lost connection also keeps the values and shows the toast, not an error page', async ({
    page,
    mock,
    consoleProblems,
  }) => {
    await page.goto('/contact')
    await page.route(
      (url) => url.pathname === '/contact.data',
      (route) => route.abort('internetdisconnected'),
    )
    await fill(form(page), enquiry)
    await form(page).getByRole('button', { name: 'Send Message' }).click()
    await expect(page.locator('.Toastify__toast').filter({ hasText: FAILED_MESSAGE })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toHaveCount(
      0,
    )
    await expectValues(form(page), enquiry)
    expect((await mock.state()).enquiryRequests).toBe(0)
    expect(
      unexpectedProblems(consoleProblems).filter(
        (problem) => !/ERR_INTERNET_DISCONNECTED/.test(problem),
      ),
    ).toEqual([])
  })

  test('has no axe violations, with messages showing and with the dialog open', async ({
    page,
  }) => {
    await page.goto('/contact')
    await form(page).getByRole('button', { name: 'Send Message' }).click()
    await expect(form(page).getByText('First name is required')).toBeVisible()
    await expectNoAxeViolations(page)

    await fill(form(page), enquiry)
    await form(page).getByRole('button', { name: 'Send Message' }).click()
    await expect(page.getByRole('dialog', { name: /Thank you/ })).toBeVisible()
    await expectNoAxeViolations(page)
  })
})

test.describe('the enquiry form, JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test('a failed check lands on /contact with every message, value and focus', async ({
    page,
    mock,
    consoleProblems,
  }) => {
    await page.goto('/contact')
    const typed = { ...enquiry, email: 'zoe@', phone: '+', message: 'Too short' }
    await fill(form(page), typed)
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.request().method() === 'POST'),
      form(page).getByRole('button', { name: 'Send Message' }).click(),
    ])
    expect(response.status()).toBe(400)
    await expect(page).toHaveURL(/\/contact$/)
    await expect(form(page).getByLabel('Email')).toHaveAccessibleDescription(
      'Please enter a valid email address',
    )
    await expect(form(page).getByLabel('Phone number')).toHaveAccessibleDescription(
      /Please enter a valid phone number/,
    )
    await expect(form(page).getByLabel('How can we help?')).toHaveAccessibleDescription(
      /Message must be at least 10 characters long/,
    )
    await expect(form(page).getByLabel('Email')).toBeFocused()
    await expectValues(form(page), typed)
    expect((await mock.state()).enquiryRequests).toBe(0)
    expect(unexpectedProblems(consoleProblems)).toEqual([])
  })

  test(
    'success is a redirect to the thank-you dialog; reloading sends nothing',
    SMOKE,
    async ({ page, mock }) => {
      await page.goto('/contact')
      await fill(form(page), enquiry)
      await form(page).getByRole('button', { name: 'Send Message' }).click()
      await expect(page).toHaveURL(/\/contact\?sent=1$/)
      const dialog = page.getByRole('dialog', { name: /Thank you/ })
      await expect(dialog).toBeVisible()
      await expect(dialog.getByRole('heading', { name: /Thank you/ })).toBeVisible()
      expect(await received(mock)).toEqual([enquiry])

      await page.reload()
      await expect(dialog).toBeVisible()
      expect(await received(mock)).toHaveLength(1)

      await dialog.getByRole('link', { name: 'Close', exact: true }).click()
      await expect(page).toHaveURL(/\/contact$/)
      await expect(page.getByRole('dialog', { name: /Thank you/ })).toBeHidden()
      await expectEmptyForm(form(page))
    },
  )

  test('a backend failure shows the message in the page and keeps every value', async ({
    page,
    mock,
  }) => {
    await mock.setState({ enquiries: 'fail' })
    await page.goto('/contact')
    await fill(form(page), enquiry)
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.request().method() === 'POST'),
      form(page).getByRole('button', { name: 'Send Message' }).click(),
    ])
    expect(response.status()).toBe(502)
    await expect(form(page).getByRole('alert')).toContainText(FAILED_MESSAGE)
    await expect(
      form(page).getByRole('alert').getByRole('link', { name: '+44 20 7946 0958' }),
    ).toHaveAttribute('href', 'tel:+442079460958')
    await expectValues(form(page), enquiry)
    await expect(page.getByRole('dialog', { name: /Thank you/ })).toBeHidden()

    await mock.setState({ enquiries: 'ok' })
    await form(page).getByRole('button', { name: 'Send Message' }).click()
    await expect(page).toHaveURL(/\/contact\?sent=1$/)
    expect(await received(mock)).toEqual([enquiry])
  })
})

describeWithJavaScriptOnAndOff('too many enquiries', () => {
  test('says so, with the other ways to reach us, and keeps the values', async ({ page }) => {
    const limited = await startStack({ CONTACT_RATE_LIMIT: '1/60' })
    try {
      await page.goto(`${limited.baseUrl}/contact`)
      await fill(form(page), enquiry)
      await form(page).getByRole('button', { name: 'Send Message' }).click()
      await expect(page.getByRole('dialog', { name: /Thank you/ })).toBeVisible()

      // Another enquiry: the same one again would be answered as sent (a repeat), not counted.
      const another = uniqueEnquiry()
      await page.goto(`${limited.baseUrl}/contact`)
      await fill(form(page), another)
      await form(page).getByRole('button', { name: 'Send Message' }).click()
      const alert = form(page).getByRole('alert')
      await expect(alert).toContainText('Too many enquiries')
      await expect(alert.getByRole('link', { name: 'hello@brightwell.example' })).toHaveAttribute(
        'href',
        'mailto:hello@brightwell.example',
      )
      await expect(alert.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
        'href',
        'https://wa.me/442079460958',
      )
      await expectValues(form(page), another)
      expect(await received(limited.mock)).toHaveLength(1)
    } finally {
      await limited.stop()
    }
  })
})

test.describe('the form on the home page', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/')
  })

  test('with JavaScript it sends in place, without leaving the page', async ({ page, mock }) => {
    const homeForm = page.locator('#contact form[action="/contact"]')
    await homeForm.getByRole('button', { name: 'Send Message' }).click()
    await expect(homeForm.getByText('First name is required')).toBeVisible()
    await expect(homeForm.getByLabel('First name')).toBeFocused()

    await fill(homeForm, enquiry)
    await homeForm.getByRole('button', { name: 'Send Message' }).click()
    await expect(page.getByRole('dialog', { name: /Thank you/ })).toBeVisible()
    await expect(page).toHaveURL(/\/(#contact)?$/)
    expect(await received(mock)).toEqual([enquiry])
  })

  test('a lost connection keeps the home page and every value, and shows the toast', async ({
    page,
    mock,
  }) => {
    await page.route(
      (url) => url.pathname.endsWith('.data'),
      (route) => route.abort('internetdisconnected'),
    )
    const homeForm = page.locator('#contact form[action="/contact"]')
    await fill(homeForm, enquiry)
    await homeForm.getByRole('button', { name: 'Send Message' }).click()
    await expect(page.locator('.Toastify__toast').filter({ hasText: FAILED_MESSAGE })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toHaveCount(
      0,
    )
    await expectValues(homeForm, enquiry)
    expect((await mock.state()).enquiryRequests).toBe(0)
  })

  test('with JavaScript a failure is the toast, with the values kept on the home page', async ({
    page,
    mock,
  }) => {
    await mock.setState({ enquiries: 'fail' })
    const homeForm = page.locator('#contact form[action="/contact"]')
    await fill(homeForm, enquiry)
    await homeForm.getByRole('button', { name: 'Send Message' }).click()
    await expect(page.locator('.Toastify__toast').filter({ hasText: FAILED_MESSAGE })).toBeVisible()
    await expect(page).toHaveURL(/\/(#contact)?$/)
    await expectValues(homeForm, enquiry)
  })
})

test.describe('the form on the home page, JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test('a failed check lands on /contact with the messages and values', async ({ page, mock }) => {
    await page.goto('/')
    const homeForm = page.locator('#contact form[action="/contact"]')
    await fill(homeForm, { ...enquiry, email: 'zoe@' })
    await homeForm.getByRole('button', { name: 'Send Message' }).click()
    await expect(page).toHaveURL(/\/contact$/)
    await expect(form(page).getByLabel('Email')).toHaveAccessibleDescription(
      'Please enter a valid email address',
    )
    await expectValues(form(page), { ...enquiry, email: 'zoe@' })

    await form(page).getByLabel('Email').fill(enquiry.email)
    await form(page).getByRole('button', { name: 'Send Message' }).click()
    await expect(page.getByRole('dialog', { name: /Thank you/ })).toBeVisible()
    expect(await received(mock)).toEqual([enquiry])
  })
})

describeWithJavaScriptOnAndOff('a person is never taken for a bot', () => {
  test('a submit with errors, a fix and a quick resubmit is forwarded', async ({ page, mock }) => {
    await page.goto('/contact')
    const servedAt = await servedAtMs(form(page))
    await fill(form(page), { ...enquiry, email: 'zoe@' })
    await form(page).getByRole('button', { name: 'Send Message' }).click()
    await expect(form(page).getByLabel('Email')).toHaveAccessibleDescription(
      'Please enter a valid email address',
    )
    const errorsShownAt = Date.now()
    // The form shown again, by the server without JavaScript, keeps the time it was first served.
    expect(await servedAtMs(form(page))).toBe(servedAt)

    await form(page).getByLabel('Email').fill(enquiry.email)
    // Sent again well within 2 s of the errors being shown: quicker than the bot rule allows.
    expect(Date.now() - errorsShownAt).toBeLessThan(2000)
    await form(page).getByRole('button', { name: 'Send Message' }).click()
    await expect(page.getByRole('dialog', { name: /Thank you/ })).toBeVisible()
    await expect.poll(async () => received(mock)).toEqual([enquiry])
  })

  test('the honeypot is out of sight, out of the tab order and out of the accessibility tree', async ({
    page,
  }) => {
    await page.goto('/contact')
    const trap = form(page).locator('input[name="companyWebsite"]')
    await expect(trap).toHaveCount(1)
    await expect(trap).not.toBeInViewport()
    await expect(trap).toHaveAttribute('tabindex', '-1')
    await expect(trap).toHaveAttribute('autocomplete', 'off')
    await expect(form(page).getByRole('textbox', { name: 'Leave this field empty' })).toHaveCount(0)
    // The trap comes first in the form; going back from the first field skips it.
    await form(page).getByLabel('First name').focus()
    await page.keyboard.press('Shift+Tab')
    await expect(trap).not.toBeFocused()
    await expect(form(page).getByLabel('First name')).not.toBeFocused()
  })
})

test.describe('the discovery call card', () => {
  test.use({ javaScriptEnabled: false })

  test('is the same card, with the same title and button, on the home page and on /contact', async ({
    page,
  }) => {
    const cards: Array<{ text: string; bookingUrl: string | null }> = []
    for (const path of ['/', '/contact']) {
      await page.goto(path)
      const card = page
        .locator('div', { has: page.getByRole('heading', { name: 'Schedule Discovery Call' }) })
        .last()
      const book = card.getByRole('link', { name: /^Book your free 30-minute call/ })
      await expect(book).toHaveAttribute('target', '_blank')
      cards.push({ text: await card.innerText(), bookingUrl: await book.getAttribute('href') })
    }
    expect(cards[0]!.bookingUrl).toMatch(/^https:\/\//)
    expect(cards[1]).toEqual(cards[0])
  })
})

/** The home page's content, meta and accessibility, with and without JavaScript. */
import { expect, test } from './fixtures'
import { rememberConsent, SECTION_IDS, waitForHydration } from './home-support'
import { SMOKE } from './smoke'

const SCHEDULER = /^https:\/\//

for (const javaScriptEnabled of [true, false]) {
  test.describe(`home page content, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled })

    test.beforeEach(async ({ page }) => {
      await rememberConsent(page)
    })

    test('has the five anchored sections in order', async ({ page, consoleProblems }) => {
      await page.goto('/')
      const ids = await page
        .locator('main section[id]')
        .evaluateAll((sections) => sections.map((section) => section.id))
      expect(ids).toEqual([...SECTION_IDS])
      for (const id of SECTION_IDS) {
        await expect(page.locator(`#${id}`)).toHaveAttribute('aria-labelledby', /.+/)
      }
      expect(consoleProblems).toEqual([])
    })

    test(
      'hero states the offer, links to solutions and the scheduler, and shows the impact figures',
      SMOKE,
      async ({ page }) => {
        await page.goto('/')
        const hero = page.locator('#home')
        await expect(hero.getByRole('heading', { level: 1 })).toHaveText(
          'Never miss a call or enquiry again',
        )
        await expect(hero).toContainText('answer your phone and website 24/7')
        await expect(hero.getByRole('link', { name: 'Explore Solutions' })).toHaveAttribute(
          'href',
          '#solutions',
        )
        const demo = hero.getByRole('link', { name: 'Schedule a Demo' })
        await expect(demo).toHaveAttribute('href', SCHEDULER)
        await expect(demo).toHaveAttribute('target', '_blank')
        await expect(demo).toHaveAttribute('rel', 'noopener noreferrer')
        const figures = hero.locator('dl > div')
        await expect(figures).toHaveCount(4)
        for (const [value, label] of [
          ['500+', 'Businesses automated'],
          ['95%', 'Customer satisfaction'],
          ['24/7', 'AI support'],
          ['50%', 'Average time savings'],
        ] as const) {
          const figure = figures.filter({ hasText: label })
          await expect(figure.getByRole('definition')).toHaveText(value)
        }
      },
    )

    // Static markup that reads no hydration state: its text is the server's, as the test above
    // shows without JavaScript for every section, so it is read once, with JavaScript on.
    if (javaScriptEnabled) {
      test('solutions shows three cards with three features each', async ({ page }) => {
        await page.goto('/')
        const cards = page.locator('#solutions > div > ul > li')
        await expect(cards).toHaveCount(3)
        for (const [index, title] of [
          'AI Chatbots',
          'Voice Agents',
          'Workflow Automation',
        ].entries()) {
          const card = cards.nth(index)
          await expect(card.getByRole('heading', { level: 3 })).toHaveText(title)
          await expect(card.getByRole('listitem')).toHaveCount(3)
        }
      })

      test('how it works shows six steps with durations and features, and three stats', async ({
        page,
      }) => {
        await page.goto('/')
        const steps = page.locator('#how-it-works ol > li')
        await expect(steps).toHaveCount(6)
        const durations = ['30 min', '2-3 days', '1-2 weeks', '2-3 weeks', '1-2 weeks', 'Go-live']
        for (const [index, duration] of durations.entries()) {
          const step = steps.nth(index)
          await expect(step).toContainText(String(index + 1))
          await expect(step.getByRole('heading', { level: 3 })).toHaveText(/\S/)
          await expect(step.locator('p').first()).toHaveText(`Duration: ${duration}`)
          await expect(step.locator('h3 + p')).toHaveText(/.{20,}/)
          await expect(step.getByRole('listitem')).toHaveCount(3)
        }
        await expect(steps.first().getByRole('heading')).toHaveText('Step 1: Discovery Call')
        const stats = await page
          .locator('#how-it-works dl > div')
          .evaluateAll((pairs) =>
            pairs.map((pair) => [
              pair.querySelector('dd')?.textContent,
              pair.querySelector('dt')?.textContent,
            ]),
          )
        expect(stats).toEqual([
          ['50%', 'faster implementation'],
          ['24/7', expect.stringMatching(/\S/)],
          ['90%', 'reduction in manual tasks'],
        ])
      })

      test('about shows the mission, vision and impact', async ({ page }) => {
        await page.goto('/')
        const about = page.locator('#about')
        for (const title of ['Our Mission', 'Our Vision', 'Our Impact']) {
          await expect(about.getByRole('heading', { name: title })).toBeVisible()
        }
        await expect(about).toContainText('500 businesses')
      })

      test('contact offers phone, email, live chat, the form and a free discovery call', async ({
        page,
      }) => {
        await page.goto('/')
        const contact = page.locator('#contact')
        await expect(contact.getByRole('link', { name: '+44 20 7946 0958' })).toHaveAttribute(
          'href',
          'tel:+442079460958',
        )
        await expect(
          contact.getByRole('link', { name: 'hello@brightwell.example' }),
        ).toHaveAttribute('href', 'mailto:hello@brightwell.example')
        const chat = contact.getByRole('link', { name: /Start a live chat/ })
        await expect(chat).toHaveAttribute('href', 'https://wa.me/442079460958')
        await expect(chat).toHaveAttribute('target', '_blank')
        await expect(contact).toContainText('WhatsApp')
        await expect(contact).toContainText('remote-first')
        // The shared enquiry form, rendered with the home page's id prefix.
        expect(await contact.locator('[id^="home-"]').count()).toBeGreaterThan(0)

        const call = contact.locator('div', {
          has: page.getByRole('heading', { name: 'Schedule Discovery Call' }),
        })
        await expect(call.last()).toContainText('Free')
        await expect(call.last()).toContainText('30 minutes')
        const book = call.last().getByRole('link', { name: /Book your free 30-minute call/ })
        await expect(book).toHaveAttribute('href', SCHEDULER)
        await expect(book).toHaveAttribute('target', '_blank')
        await expect(book).toHaveAttribute('rel', 'noopener noreferrer')
      })
    }
  })
}

test.describe('home page without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('section links are anchors that work', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/')
    await page.getByRole('link', { name: 'Explore Solutions' }).click()
    await expect(page).toHaveURL(/\/#solutions$/)
    await expect(page.getByRole('heading', { level: 2, name: /AI that answers/ })).toBeInViewport()

    const nav = page.getByRole('navigation', { name: 'Main' })
    for (const [label, id] of [
      ['How it works', 'how-it-works'],
      ['About', 'about'],
      ['Contact', 'contact'],
      ['Home', 'home'],
    ]) {
      await nav.getByRole('link', { name: label }).click()
      await expect(page).toHaveURL(new RegExp(`/#${id}$`))
      await expect(page.locator(`#${id} h1, #${id} h2`).first()).toBeInViewport()
    }
  })

  test('every mark the stylesheet draws shows, in its colour', async ({ page }) => {
    await page.goto('/')
    const marks = await page
      .locator('main :is(.check-point, .check-mark, .clock-mark)')
      .evaluateAll((elements) =>
        elements.map((element) => {
          const mark = getComputedStyle(element, '::before')
          return {
            kind: element.classList.contains('check-point') ? 'point' : 'mark',
            section: element.closest('section')?.id,
            size: `${mark.width} ${mark.height}`,
            drawn: mark.maskImage.startsWith('url("data:image/svg+xml'),
            colour: mark.backgroundColor,
            textColour: getComputedStyle(element).color,
          }
        }),
      )
    const points = marks.filter((mark) => mark.kind === 'point')
    const others = marks.filter((mark) => mark.kind === 'mark')
    // The hero's four steps, the six steps' durations and the discovery call's; the 30 list points,
    // each in its section's colour.
    expect(others).toHaveLength(11)
    for (const { size, drawn, colour, textColour } of others) {
      expect({ size, drawn, colour }).toEqual({
        size: '16px 16px',
        drawn: true,
        colour: textColour,
      })
    }
    expect(points).toHaveLength(30)
    const colours: Record<string, string> = {}
    for (const { section, size, drawn, colour } of points) {
      expect({ size, drawn }).toEqual({ size: '20px 20px', drawn: true })
      expect(colour).not.toBe('rgba(0, 0, 0, 0)')
      colours[section!] ??= colour
      expect(colour).toBe(colours[section!])
    }
    expect(Object.keys(colours)).toEqual(['solutions', 'how-it-works', 'about'])
    expect(new Set(Object.values(colours)).size).toBe(3)
  })

  test('no dialog covers the page', async ({ page }) => {
    await page.goto('/')
    await page.waitForTimeout(1500)
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page.locator('dialog[open]')).toHaveCount(0)
  })
})

test('meta tags describe the home page with absolute URLs', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveTitle('Brightwell AI | AI Chatbots & Voice Agents for UK SMEs')
  const head = page.locator('head')
  const description = await head.locator('meta[name="description"]').getAttribute('content')
  expect(description).toMatch(/AI chatbots, voice agents and workflow automation/)
  expect(description!.length).toBeLessThanOrEqual(155)
  const canonical = await head.locator('link[rel="canonical"]').getAttribute('href')
  expect(canonical).toMatch(/^http:\/\/localhost:\d+\/$/)
  await expect(head.locator('link[rel="canonical"]')).toHaveCount(1)
  const property = (name: string) => head.locator(`meta[property="${name}"]`)
  await expect(property('og:url')).toHaveAttribute('content', canonical!)
  await expect(property('og:type')).toHaveAttribute('content', 'website')
  await expect(property('og:title')).toHaveAttribute('content', /Brightwell AI/)
  await expect(property('og:description')).toHaveAttribute('content', description!)
  await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute(
    'content',
    'summary_large_image',
  )
  await expect(property('og:image')).toHaveAttribute(
    'content',
    /^http:\/\/localhost:\d+\/social-card\.png$/,
  )
  await expect(head.locator('title')).toHaveCount(1)
})

test('JSON-LD describes the company and its contact points', async ({ page, request }) => {
  const response = await request.get('/')
  const html = await response.text()
  const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)
  const graph = JSON.parse(block![1]!)
  expect(graph['@context']).toBe('https://schema.org')
  const data = graph['@graph'][0]
  expect(data['@type']).toEqual(['Organization', 'ProfessionalService'])
  expect(data.name).toBe('Brightwell AI')
  expect(data.url).toMatch(/^http:\/\/localhost:\d+\/$/)
  expect(data.telephone).toBe('+442079460958')
  expect(data.email).toBe('hello@brightwell.example')
  expect(data.contactPoint).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ '@type': 'ContactPoint', telephone: '+442079460958' }),
    ]),
  )

  // The same block survives hydration without a console complaint.
  await rememberConsent(page)
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || /hydrat|did not match/i.test(message.text()))
      problems.push(message.text())
  })
  await page.goto('/')
  await waitForHydration(page)
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1)
  expect(problems).toEqual([])
})

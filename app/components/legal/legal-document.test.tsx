// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'

import { privacyPolicy } from '~/content/legal/privacy-policy'
import { termsOfService } from '~/content/legal/terms-of-service'

import { renderInApp as render } from '../../../tests/support/render-in-app'

import { LegalDocumentBody } from './legal-document'

function headingOutline(container: HTMLElement, selector: string) {
  return [...container.querySelectorAll(selector)].map((heading) => heading.textContent)
}

describe.each([privacyPolicy, termsOfService])('$title', (doc) => {
  it('shows the modal the same section and sub-headings as the page, one level down', async () => {
    const page = await render(<LegalDocumentBody doc={doc} headingLevel={2} />)
    const modal = await render(<LegalDocumentBody doc={doc} headingLevel={3} idPrefix="modal-" />)

    expect(headingOutline(page, 'h2')).toEqual(doc.sections.map((section) => section.title))
    expect(headingOutline(modal, 'h3')).toEqual(headingOutline(page, 'h2'))
    expect(headingOutline(modal, 'h4')).toEqual(headingOutline(page, 'h3'))
    expect(modal.querySelector('h2')).toBeNull()
  })

  it('gives the modal its own section ids so they never collide with the page', async () => {
    const page = await render(<LegalDocumentBody doc={doc} />)
    const modal = await render(<LegalDocumentBody doc={doc} headingLevel={3} idPrefix="modal-" />)
    const pageIds = [...page.querySelectorAll('section[id]')].map((section) => section.id)
    const modalIds = [...modal.querySelectorAll('section[id]')].map((section) => section.id)

    expect(pageIds).toEqual(doc.sections.map((section) => section.id))
    expect(modalIds).toEqual(pageIds.map((id) => `modal-${id}`))
    expect(new Set(pageIds).size).toBe(pageIds.length)
  })

  it('shows the date and fills the contact details in from settings', async () => {
    const body = await render(<LegalDocumentBody doc={doc} headingLevel={3} />)

    expect(body.querySelector('time')?.getAttribute('datetime')).toBe('2025-07-25')
    expect(body.textContent).toContain(`${doc.dateLabel} 25 July 2025`)
    const email = body.querySelector('a[href="mailto:hello@brightwell.example"]')
    expect(email?.textContent).toBe('hello@brightwell.example')
    expect(body.querySelector('a[href="tel:+442079460958"]')?.textContent).toBe('+44 20 7946 0958')
  })
})

describe('tables', () => {
  it('renders the lawful bases as a real table with a caption and scoped headers', async () => {
    const body = await render(<LegalDocumentBody doc={privacyPolicy} />)
    const table = body.querySelector('#purposes-and-legal-bases table')

    expect(table?.querySelector('caption')?.textContent).toMatch(/lawful basis/i)
    const columns = [...(table?.querySelectorAll('thead th') ?? [])]
    expect(columns.map((th) => [th.textContent, th.getAttribute('scope')])).toEqual([
      ['Purpose', 'col'],
      ['Data', 'col'],
      ['Lawful basis', 'col'],
    ])
    expect(table?.querySelectorAll('tbody th[scope="row"]').length).toBeGreaterThan(5)
    // The scrolling box is named by the caption, so a keyboard user knows what they scroll.
    const region = table?.closest('[role="region"]')
    expect(region?.getAttribute('aria-labelledby')).toBe(table?.querySelector('caption')?.id)
    expect(region?.getAttribute('tabindex')).toBe('0')
  })
})

describe('links', () => {
  it('opens external links in a new tab and keeps site links in the site', async () => {
    const privacy = await render(<LegalDocumentBody doc={privacyPolicy} />)
    const ico = privacy.querySelector('a[href="https://ico.org.uk/make-a-complaint/"]')
    expect(ico?.getAttribute('target')).toBe('_blank')
    expect(ico?.getAttribute('rel')).toBe('noopener noreferrer')
    expect(ico?.textContent).toContain('(opens in a new tab)')

    const terms = await render(<LegalDocumentBody doc={termsOfService} />)
    const privacyLink = terms.querySelector('#privacy a[href="/privacy-policy"]')
    expect(privacyLink?.textContent).toBe('Privacy Policy')
    expect(privacyLink?.getAttribute('target')).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'

import { HOME_SECTIONS } from '~/lib/constants'

import { privacyPolicy } from './privacy-policy'
import { termsOfService } from './terms-of-service'

describe.each([privacyPolicy, termsOfService])('$title', (doc) => {
  it('has unique kebab-case section ids that never clash with the home page anchors', () => {
    const ids = doc.sections.map((section) => section.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/)
    const homeIds: string[] = HOME_SECTIONS.map((section) => section.id)
    expect(ids.filter((id) => homeIds.includes(id))).toEqual([])
  })

  it('gives every table row one cell per column', () => {
    const tables = doc.sections.flatMap((section) =>
      section.blocks.flatMap((block) => (block.kind === 'table' ? [block] : [])),
    )
    for (const table of tables) {
      for (const row of table.rows) expect(row).toHaveLength(table.columns.length)
    }
  })
})

it('numbers the twelve sections of the Terms of Service in order', () => {
  expect(termsOfService.sections.map((section) => section.title.split('.')[0])).toEqual(
    Array.from({ length: 12 }, (_, index) => String(index + 1)),
  )
})

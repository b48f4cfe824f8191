import { describe, expect, it } from 'vitest'

import { CARD_PREVIEW_CHARS, POST_TEASER_CHARS } from './constants'
import { formatCardDate, formatPostDate, formatWordCount, textPreview } from './format'

describe('formatCardDate and formatPostDate', () => {
  it('formats en-US with a short month on cards and a long month on posts', () => {
    expect(formatCardDate('2025-03-10T09:30:00Z')).toBe('Mar 10, 2025')
    expect(formatPostDate('2025-03-10T09:30:00Z')).toBe('March 10, 2025')
  })

  it('counts the day as it falls in London in winter (GMT, UTC+0)', () => {
    expect(formatCardDate('2025-01-14T23:59:59Z')).toBe('Jan 14, 2025')
    expect(formatCardDate('2025-01-15T00:00:00Z')).toBe('Jan 15, 2025')
    expect(formatPostDate('2025-01-15T00:15:00Z')).toBe('January 15, 2025')
    // 23:30 on the 14th in New York is already the 15th in London.
    expect(formatPostDate('2025-01-14T23:30:00-05:00')).toBe('January 15, 2025')
  })

  it('counts the day as it falls in London in summer (BST, UTC+1)', () => {
    expect(formatCardDate('2025-06-30T22:59:59Z')).toBe('Jun 30, 2025')
    expect(formatCardDate('2025-06-30T23:00:00Z')).toBe('Jul 1, 2025')
    expect(formatPostDate('2025-03-30T23:30:00Z')).toBe('March 31, 2025')
  })

  it('gives the same answer whatever the process time zone', () => {
    // Intl ignores TZ when a time zone is given; this guards against someone removing it.
    expect(formatCardDate(new Date(Date.UTC(2024, 11, 31, 23, 30)))).toBe('Dec 31, 2024')
    expect(formatPostDate(new Date(Date.UTC(2024, 7, 31, 23, 30)))).toBe('September 1, 2024')
  })
})

describe('formatWordCount', () => {
  it('groups thousands en-US style', () => {
    expect(formatWordCount(1250)).toBe('1,250 words')
    expect(formatWordCount(1_000_000)).toBe('1,000,000 words')
    expect(formatWordCount(999)).toBe('999 words')
    expect(formatWordCount(0)).toBe('0 words')
  })

  it('says word for one', () => {
    expect(formatWordCount(1)).toBe('1 word')
  })
})

describe('textPreview', () => {
  it('keeps text of exactly the limit whole, without an ellipsis', () => {
    const exact = 'a'.repeat(CARD_PREVIEW_CHARS)
    expect(textPreview(exact, CARD_PREVIEW_CHARS)).toBe(exact)
    const teaser = 'b'.repeat(POST_TEASER_CHARS)
    expect(textPreview(teaser, POST_TEASER_CHARS)).toBe(teaser)
  })

  it('cuts text one character over the limit and appends ...', () => {
    const over = `${'a'.repeat(CARD_PREVIEW_CHARS)}z`
    expect(textPreview(over, CARD_PREVIEW_CHARS)).toBe(`${'a'.repeat(CARD_PREVIEW_CHARS)}...`)
    const teaserOver = `${'b'.repeat(POST_TEASER_CHARS)}z`
    expect(textPreview(teaserOver, POST_TEASER_CHARS)).toBe(`${'b'.repeat(POST_TEASER_CHARS)}...`)
  })

  it('leaves shorter text alone', () => {
    expect(textPreview('Short and sweet.', CARD_PREVIEW_CHARS)).toBe('Short and sweet.')
    expect(textPreview('', CARD_PREVIEW_CHARS)).toBe('')
  })

  it('counts an emoji or an accented letter as one character and never splits it', () => {
    const family = '👨‍👩‍👧'
    const text = `${'é'.repeat(9)}${family}tail`
    expect(textPreview(text, 10)).toBe(`${'é'.repeat(9)}${family}...`)
    expect(textPreview(`${'🙂'.repeat(150)}`, 150)).toBe('🙂'.repeat(150))
    expect(textPreview(`${'🙂'.repeat(151)}`, 150)).toBe(`${'🙂'.repeat(150)}...`)
  })

  it('collapses whitespace and does not leave a space before the ellipsis', () => {
    expect(textPreview('one  two\n\nthree', 100)).toBe('one two three')
    expect(textPreview('abcd efgh', 5)).toBe('abcd...')
  })
})

import { DATE_LOCALE, DATE_TIME_ZONE } from './constants'

const cardDateFormat = new Intl.DateTimeFormat(DATE_LOCALE, {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: DATE_TIME_ZONE,
})

const postDateFormat = new Intl.DateTimeFormat(DATE_LOCALE, {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: DATE_TIME_ZONE,
})

const wholeNumberFormat = new Intl.NumberFormat(DATE_LOCALE, { maximumFractionDigits: 0 })

const graphemes = new Intl.Segmenter(DATE_LOCALE, { granularity: 'grapheme' })

/** 'Mar 10, 2025': the date on a blog card, as the day falls in London. */
export function formatCardDate(date: Date | string) {
  return cardDateFormat.format(new Date(date))
}

/** 'March 10, 2025': the date on a blog post, as the day falls in London. */
export function formatPostDate(date: Date | string) {
  return postDateFormat.format(new Date(date))
}

/** '1,250 words' */
export function formatWordCount(words: number) {
  return `${wholeNumberFormat.format(words)} ${words === 1 ? 'word' : 'words'}`
}

/**
 * The first `chars` characters of plain text, with '...' when there was more. Characters are
 * what a reader sees (grapheme clusters), so an emoji or an accented letter is never cut in half.
 */
export function textPreview(text: string, chars: number) {
  const normalised = text.replace(/\s+/g, ' ').trim()
  const kept: string[] = []
  for (const { segment } of graphemes.segment(normalised)) {
    if (kept.length === chars) return `${kept.join('').trimEnd()}...`
    kept.push(segment)
  }
  return normalised
}

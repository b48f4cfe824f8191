import { describe, expect, it } from 'vitest'

import { ACTIVE_SECTION_OFFSET_PX } from '~/lib/constants'

import { getActiveSectionId, isNavScrolled } from './active-section'

const sections = [
  { id: 'home', top: 64 },
  { id: 'solutions', top: 900 },
  { id: 'how-it-works', top: 1800 },
  { id: 'about', top: 3200 },
  { id: 'contact', top: 4000 },
] as const

describe('getActiveSectionId', () => {
  it('uses an offset of 200 px by default', () => {
    expect(ACTIVE_SECTION_OFFSET_PX).toBe(200)
  })

  it('picks the first section at the top of the page', () => {
    expect(getActiveSectionId(sections, 0)).toBe('home')
  })

  it('switches when a section top is exactly at scroll position plus 200 px', () => {
    expect(getActiveSectionId(sections, 699)).toBe('home')
    expect(getActiveSectionId(sections, 700)).toBe('solutions')
  })

  it('keeps the last section whose top has passed the line', () => {
    expect(getActiveSectionId(sections, 1599)).toBe('solutions')
    expect(getActiveSectionId(sections, 1600)).toBe('how-it-works')
    expect(getActiveSectionId(sections, 3100)).toBe('about')
    expect(getActiveSectionId(sections, 3800)).toBe('contact')
    expect(getActiveSectionId(sections, 99_999)).toBe('contact')
  })

  it('is undefined while no section has reached the line', () => {
    expect(getActiveSectionId([{ id: 'home', top: 500 }], 0)).toBeUndefined()
    expect(getActiveSectionId([], 1000)).toBeUndefined()
  })

  it('takes the last qualifying section in the given order', () => {
    const overlapping = [
      { id: 'a', top: 0 },
      { id: 'b', top: 100 },
      { id: 'c', top: 100 },
    ]
    expect(getActiveSectionId(overlapping, 0)).toBe('c')
  })

  it('accepts another offset', () => {
    expect(getActiveSectionId(sections, 850, 0)).toBe('home')
    expect(getActiveSectionId(sections, 900, 0)).toBe('solutions')
  })
})

describe('isNavScrolled', () => {
  it('changes only after more than 50 px', () => {
    expect(isNavScrolled(0)).toBe(false)
    expect(isNavScrolled(50)).toBe(false)
    expect(isNavScrolled(50.5)).toBe(true)
    expect(isNavScrolled(51)).toBe(true)
  })
})

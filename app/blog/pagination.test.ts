import { describe, expect, it } from 'vitest'

import { pageOf } from './pagination'

const twelve = Array.from({ length: 12 }, (_, i) => i + 1)

describe('pageOf', () => {
  it('gives the first page when no page is asked for', () => {
    expect(pageOf(twelve, null, 9)).toEqual({ items: twelve.slice(0, 9), page: 1, pageCount: 2 })
  })

  it('gives a later page with what is left', () => {
    expect(pageOf(twelve, '2', 9)).toEqual({ items: [10, 11, 12], page: 2, pageCount: 2 })
  })

  it('gives one empty page for an empty list', () => {
    expect(pageOf([], null, 9)).toEqual({ items: [], page: 1, pageCount: 1 })
  })

  it.each(['0', '-1', 'abc', '1.5', '3', '', '01', '9999999'])('has no page %j', (param) => {
    expect(pageOf(twelve, param, 9)).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'

import { recentlyUsed } from './recently-used'

describe('recentlyUsed', () => {
  it('turns out the least recently used entry when full', () => {
    const kept = recentlyUsed<string, number>(2)
    kept.set('a', 1)
    kept.set('b', 2)
    expect(kept.get('a')).toBe(1)
    kept.set('c', 3)
    expect(kept.get('b')).toBeUndefined()
    expect(kept.get('a')).toBe(1)
    expect(kept.get('c')).toBe(3)
  })

  it('keeps one entry per key, and forgets everything when cleared', () => {
    const kept = recentlyUsed<string, number>(2)
    kept.set('a', 1)
    kept.set('a', 2)
    kept.set('b', 3)
    expect(kept.get('a')).toBe(2)
    kept.clear()
    expect(kept.get('a')).toBeUndefined()
    expect(kept.get('b')).toBeUndefined()
  })
})

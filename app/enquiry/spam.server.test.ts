import { describe, expect, it } from 'vitest'

import { MIN_FILL_MS, spamReason } from './spam.server'

const NOW = 1_760_000_000_000
const SERVED = { status: 'signed', atMs: NOW } as const
const NO_COOKIE = { status: 'absent' } as const

function form(fields: Record<string, string>) {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.set(name, value)
  return data
}

describe('spamReason', () => {
  it('passes a person (empty honeypot, form served over 2 s ago) and a plain POST without either', () => {
    expect(spamReason(form({ companyWebsite: '' }), SERVED, NOW + MIN_FILL_MS)).toBeUndefined()
    expect(spamReason(form({ firstName: 'Zoë' }), NO_COOKIE, NOW)).toBeUndefined()
    expect(spamReason(form({ companyWebsite: '' }), NO_COOKIE, NOW)).toBeUndefined()
  })

  it('catches a filled honeypot, a form served under 2 s ago or in the future, and a forged time', () => {
    expect(spamReason(form({ companyWebsite: 'x' }), SERVED, NOW + 60_000)).toBe('honeypot')
    expect(spamReason(form({ companyWebsite: 'x' }), NO_COOKIE, NOW)).toBe('honeypot')
    expect(spamReason(form({}), SERVED, NOW + MIN_FILL_MS - 1)).toBe('too-fast')
    expect(spamReason(form({}), SERVED, NOW - 60_000)).toBe('too-fast')
    expect(spamReason(form({}), { status: 'forged' }, NOW)).toBe('forged-time')
  })
})

import { describe, expect, it } from 'vitest'

import { MIN_FILL_MS, signServedAt, spamReason, verifyServedAt } from './spam.server'

const SECRETS = ['current-secret-0123456789', 'older-secret-0123456789']
const NOW = 1_760_000_000_000

function form(fields: Record<string, string>) {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.set(name, value)
  return data
}

describe('the signed served-at time', () => {
  it('is signed with the first secret and accepted with any of them', () => {
    const token = signServedAt(NOW, SECRETS)
    expect(verifyServedAt(token, SECRETS)).toBe(NOW)
    expect(verifyServedAt(token, [SECRETS[0]!])).toBe(NOW)
    expect(verifyServedAt(signServedAt(NOW, [SECRETS[1]!]), SECRETS)).toBe(NOW)
    expect(verifyServedAt(token, [SECRETS[1]!])).toBeUndefined()
  })

  it('cannot be moved or made up', () => {
    const token = signServedAt(NOW, SECRETS)
    expect(verifyServedAt(token.replace(String(NOW), String(NOW - 5000)), SECRETS)).toBeUndefined()
    for (const forged of [String(NOW), `${NOW}.`, `${NOW}.${'A'.repeat(43)}`, '', 'x.y']) {
      expect(verifyServedAt(forged, SECRETS), forged).toBeUndefined()
    }
  })
})

describe('spamReason', () => {
  const servedAt = signServedAt(NOW, SECRETS)

  it('passes a person (empty honeypot, time over 2 s old) and a plain POST without either', () => {
    const person = form({ companyWebsite: '', formServedAt: servedAt })
    expect(spamReason(person, SECRETS, NOW + MIN_FILL_MS)).toBeUndefined()
    expect(spamReason(form({ firstName: 'Zoë' }), SECRETS, NOW)).toBeUndefined()
    expect(spamReason(form({ formServedAt: '' }), SECRETS, NOW)).toBeUndefined()
  })

  it('catches a filled honeypot, a time under 2 s old or in the future, and a forged time', () => {
    expect(spamReason(form({ companyWebsite: 'x' }), SECRETS, NOW)).toBe('honeypot')
    const fast = form({ formServedAt: servedAt })
    expect(spamReason(fast, SECRETS, NOW + MIN_FILL_MS - 1)).toBe('too-fast')
    expect(spamReason(fast, SECRETS, NOW - 60_000)).toBe('too-fast')
    expect(spamReason(form({ formServedAt: 'forged' }), SECRETS, NOW)).toBe('forged-time')
  })
})

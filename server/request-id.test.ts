import { describe, expect, it } from 'vitest'

import { chooseRequestId } from './request-id'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('chooseRequestId', () => {
  it("keeps the trusted proxy's id", () => {
    expect(chooseRequestId('7f3a9c1e-lb-01', true)).toBe('7f3a9c1e-lb-01')
  })

  it('makes a new one when the sender is not a trusted proxy', () => {
    expect(chooseRequestId('forged', false)).toMatch(UUID)
  })

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['with spaces', 'a b'],
    ['with a line break', 'a\r\nSet-Cookie: x=1'],
    ['too long', 'x'.repeat(129)],
  ])('makes a new one when the sent id is %s', (_case, sent) => {
    expect(chooseRequestId(sent, true)).toMatch(UUID)
  })
})

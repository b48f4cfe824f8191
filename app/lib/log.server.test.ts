import { describe, expect, it } from 'vitest'

import { reasonOf } from './log.server'

/** Remix's answer as its router makes it (`ErrorResponseImpl`): a status, its text, data, a cause. */
const answer = (status: number, statusText: string, data: unknown, error?: Error) => ({
  status,
  statusText,
  data,
  internal: true,
  error,
})

describe('the reason a logged error gives', () => {
  it("names Remix's own answer by its status and cause, never as [object Object]", () => {
    const notAllowed = answer(
      405,
      'Method Not Allowed',
      'x',
      new Error('You made a POST request to "/" but did not provide an `action`'),
    )
    expect(reasonOf(notAllowed)).toBe(
      '405 Method Not Allowed: You made a POST request to "/" but did not provide an `action`',
    )
    expect(reasonOf(answer(500, 'Internal Server Error', 'the backend failed'))).toBe(
      '500 Internal Server Error: the backend failed',
    )
  })

  it("is an error's stack, and any other value in words", () => {
    expect(reasonOf(new Error('boom'))).toMatch(/^Error: boom\n\s+at /)
    expect(reasonOf({ code: 'E_SOMETHING' })).toBe('{"code":"E_SOMETHING"}')
    expect(reasonOf('plain words')).toBe('plain words')
  })
})

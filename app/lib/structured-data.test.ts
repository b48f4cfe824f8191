import { describe, expect, it } from 'vitest'

import { jsonForScript, jsonLdGraph } from './structured-data'

describe('jsonForScript', () => {
  it('cannot close the script element it is written into', () => {
    const json = jsonForScript({ name: '</script><script>alert(1)</script>' })
    expect(json).not.toMatch(/[<>]/)
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>' })
  })

  it('escapes line separators that old parsers treat as line ends', () => {
    expect(jsonForScript({ a: '\u2028\u2029' })).toBe('{"a":"\\u2028\\u2029"}')
  })
})

describe('jsonLdGraph', () => {
  it('puts the nodes in one schema.org graph', () => {
    expect(JSON.parse(jsonLdGraph({ '@type': 'Thing', name: 'a' }))).toEqual({
      '@context': 'https://schema.org',
      '@graph': [{ '@type': 'Thing', name: 'a' }],
    })
  })
})

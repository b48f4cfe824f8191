import { describe, expect, it } from 'vitest'

import { jsonArrayEntries } from './json-entries.server'

const entriesOf = (json: string) => {
  const entries = jsonArrayEntries(Buffer.from(json))
  return entries && entries.map((entry) => entry.toString())
}

describe('jsonArrayEntries', () => {
  it('gives each entry of an array as its own bytes, whatever it holds', () => {
    const entries = [
      { id: 1, content: '<p class="a">"quoted" \\ [brackets] {braces}, commas</p>' },
      'a string, with "quotes" and a backslash \\',
      [1, [2, { three: 3 }]],
      12.5e3,
      null,
      true,
      { content: 'ends with a backslash \\' },
    ]
    for (const json of [JSON.stringify(entries), JSON.stringify(entries, null, 2)]) {
      const found = entriesOf(`\n ${json} \n`)!
      expect(found.map((entry) => JSON.parse(entry) as unknown)).toEqual(entries)
    }
    expect(entriesOf('[]')).toEqual([])
    expect(entriesOf(' [ ] ')).toEqual([])
  })

  it('answers null for a document that is not an array', () => {
    expect(entriesOf('{"posts": []}')).toBeNull()
    expect(entriesOf('"[1]"')).toBeNull()
    expect(entriesOf('')).toBeNull()
  })

  it.each([
    ['a truncated string', '[{"id": 1, "slug": "broken'],
    ['a truncated entry', '[{"id": 1}, {"id": 2'],
    ['no closing bracket', '[{"id": 1}'],
    ['content after the array', '[{"id": 1}] []'],
  ])('throws for %s', (_, json) => {
    expect(() => jsonArrayEntries(Buffer.from(json))).toThrow(SyntaxError)
  })

  it('leaves an empty entry, or two values in one, for JSON.parse to refuse', () => {
    expect(entriesOf('[1,,2]')).toEqual(['1', '', '2'])
    expect(entriesOf('[1,]')).toEqual(['1', ''])
    expect(entriesOf('[{"id": 1} {"id": 2}]')).toEqual(['{"id": 1} {"id": 2}'])
  })
})

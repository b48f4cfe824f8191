import { describe, expect, it } from 'vitest'

import { JsonArraySplitter, readJsonArray } from './json-array-stream.server'

/** Splits `json` fed in pieces of `size` bytes; gives each element parsed. */
function split(json: string, size: number) {
  const elements: unknown[] = []
  const splitter = new JsonArraySplitter((bytes) => elements.push(JSON.parse(bytes.toString())))
  const bytes = Buffer.from(json)
  for (let start = 0; start < bytes.length; start += size) {
    splitter.push(bytes.subarray(start, start + size))
  }
  splitter.end()
  return elements
}

function streamOf(...chunks: string[]) {
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk))
        controller.close()
      },
    }),
  ).body!
}

const tricky = [
  { slug: 'a', content: '<p class="x">say \\"hi\\"</p>', tags: ['x', 'y'] },
  'a string with ] and } and , and \\ and "quotes"',
  42,
  -1.5e3,
  true,
  null,
  [[], [{}], { nested: [1, { deeper: '"]}' }] }],
  { emoji: 'café 🍰', backslashes: '\\\\', 'key with "quote"': '\\' },
  {},
]

describe('JsonArraySplitter', () => {
  it.each([1, 2, 3, 7, 64, 100_000])(
    'gives every element whole, whatever the chunk size (%i bytes)',
    (size) => {
      expect(split(JSON.stringify(tricky), size)).toEqual(tricky)
      expect(split(` \n[ ${tricky.map((e) => JSON.stringify(e)).join(' ,\n ')} ]\n`, size)).toEqual(
        tricky,
      )
    },
  )

  it('reads an empty list', () => {
    expect(split('[]', 1)).toEqual([])
    expect(split(' [ ] ', 1)).toEqual([])
  })

  it.each([
    ['a trailing comma', '[1,]'],
    ['a missing element', '[1,,2]'],
    ['a leading comma', '[,1]'],
    ['elements without a comma', '[{"a":1} {"b":2}]'],
    ['text after the list', '[1] x'],
    ['a second list', '[1][2]'],
    ['a list cut short', '[{"a":"b'],
    ['a string cut short', '["abc'],
    ['nothing', '  '],
  ])('refuses %s', (_name, json) => {
    expect(() => split(json, 2)).toThrow()
  })

  it('says when the answer is not a list at all', () => {
    expect(() => split('{"posts":[]}', 4)).toThrow('not a JSON array')
  })
})

describe('readJsonArray', () => {
  it('counts elements and bytes of a list that arrives in pieces', async () => {
    const seen: string[] = []
    const result = await readJsonArray(streamOf('[{"a":', '1},', '"b"]'), {
      maxBytes: 1_000,
      onElement: (bytes) => seen.push(bytes.toString()),
    })
    expect(result).toEqual({ status: 'success', elements: 2, bytes: 13 })
    expect(seen).toEqual(['{"a":1}', '"b"'])
  })

  it('stops reading at the size cap', async () => {
    const seen: string[] = []
    const result = await readJsonArray(streamOf('[1,2,', '3,4,', '5,6]'), {
      maxBytes: 9,
      onElement: (bytes) => seen.push(bytes.toString()),
    })
    expect(result).toEqual({ status: 'error', error: { kind: 'too-large', maxBytes: 9 } })
    expect(seen.length).toBeLessThan(6)
  })

  it('tells malformed JSON, an element that is not JSON and a document that is not a list', async () => {
    const read = (text: string) =>
      readJsonArray(streamOf(text), {
        maxBytes: 1_000,
        onElement: (bytes) => JSON.parse(bytes.toString()),
      })
    expect(await read('[1,')).toMatchObject({ error: { kind: 'malformed' } })
    expect(await read('[{"a" 1}]')).toMatchObject({ error: { kind: 'malformed' } })
    expect(await read('{"a":[]}')).toEqual({ status: 'error', error: { kind: 'not-a-list' } })
  })
})

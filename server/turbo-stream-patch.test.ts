/**
 * turbo-stream 2.4.1 as patches/turbo-stream+2.4.1.patch leaves it (CVE-2026-34077): the server's
 * single fetch encodes with its CommonJS build, the browser decodes with its ES module build, and
 * both are held to the same behaviour here. tests/load/turbo-stream-encoding.test.ts times them.
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

import * as esmBuild from 'turbo-stream'
import { afterEach, describe, expect, it } from 'vitest'

import { ENCODE_FIXTURES, encodeFixture } from './turbo-stream-fixtures/values'

const FIXTURES = path.join(import.meta.dirname, 'turbo-stream-fixtures')
const cjsBuild = createRequire(import.meta.url)('turbo-stream') as typeof esmBuild
const BUILDS = [
  ['CommonJS', cjsBuild],
  ['ES module', esmBuild],
] as const

describe.each(BUILDS)('turbo-stream, %s build', (_, { encode, decode }) => {
  it.each(Object.keys(ENCODE_FIXTURES))('writes the bytes 2.4.1 wrote for %s', async (name) => {
    const expected = fs.readFileSync(path.join(FIXTURES, `${name}.stream`), 'utf8')
    expect(await encodeFixture(encode, ENCODE_FIXTURES[name]!)).toBe(expected)
  })

  describe('decoding an error', () => {
    afterEach(() => {
      delete (globalThis as { Planted?: unknown }).Planted
    })

    const decodeError = async (name: string) => {
      const line = `[["E","from the stream",${JSON.stringify(name)}]]\n`
      const { value } = await decode(new Response(line).body!)
      return value
    }

    it('builds the error types of the allow-list', async () => {
      const error = await decodeError('TypeError')
      expect(error).toBeInstanceOf(TypeError)
      expect(error).toHaveProperty('message', 'from the stream')
    })

    it('builds any other global named by the stream as a plain Error', async () => {
      let constructed = 0
      ;(globalThis as { Planted?: unknown }).Planted = class {
        constructor() {
          constructed++
        }
      }
      for (const name of ['Planted', 'Function', 'Object', 'AggregateError']) {
        const error = await decodeError(name)
        expect(error, name).toBeInstanceOf(Error)
        expect(Object.getPrototypeOf(error), name).toBe(Error.prototype)
        expect(error, name).toHaveProperty('message', 'from the stream')
      }
      expect(constructed).toBe(0)
    })
  })
})

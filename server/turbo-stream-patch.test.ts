/**
 * turbo-stream 2.4.1 as patches/turbo-stream+2.4.1.patch leaves it (CVE-2026-34077): the server's
 * single fetch encodes with its CommonJS build, the browser decodes with its ES module build, and
 * both are held to the same behaviour here.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

import * as esmBuild from 'turbo-stream'
import { afterEach, describe, expect, it } from 'vitest'

import { ENCODE_FIXTURES, encodeFixture } from './turbo-stream-fixtures/values'

const ROOT = path.resolve(import.meta.dirname, '..')
const FIXTURES = path.join(import.meta.dirname, 'turbo-stream-fixtures')
const cjsBuild = createRequire(import.meta.url)('turbo-stream') as typeof esmBuild
const BUILDS = [
  ['CommonJS', cjsBuild],
  ['ES module', esmBuild],
] as const

/** The longest the event loop may wait while a value is encoded. */
const MAX_TURN_MS = 50

/** The production image's V8 settings (its NODE_OPTIONS): the heap the server encodes in. */
function imageNodeOptions() {
  const dockerfile = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8')
  return /^ENV NODE_OPTIONS="([^"]*)"$/m.exec(dockerfile)![1]!.split(' ')
}

type EncodeTiming = {
  bytes: number
  error?: string
  ms: number
  cpuMs: number
  longestTurnMs: number
  longestTurnCpuMs: number
}

function timeEncoding(build: 'cjs' | 'esm', shape: 'deep' | 'wide'): EncodeTiming {
  const run = spawnSync(
    process.execPath,
    [...imageNodeOptions(), path.join(FIXTURES, 'encode-timing.js'), build, shape],
    { cwd: ROOT, encoding: 'utf8', timeout: 120_000 },
  )
  if (run.status !== 0) throw new Error(`encode-timing.js ${build} ${shape}:\n${run.stderr}`)
  return JSON.parse(run.stdout) as EncodeTiming
}

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

// Measured in a process of its own with the image's heap settings. The limit is on this thread's
// CPU time between two turns: on a shared machine the clock also counts time other processes ran.
describe.each(['cjs', 'esm'] as const)('encoding a huge value (%s build)', (build) => {
  it(`encodes a value 100,000 levels deep, the event loop never held over ${MAX_TURN_MS} ms`, () => {
    const timing = timeEncoding(build, 'deep')
    expect(timing.error).toBeUndefined()
    expect(timing.bytes).toBeGreaterThan(100_000)
    expect(timing.longestTurnCpuMs).toBeLessThanOrEqual(MAX_TURN_MS)
  }, 120_000)

  it(`encodes a list of a million entries, the event loop never held over ${MAX_TURN_MS} ms`, () => {
    const timing = timeEncoding(build, 'wide')
    expect(timing.error).toBeUndefined()
    expect(timing.bytes).toBeGreaterThan(1_000_000)
    expect(timing.longestTurnCpuMs).toBeLessThanOrEqual(MAX_TURN_MS)
  }, 120_000)
})

import { describe, expect, it } from 'vitest'

import { createCachedResource, type LoadResult } from './cached-resource.server'

const TTL_MS = 60_000

/** A load whose answers the test hands out one by one, and a clock the test moves. */
function harness() {
  let clock = 1_000_000
  const pending: Array<(result: LoadResult<string, string>) => void> = []
  let loads = 0
  const resource = createCachedResource<string, string>({
    ttlMs: TTL_MS,
    now: () => clock,
    load: () => {
      loads += 1
      return new Promise((resolve) => pending.push(resolve))
    },
  })
  return {
    resource,
    loads: () => loads,
    advance: (ms: number) => (clock += ms),
    answer: (result: LoadResult<string, string>) => pending.shift()!(result),
    /** Answers a background refresh and lets the cache take the answer in. */
    answerInBackground: async (result: LoadResult<string, string>) => {
      pending.shift()!(result)
      await new Promise((resolve) => setTimeout(resolve, 0))
    },
  }
}

/** A harness whose first load answered with this value, this long ago. */
async function harnessHolding(value: string, ageMs: number) {
  const h = harness()
  const first = h.resource.get()
  h.answer(ok(value))
  await first
  h.advance(ageMs)
  return h
}

const ok = <T>(value: T) => ({ status: 'success', value }) as const
const failed = (error: string) => ({ status: 'error', error }) as const

/** The next call serves this value, and by then this many loads have started in all. */
async function expectServes(h: ReturnType<typeof harness>, value: string, loads: number) {
  expect(await h.resource.get()).toEqual(ok(value))
  expect(h.loads()).toBe(loads)
}

describe('createCachedResource', () => {
  it('shares one load among concurrent first callers', async () => {
    const h = harness()
    const callers = Array.from({ length: 50 }, () => h.resource.get())
    expect(h.loads()).toBe(1)
    h.answer(ok('v1'))
    for (const result of await Promise.all(callers)) expect(result).toEqual(ok('v1'))
  })

  it('serves a fresh value without loading again', async () => {
    const h = await harnessHolding('v1', TTL_MS - 1)
    await expectServes(h, 'v1', 1)
  })

  it('serves a stale value at once and refreshes it once in the background', async () => {
    const h = await harnessHolding('v1', TTL_MS)
    expect(await h.resource.get()).toEqual(ok('v1'))
    await expectServes(h, 'v1', 2)
    await h.answerInBackground(ok('v2'))
    await expectServes(h, 'v2', 2)
    h.advance(TTL_MS - 1)
    await expectServes(h, 'v2', 2)
  })

  it('keeps serving the last good value when a refresh fails, and retries after a TTL', async () => {
    const h = await harnessHolding('v1', TTL_MS)
    expect(await h.resource.get()).toEqual(ok('v1'))
    await h.answerInBackground(failed('down'))
    await expectServes(h, 'v1', 2)
    h.advance(TTL_MS)
    await expectServes(h, 'v1', 3)
    await h.answerInBackground(ok('v2'))
    expect(await h.resource.get()).toEqual(ok('v2'))
  })

  it('gives the error when nothing was ever loaded, and tries again on the next call', async () => {
    const h = harness()
    const first = h.resource.get()
    h.answer(failed('down'))
    expect(await first).toEqual(failed('down'))
    expect(h.resource.peek()).toBeUndefined()
    const second = h.resource.get()
    expect(h.loads()).toBe(2)
    h.answer(ok('v1'))
    expect(await second).toEqual(ok('v1'))
  })

  it('with a TTL of zero, serves the kept value and refreshes on every call', async () => {
    let loads = 0
    const resource = createCachedResource<number, string>({
      ttlMs: 0,
      load: async () => ok(++loads),
    })
    expect(await resource.get()).toEqual(ok(1))
    expect(await resource.get()).toEqual(ok(1))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(await resource.get()).toEqual(ok(2))
  })
})

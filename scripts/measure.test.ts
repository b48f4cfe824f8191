import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { imageRuntimeEnv, median, percentile, percentiles } from './measure'

describe('percentiles', () => {
  it('take the nearest rank: the smallest sample with at least that share at or below it', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1)
    expect(percentile(sorted, 0.5)).toBe(50)
    expect(percentile(sorted, 0.99)).toBe(99)
    expect(percentile([7], 0.99)).toBe(7)
    expect(percentile([], 0.5)).toBe(0)
  })

  it('sort the samples first and count them', () => {
    expect(percentiles([30, 10, 20, 40])).toEqual({
      p50: 20,
      p95: 40,
      p99: 40,
      max: 40,
      samples: 4,
    })
  })

  it('give the upper of the two middle values as the median of an even count', () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 3, 2])).toBe(3)
    expect(median([])).toBe(0)
  })
})

describe('imageRuntimeEnv', () => {
  const checkout = fs.mkdtempSync(path.join(os.tmpdir(), 'measure-'))
  fs.writeFileSync(
    path.join(checkout, 'Dockerfile'),
    [
      'FROM node:24 AS build',
      'ENV BUILD_ONLY=1',
      'FROM node:24 AS runtime',
      'ENV PORT=3000 HOST=0.0.0.0',
      'ENV LD_PRELOAD=/usr/local/lib/libjemalloc.so.2 \\',
      '    UV_THREADPOOL_SIZE=4',
      'ENV NODE_OPTIONS="--max-semi-space-size=8 --max-old-space-size=160"',
    ].join('\n'),
  )

  afterAll(() => fs.rmSync(checkout, { recursive: true, force: true }))

  it("reads the runtime stage's ENV lines, but where to listen", () => {
    const env = imageRuntimeEnv(checkout)
    expect(env).toMatchObject({
      UV_THREADPOOL_SIZE: '4',
      NODE_OPTIONS: '--max-semi-space-size=8 --max-old-space-size=160',
    })
    expect(env).not.toHaveProperty('BUILD_ONLY')
    expect(env).not.toHaveProperty('PORT')
    expect(env).not.toHaveProperty('HOST')
    // This machine's jemalloc, or none: the image's path is not this machine's.
    expect(env.LD_PRELOAD ?? '').not.toBe('/usr/local/lib/libjemalloc.so.2')
  })

  it('puts another heap ceiling in place of the image’s', () => {
    expect(imageRuntimeEnv(checkout, '256').NODE_OPTIONS).toBe(
      '--max-semi-space-size=8 --max-old-space-size=256',
    )
  })
})

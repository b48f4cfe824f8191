import path from 'node:path'

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { CRASH, HANG } from '../../tests/support/failing-sanitize-worker'
import { START_DELAY_MS } from '../../tests/support/slow-start-sanitize-worker'

import { createSanitizer, type Sanitizer } from './sanitizer.server'

/** The worker's TypeScript source, run through tsx as `npm run build` would bundle it. */
const WORKER = path.resolve(import.meta.dirname, '../../tests/support/failing-sanitize-worker.ts')
const SLOW_WORKER = path.resolve(
  import.meta.dirname,
  '../../tests/support/slow-start-sanitize-worker.ts',
)
const TASK = {
  siteUrl: 'https://www.brightwell.example',
  images: { backendUrl: 'http://backend.internal', imageHosts: [], keys: ['test-image-key'] },
}
/** Starting a worker through tsx compiles it and loads jsdom: seconds on a busy machine. */
const START_TIMEOUT_MS = 60_000

let sanitizer: Sanitizer | undefined
let error: ReturnType<typeof vi.spyOn>

beforeEach(() => {
  error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(async () => {
  await sanitizer?.close()
  sanitizer = undefined
  vi.restoreAllMocks()
})

function start(
  options: { filename?: string; idleMs?: number; timeoutMs?: number; maxWaiting?: number } = {},
) {
  sanitizer = createSanitizer({
    filename: WORKER,
    execArgv: ['--import', 'tsx'],
    startTimeoutMs: START_TIMEOUT_MS,
    ...options,
  })
  return sanitizer
}

const sanitize = (dirty: string) => sanitizer!.sanitize({ dirty, ...TASK })
const loggedError = (text: string) =>
  error.mock.calls.some((args: unknown[]) => String(args[0]).includes(text))

describe('the post sanitiser', () => {
  it('sanitises in a worker thread, which ends once idle', async () => {
    start({ idleMs: 500 })
    expect(sanitizer!.threads()).toBe(0)
    const html = await sanitize(
      '<p>kept</p><img src=x onerror="window.__xss=1"><a href="javascript:alert(1)">link</a>',
    )
    expect(html).toBe('<p>kept</p>link')
    expect(sanitizer!.threads()).toBe(1)
    await expect.poll(() => sanitizer!.threads(), { timeout: 5_000 }).toBe(0)
    expect(await sanitize('<p>again</p><script>x()</script>')).toBe('<p>again</p>')
    // Images and players are resolved in the worker by the task's rules.
    const media = await sanitize(
      '<img src="/media/a.png" alt="A"><audio src="/media/a.mp3"></audio>',
    )
    expect(media).toMatch(
      /^<picture><source type="image\/avif" srcset="\/images\/[\w-]+\.[\w-]+\/full-400\.avif /,
    )
    expect(media).toContain('<audio controls="" preload="none" src="/media/a.mp3"></audio>')
  }, 120_000)

  it('times a post from when its worker has started, also after the worker ended when idle', async () => {
    // A post's time is shorter than the worker's start: before, the start counted in it, and the
    // first post after a quiet spell was shown without its content on a busy machine.
    start({ filename: SLOW_WORKER, idleMs: 200, timeoutMs: START_DELAY_MS / 2 })
    await sanitizer!.warmUp()
    await expect.poll(() => sanitizer!.threads(), { timeout: 5_000 }).toBe(0)
    expect(await sanitize('<p>after a quiet spell</p>')).toBe('<p>after a quiet spell</p>')
    expect(loggedError('post sanitiser worker failed')).toBe(false)
  }, 120_000)

  it('shows a post without content when the worker crashes, and starts a new one for the next', async () => {
    start()
    expect(await sanitize(CRASH)).toBeNull()
    expect(loggedError('post sanitiser worker failed')).toBe(true)
    expect(await sanitize('<p>after the crash</p>')).toBe('<p>after the crash</p>')
  }, 120_000)

  it('gives up on a worker that hangs, and starts a new one for the next post', async () => {
    start({ timeoutMs: 2_000 })
    expect(await sanitize('<p>started</p>')).toBe('<p>started</p>')
    expect(await sanitize(HANG)).toBeNull()
    expect(loggedError('post sanitiser worker failed')).toBe(true)
    expect(await sanitize('<p>after the hang</p>')).toBe('<p>after the hang</p>')
  }, 120_000)

  it('shows posts without content when the worker cannot start, without waiting', async () => {
    sanitizer = createSanitizer({ filename: path.resolve('no-such-worker.js') })
    const started = performance.now()
    expect(await sanitize('<p>x</p>')).toBeNull()
    expect(performance.now() - started).toBeLessThan(START_TIMEOUT_MS / 2)
    expect(loggedError('post sanitiser worker failed')).toBe(true)
  }, 120_000)

  it('turns away posts beyond those allowed to wait', async () => {
    start({ maxWaiting: 2 })
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, index) => sanitize(`<p>post ${index}</p>`)),
    )
    expect(results.filter((html) => html === null).length).toBeGreaterThan(0)
    expect(results[0]).toBe('<p>post 0</p>')
    expect(loggedError('post sanitiser busy')).toBe(true)
  }, 120_000)
})

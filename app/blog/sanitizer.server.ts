import path from 'node:path'

import { Piscina } from 'piscina'

import type { ImageRules } from '~/images/sources.server'
import { log } from '~/lib/log.server'
import { metrics } from '~/lib/metrics.server'

/** One post's content to sanitise, and what its images and media are resolved against. */
export type SanitizeTask = { dirty: string; siteUrl: string; images: ImageRules }

export type SanitizeOutcome =
  { status: 'sanitised'; html: string } | { status: 'unparseable'; reason: string }

/** The worker's module, and its Node options (tests run it through tsx). */
export type SanitizerOptions = { filename: string; execArgv?: string[] } & Partial<
  Record<'idleMs' | 'startTimeoutMs' | 'timeoutMs' | 'maxWaiting', number>
>

/**
 * Sanitises post content in one worker thread, ended when idle (`idleMs`): jsdom and its memory
 * stay off the main thread. A worker that crashes, hangs or cannot start (in `startTimeoutMs`), or a
 * post not done in `timeoutMs` or with `maxWaiting` before it, costs the post its content (null:
 * shown without it). A post's `timeoutMs` starts once the worker has started: loading jsdom takes a
 * second on an idle machine and can take more than ten on a busy one, which is no hung post.
 */
export function createSanitizer({
  filename,
  execArgv,
  idleMs = 5_000,
  startTimeoutMs = 60_000,
  timeoutMs = 10_000,
  maxWaiting = 50,
}: SanitizerOptions) {
  let pool: Piscina<SanitizeTask, SanitizeOutcome> | undefined
  /** The start of `pool`'s worker while it runs: true once started, false if it could not. */
  let starting: Promise<boolean> | undefined

  function startPool() {
    const started = new Piscina<SanitizeTask, SanitizeOutcome>({
      filename,
      execArgv,
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: idleMs,
      // Between posts the worker's event loop must turn: jsdom lets a replaced window go only then.
      atomics: 'disabled',
      // Its old and young generations (decision 008).
      resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 8 },
    })
    // A worker that fails to start, or fails between posts, is reported here, not by a task.
    started.on('error', (cause: unknown) => replacePool(started, cause))
    return started
  }

  /** The pool with its worker started (undefined if it could not start) for the next post. */
  async function startedPool() {
    const current = (pool ??= startPool())
    // No worker yet, or it ended when idle: an empty post starts one, timed as a start.
    if (!starting && current.threads.length === 0) {
      starting = current.run(EMPTY_TASK, { signal: AbortSignal.timeout(startTimeoutMs) }).then(
        () => true,
        (cause: unknown) => {
          replacePool(current, cause)
          return false
        },
      )
      // No other start begins while this one runs: the start that ends is the one in `starting`.
      void starting.finally(() => (starting = undefined))
    }
    if (starting && !(await starting)) return undefined
    return pool === current ? current : undefined
  }

  /**
   * Piscina 5.3 can leave posts queued behind a crashed or aborted task waiting forever: after any
   * failure the whole pool is ended (its waiting posts fail with it) and the next post starts anew.
   */
  function replacePool(failed: Piscina, cause: unknown) {
    if (pool !== failed) return
    pool = undefined
    log('error', 'post sanitiser worker failed and was ended', { reason: String(cause) })
    void failed.destroy()
  }

  return {
    /** The post's safe HTML ('' for content that cannot be parsed), or null when the worker failed. */
    async sanitize(task: SanitizeTask): Promise<string | null> {
      const current = await startedPool()
      if (current && current.queueSize >= maxWaiting) {
        log('error', 'post sanitiser busy, post shown without its content', { waiting: maxWaiting })
      } else if (current) {
        try {
          const outcome = await current.run(task, { signal: AbortSignal.timeout(timeoutMs) })
          metrics.countPostSanitising(outcome.status)
          if (outcome.status === 'sanitised') return outcome.html
          // One unparseable document leaves an empty post, not a failed page.
          log('error', 'post content could not be sanitised', { reason: outcome.reason })
          return ''
        } catch (cause) {
          replacePool(current, cause)
        }
      }
      metrics.countPostSanitising('unavailable')
      return null
    },

    /** Starts the worker ahead of the first post (loading jsdom takes about a second). */
    async warmUp() {
      await startedPool()
    },

    /** Worker threads running now: 1 while posts are being sanitised, 0 once idle. */
    threads: () => pool?.threads.length ?? 0,

    /** Ends the worker, for a graceful shutdown. */
    async close() {
      const closing = pool
      pool = undefined
      await closing?.destroy()
    },
  }
}

/** Run to start a worker: nothing to sanitise, but jsdom and DOMPurify loaded. */
const EMPTY_TASK: SanitizeTask = {
  dirty: '',
  siteUrl: 'http://localhost',
  images: { backendUrl: 'http://localhost', imageHosts: [], keys: ['warm-up'] },
}

export type Sanitizer = ReturnType<typeof createSanitizer>

let shared: Sanitizer | undefined

/** The app's sanitiser: the server warms it up before listening and ends it at shutdown. */
export function defaultSanitizer(): Sanitizer {
  if (!shared) {
    // The worker built beside the server, which starts in the app's folder.
    shared = createSanitizer({ filename: path.resolve('build/server/sanitize-worker.js') })
    metrics.observeSanitizerThreads(shared.threads)
  }
  return shared
}

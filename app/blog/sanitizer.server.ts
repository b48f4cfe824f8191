import path from 'node:path'

import { Piscina } from 'piscina'

import type { ImageRules } from '~/images/sources.server'
import { log } from '~/lib/log.server'
import { metrics } from '~/lib/metrics.server'

/** One post's content to sanitise, and what its images and media are resolved against. */
export type SanitizeTask = { dirty: string; siteUrl: string; images: ImageRules }

/** What the worker answers for one post. */
export type SanitizeOutcome =
  { status: 'sanitised'; html: string } | { status: 'unparseable'; reason: string }

/** The worker's module (a path or a file: URL), and its Node options (tests run it through tsx). */
export type SanitizerOptions = { filename: string; execArgv?: string[] } & Partial<
  Record<'idleMs' | 'timeoutMs' | 'maxWaiting', number>
>

/** The worker built beside the server; the server starts in the app's folder, as for the Remix build. */
export const BUILT_WORKER = path.resolve('build/server/sanitize-worker.js')

/** Ended after this long without a post to sanitise: its memory goes back to the system. */
const WORKER_IDLE_MS = 5_000
/** A post not sanitised by then (waiting included) is given up: the largest takes about a second. */
const SANITIZE_TIMEOUT_MS = 10_000
/** Posts waiting for the worker, at most; beyond that a first view is shown without its content. */
const MAX_WAITING = 50
/** The worker's old and young generations (decision 008). */
const WORKER_HEAP_MB = 128
const WORKER_YOUNG_GENERATION_MB = 8

/**
 * Sanitises post content in one worker thread, started when a post first needs it and ended when
 * idle: jsdom and the memory its parsing takes stay off the main thread, and go back to the system
 * with the thread. A worker that crashes, hangs or cannot start costs the posts it was working on
 * their content (null: shown without it, and sanitised again when next asked for); the next post
 * gets a new worker.
 */
export function createSanitizer({
  filename,
  execArgv,
  idleMs = WORKER_IDLE_MS,
  timeoutMs = SANITIZE_TIMEOUT_MS,
  maxWaiting = MAX_WAITING,
}: SanitizerOptions) {
  let pool: Piscina<SanitizeTask, SanitizeOutcome> | undefined

  function startPool() {
    const started = new Piscina<SanitizeTask, SanitizeOutcome>({
      filename,
      execArgv,
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: idleMs,
      // Between posts the worker's event loop must turn: jsdom lets a replaced window go only then.
      atomics: 'disabled',
      resourceLimits: {
        maxOldGenerationSizeMb: WORKER_HEAP_MB,
        maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB,
      },
    })
    // A worker that fails to start, or fails between posts, is reported here, not by a task.
    started.on('error', (cause: unknown) => replacePool(started, cause))
    return started
  }

  /**
   * Piscina 5.3 can leave the posts queued behind a crashed or aborted task waiting forever, so
   * after any failure the whole pool is ended (the posts still waiting fail with it) and the next
   * post starts a new one.
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
      pool ??= startPool()
      const current = pool
      if (current.queueSize >= maxWaiting) {
        metrics.countPostSanitising('unavailable')
        log('error', 'post sanitiser busy, post shown without its content', {
          waiting: current.queueSize,
        })
        return null
      }
      try {
        const outcome = await current.run(task, { signal: AbortSignal.timeout(timeoutMs) })
        if (outcome.status === 'unparseable') {
          // One unparseable document leaves an empty post, not a failed page.
          log('error', 'post content could not be sanitised', { reason: outcome.reason })
          metrics.countPostSanitising('unparseable')
          return ''
        }
        metrics.countPostSanitising('sanitised')
        return outcome.html
      } catch (cause) {
        metrics.countPostSanitising('unavailable')
        replacePool(current, cause)
        return null
      }
    },

    /**
     * Starts the worker ahead of the first post (loading jsdom takes about a second) and resolves
     * once it answers, or has failed; it ends when idle like any other.
     */
    async warmUp() {
      if (pool) return
      const started = startPool()
      pool = started
      await started
        .run({
          dirty: '',
          siteUrl: 'http://localhost',
          images: { backendUrl: 'http://localhost', imageHosts: [], keys: ['warm-up'] },
        })
        .catch((cause: unknown) => replacePool(started, cause))
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

export type Sanitizer = ReturnType<typeof createSanitizer>

let shared: Sanitizer | undefined

/** The app's sanitiser: the server warms it up before listening and ends it at shutdown. */
export function defaultSanitizer(): Sanitizer {
  if (!shared) {
    const sanitizer = createSanitizer({ filename: BUILT_WORKER })
    metrics.observeSanitizerThreads(() => sanitizer.threads())
    shared = sanitizer
  }
  return shared
}

/**
 * The sanitiser's test worker, slow to start as on a busy machine: loading it takes 2 seconds more
 * before it can sanitise anything.
 */
export const START_DELAY_MS = 2_000

Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, START_DELAY_MS)

export { default } from './failing-sanitize-worker'

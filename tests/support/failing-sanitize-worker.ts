/**
 * The sanitiser's worker, with ways to fail on demand for the sanitiser's tests: content that is
 * exactly one of these words makes the worker crash or hang instead of sanitising.
 */
import sanitizeTask from '../../app/blog/sanitize.server'
import type { SanitizeTask } from '../../app/blog/sanitizer.server'

export const CRASH = 'crash the worker'
export const HANG = 'hang the worker'

export default function sanitizeOrFail(task: SanitizeTask) {
  if (task.dirty === CRASH) process.exit(1)
  if (task.dirty === HANG) for (;;);
  return sanitizeTask(task)
}

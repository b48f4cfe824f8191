import type { ServerBuild } from '@remix-run/node'

import type * as EntryModule from '../app/entry.server'

/**
 * The app's entry module as the server uses it: besides rendering, the settings, log, metrics and
 * request context, and the app's start and end. The server takes them from the Remix build rather
 * than bundling app/ again, so the process holds one copy of each module; it imports only types.
 */
export type AppEntry = typeof EntryModule

export type Log = AppEntry['log']
export type Metrics = AppEntry['metrics']
export type RunInRequestContext = AppEntry['runInRequestContext']

export function appEntryOf(build: ServerBuild): AppEntry {
  return build.entry.module as unknown as AppEntry
}

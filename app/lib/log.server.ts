import { isRouteErrorResponse } from '@remix-run/react'

import { currentRequest } from './request-context.server'

type Level = 'info' | 'warn' | 'error'

/**
 * One JSON line per event, for the container's log collector, with the id of the request it
 * belongs to. Never pass personal data.
 */
export function log(level: Level, msg: string, fields: Record<string, unknown> = {}) {
  const requestId = currentRequest()?.requestId
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, requestId, ...fields })
  if (level === 'error') console.error(line)
  else if (level === 'warn') console.warn(line)
  else console.log(line)
}

/** What went wrong, in words: an error's stack, or the status and cause of Remix's answer. */
export function reasonOf(error: unknown): string {
  if (error instanceof Error) return error.stack ?? error.message
  if (isRouteErrorResponse(error)) {
    // Remix keeps the error behind its own answers (a 405's "did not provide an `action`").
    const cause = (error as { error?: unknown }).error
    const said = cause instanceof Error ? cause.message : error.data
    return `${error.status} ${error.statusText}${said ? `: ${String(said)}` : ''}`
  }
  if (typeof error === 'object' && error !== null) return JSON.stringify(error) ?? String(error)
  return String(error)
}

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

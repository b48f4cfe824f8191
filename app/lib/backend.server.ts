import { getConfig } from './config.server'
import { log } from './log.server'

export type BackendFailure =
  { kind: 'http'; status: number } | { kind: 'network'; reason: string } | { kind: 'timeout' }

export type BackendResult<T> =
  { status: 'success'; data: T } | { status: 'error'; error: BackendFailure }

/** The one place that talks to the backend: every failure becomes a value, never a throw. */
async function callBackend(path: string, init: RequestInit): Promise<BackendResult<Response>> {
  const { backendUrl, backendTimeoutMs } = getConfig()
  const url = `${backendUrl}${path}`
  const started = performance.now()
  try {
    const response = await fetch(url, {
      ...init,
      signal: AbortSignal.timeout(backendTimeoutMs),
      redirect: 'error',
    })
    if (!response.ok) {
      await response.body?.cancel()
      const error = { kind: 'http', status: response.status } as const
      logFailure(init.method ?? 'GET', path, error, started)
      return { status: 'error', error }
    }
    return { status: 'success', data: response }
  } catch (cause) {
    const error: BackendFailure =
      cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError')
        ? { kind: 'timeout' }
        : { kind: 'network', reason: describe(cause) }
    logFailure(init.method ?? 'GET', path, error, started)
    return { status: 'error', error }
  }
}

/** POST a JSON body; only the status of the answer is read. */
export async function postBackendJson(path: string, body: unknown): Promise<BackendResult<null>> {
  const result = await callBackend(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  })
  if (result.status === 'error') return result
  await result.data.body?.cancel()
  return { status: 'success', data: null }
}

function logFailure(method: string, path: string, error: BackendFailure, started: number) {
  log('warn', 'backend call failed', {
    method,
    path,
    ...error,
    durationMs: Math.round(performance.now() - started),
  })
}

function describe(cause: unknown) {
  if (cause instanceof Error) {
    const inner = cause.cause instanceof Error ? `: ${cause.cause.message}` : ''
    return `${cause.name}: ${cause.message}${inner}`
  }
  return String(cause)
}

/**
 * GET with the body unread: the caller checks its type and streams it (the media proxy) or
 * reads it piece by piece (the post list).
 */
export function getBackendResponse(
  path: string,
  accept?: string,
): Promise<BackendResult<Response>> {
  return callBackend(path, { method: 'GET', headers: accept ? { accept } : {} })
}

import { getConfig } from './config.server'
import { log } from './log.server'
import { metrics, type BackendEndpoint, type BackendOutcome } from './metrics.server'
import { currentRequest } from './request-context.server'

export type BackendFailure =
  { kind: 'http'; status: number } | { kind: 'network'; reason: string } | { kind: 'timeout' }

export type BackendResult<T> =
  { status: 'success'; data: T } | { status: 'error'; error: BackendFailure }

/** The one place that talks to the backend: every failure becomes a value, never a throw. */
async function callBackend(path: string, init: RequestInit): Promise<BackendResult<Response>> {
  const { backendUrl, backendTimeoutMs } = getConfig()
  const url = `${backendUrl}${path}`
  const request = currentRequest()
  const headers = new Headers(init.headers)
  // The backend's logs can then be matched with this site's and the load balancer's.
  if (request) headers.set('x-request-id', request.requestId)
  const started = performance.now()
  const finish = (outcome: BackendOutcome) => {
    const elapsedMs = performance.now() - started
    if (request) request.backendMs += elapsedMs
    metrics.observeBackendCall(endpointOf(path), outcome, elapsedMs / 1000)
  }
  try {
    const response = await fetch(url, {
      ...init,
      headers,
      signal: AbortSignal.timeout(backendTimeoutMs),
      redirect: 'error',
    })
    if (!response.ok) {
      await response.body?.cancel()
      finish('http_error')
      const error = { kind: 'http', status: response.status } as const
      logFailure(init.method ?? 'GET', path, error, started)
      return { status: 'error', error }
    }
    finish('success')
    return { status: 'success', data: response }
  } catch (cause) {
    const error: BackendFailure =
      cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError')
        ? { kind: 'timeout' }
        : { kind: 'network', reason: describe(cause) }
    finish(error.kind === 'timeout' ? 'timeout' : 'network_error')
    logFailure(init.method ?? 'GET', path, error, started)
    return { status: 'error', error }
  }
}

/** A bounded label for a backend path: media files have endless paths. */
function endpointOf(path: string): BackendEndpoint {
  if (path === '/app/posts/') return 'posts'
  if (path === '/app/send-email/') return 'send-email'
  return 'file'
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
  headers: Record<string, string> = {},
): Promise<BackendResult<Response>> {
  return callBackend(path, { method: 'GET', headers })
}

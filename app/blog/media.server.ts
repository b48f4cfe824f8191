import { getBackendResponse } from '~/lib/backend.server'

/** The backend's uploads live under this path, and this site serves them under the same one. */
export const MEDIA_PATH = '/media/'

const ONE_DAY_S = 24 * 60 * 60
/** A file opened directly (an SVG in a tab) may show itself but run nothing. */
const MEDIA_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

/**
 * Where a page loads an image from. The backend may not be reachable by visitors, so its own
 * media (relative paths, or absolute URLs on its origin) goes through this site's /media/
 * proxy; `https:` images on other hosts are used as given; anything else (no image, http:,
 * javascript:, data:) becomes null and the page shows a placeholder.
 */
export function siteImageUrl(value: string | null | undefined, backendUrl: string): string | null {
  const trimmed = value?.trim()
  if (!trimmed) return null
  const backendMedia = `${backendUrl}${MEDIA_PATH}`
  let url: URL
  try {
    // A root-relative path is relative to BACKEND_URL, which may itself carry a path.
    const absolute = trimmed.startsWith('/') && !trimmed.startsWith('//')
    url = absolute ? new URL(`${backendUrl}${trimmed}`) : new URL(trimmed, `${backendUrl}/`)
  } catch {
    return null
  }
  if (url.href.startsWith(backendMedia)) {
    const file = url.pathname.slice(new URL(backendMedia).pathname.length)
    return isSafeMediaPath(file) ? `${MEDIA_PATH}${file}` : null
  }
  return url.protocol === 'https:' ? url.href : null
}

/** Ordinary file names only: no traversal, no hidden files, no encoded tricks. */
export function isSafeMediaPath(file: string) {
  const segments = file.split('/')
  return (
    file.length > 0 &&
    file.length <= 512 &&
    segments.every((segment) => /^[\w-][\w.-]*$/.test(segment))
  )
}

/**
 * Streams one of the backend's media files to the visitor, if it is an image. Everything else
 * (not found, not an image, backend down, a suspicious path) is a plain 404.
 */
export async function proxyMedia(file: string): Promise<Response> {
  if (!isSafeMediaPath(file)) return notFound()
  const result = await getBackendResponse(`${MEDIA_PATH}${file}`)
  if (result.status === 'error') return notFound()
  const upstream = result.data
  const contentType = upstream.headers.get('content-type') ?? ''
  if (!/^image\/[\w.+-]+(;|$)/i.test(contentType) || !upstream.body) {
    await upstream.body?.cancel()
    return notFound()
  }
  const headers = new Headers({
    'Content-Type': contentType,
    'Cache-Control': `public, max-age=${ONE_DAY_S}`,
    'Content-Security-Policy': MEDIA_CSP,
  })
  for (const name of ['content-length', 'etag', 'last-modified']) {
    const value = upstream.headers.get(name)
    if (value) headers.set(name, value)
  }
  return new Response(upstream.body, { status: 200, headers })
}

function notFound() {
  return new Response('Not Found', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}

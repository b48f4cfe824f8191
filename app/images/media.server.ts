import { getBackendResponse } from '~/lib/backend.server'

import { IMAGE_WIDTHS, variantPath } from './image-set'
import { imageRules, isSafeMediaPath, MEDIA_PATH, siteImage } from './sources.server'

const ONE_DAY_S = 24 * 60 * 60
/** A file opened directly (an SVG in a tab) may show itself but run nothing. */
const MEDIA_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox"
/** What a post may show of the backend's media as the file itself: SVG images and recorded audio. */
const PASSED_TYPES = /^(?:image\/svg\+xml|audio\/[\w.+-]+)(?:;|$)/i
/** Uploads whose file is never sent as it came (a phone photo holds where it was taken). */
const RASTER_FILE = /\.(?:jpe?g|png|gif|webp|avif)$/i
/** What a `Range` answer carries besides its body. */
const RANGE_HEADERS = ['content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified']

/**
 * `/media/{file}`: the backend's SVG images and audio, streamed through this site (the backend
 * itself may not be public), with `Range` passed both ways (Safari plays audio only from 206
 * answers). A raster upload is answered with its largest re-encoded variant instead. Everything
 * else (not found, another type, backend down, a suspicious path) is a plain 404.
 */
export async function proxyMedia(file: string, request: Request): Promise<Response> {
  if (!isSafeMediaPath(file)) return notFound()
  const source = `${MEDIA_PATH}${file}`
  const image = RASTER_FILE.test(file) ? siteImage(source, imageRules()) : null
  if (image && 'token' in image) {
    const widest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!
    return new Response(null, {
      status: 301,
      headers: {
        Location: variantPath(image.token, 'full', widest, 'jpg'),
        'Cache-Control': `public, max-age=${ONE_DAY_S}`,
      },
    })
  }
  const range = request.headers.get('range')
  const result = await getBackendResponse(source, range ? { range } : {})
  if (result.status === 'error') {
    const unsatisfiable = result.error.kind === 'http' && result.error.status === 416
    return unsatisfiable ? plain(416, 'Range Not Satisfiable') : notFound()
  }
  const upstream = result.data
  const contentType = upstream.headers.get('content-type') ?? ''
  if (!PASSED_TYPES.test(contentType) || !upstream.body) {
    await upstream.body?.cancel()
    return notFound()
  }
  const headers = new Headers({
    'Content-Type': contentType,
    // no-transform: compressing would break the byte ranges of audio.
    'Cache-Control': `public, max-age=${ONE_DAY_S}, no-transform`,
    'Content-Security-Policy': MEDIA_CSP,
  })
  for (const name of RANGE_HEADERS) {
    const value = upstream.headers.get(name)
    if (value) headers.set(name, value)
  }
  return new Response(upstream.body, { status: upstream.status === 206 ? 206 : 200, headers })
}

function notFound() {
  return plain(404, 'Not Found')
}

function plain(status: number, text: string) {
  return new Response(text, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}

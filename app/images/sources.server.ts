import { createHmac, timingSafeEqual } from 'node:crypto'

import { getBackendResponse } from '~/lib/backend.server'
import { getConfig } from '~/lib/config.server'

import type { SiteImage } from './image-set'

/** The backend's uploads live under this path, and this site serves them under the same one. */
export const MEDIA_PATH = '/media/'

/** An upload larger than this is refused: a 48-megapixel phone photo is about 15 MB. */
export const MAX_SOURCE_BYTES = 25 * 1024 * 1024

/**
 * What decides which images the site fetches. Only two kinds of source exist: the backend's media
 * (`/media/…`) and `https:` images on `imageHosts`. A page offers a source's variants under a
 * signed token, so the image route fetches only what a post showed: it is no proxy for anything
 * else on those hosts, nor for the backend's API, nor for an address the request names.
 */
export type ImageRules = {
  backendUrl: string
  imageHosts: readonly string[]
  /** the first signs, all verify (the session secrets, rotated together) */
  keys: readonly string[]
}

let rules: ImageRules | undefined

/** The rules from the settings, worked out once (each request for a variant checks its token). */
export function imageRules(): ImageRules {
  if (!rules) {
    const { backendUrl, imageHosts, sessionSecrets } = getConfig()
    rules = { backendUrl, imageHosts, keys: sessionSecrets.map(imageKey) }
  }
  return rules
}

/** A key of its own for image addresses, so that nothing signed here is valid elsewhere. */
function imageKey(secret: string) {
  return createHmac('sha256', secret).update('post image addresses').digest('base64url')
}

const SIGNATURE_CHARS = 22

function signature(source: string, key: string) {
  return createHmac('sha256', key).update(source).digest('base64url').slice(0, SIGNATURE_CHARS)
}

/**
 * How a page shows a post image, from the post's value: variants of the backend's media and of
 * allowed hosts (except SVG, which is never rasterised), as given for other `https:` images,
 * nothing for anything else (no image, http:, javascript:, data:), where the page shows a
 * placeholder.
 */
export function siteImage(value: string | null | undefined, rules: ImageRules): SiteImage | null {
  const url = siteImageUrl(value, rules.backendUrl)
  if (!url) return null
  if (/\.svg$/i.test(new URL(url, 'http://site').pathname) || !isFetchable(url, rules)) {
    return { url }
  }
  return { token: `${Buffer.from(url).toString('base64url')}.${signature(url, rules.keys[0]!)}` }
}

/** The source a token names, when one of the keys signed it and the rules still allow it. */
export function sourceOfToken(token: string, rules: ImageRules): string | null {
  const match = /^([\w-]{1,2000})\.([\w-]{22})$/.exec(token)
  if (!match) return null
  const source = Buffer.from(match[1]!, 'base64url').toString()
  const given = Buffer.from(match[2]!)
  const signed = rules.keys.some((key) =>
    timingSafeEqual(Buffer.from(signature(source, key)), given),
  )
  return signed && isFetchable(source, rules) ? source : null
}

function isFetchable(url: string, rules: ImageRules) {
  if (url.startsWith(MEDIA_PATH)) return isSafeMediaPath(url.slice(MEDIA_PATH.length))
  try {
    const { protocol, hostname, port, username } = new URL(url)
    return protocol === 'https:' && !port && !username && rules.imageHosts.includes(hostname)
  } catch {
    return false
  }
}

/**
 * Where an image is loaded from. The backend may not be reachable by visitors, so its own media
 * (relative paths, or absolute URLs on its origin) goes through this site's /media/ path;
 * `https:` images on other hosts keep their URL; anything else becomes null.
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

/** Why a source gave no image, as the HTTP status the image route answers with. */
export class ImageRefusal extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 413 | 415 | 422 | 502 | 503 | 504,
    message: string,
  ) {
    super(message)
  }
}

/**
 * The bytes of a source, read whole up to MAX_SOURCE_BYTES. No redirect is followed (a redirect
 * could point anywhere, a private address included): it fails like an unreachable source.
 */
export async function fetchSource(source: string): Promise<Buffer> {
  const response = source.startsWith(MEDIA_PATH)
    ? await fetchBackendMedia(source)
    : await fetchFromImageHost(source)
  if (Number(response.headers.get('content-length') ?? 0) > MAX_SOURCE_BYTES) {
    await response.body?.cancel()
    throw new ImageRefusal(413, 'image file too large')
  }
  const chunks: Uint8Array[] = []
  let bytes = 0
  const reader = response.body?.getReader()
  try {
    for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
      bytes += read.value.byteLength
      if (bytes > MAX_SOURCE_BYTES) throw new ImageRefusal(413, 'image file too large')
      chunks.push(read.value)
    }
  } catch (cause) {
    await reader?.cancel().catch(() => undefined)
    if (cause instanceof ImageRefusal) throw cause
    throw failureOf(cause)
  }
  return Buffer.concat(chunks, bytes)
}

async function fetchBackendMedia(source: string) {
  const result = await getBackendResponse(source, { accept: 'image/*' })
  if (result.status === 'success') return result.data
  const { error } = result
  if (error.kind === 'timeout') throw new ImageRefusal(504, 'image source timed out')
  if (error.kind === 'http' && error.status === 404) throw new ImageRefusal(404, 'no such image')
  throw new ImageRefusal(502, 'image source failed')
}

async function fetchFromImageHost(source: string) {
  let response: Response
  try {
    response = await fetch(source, {
      headers: { accept: 'image/*' },
      redirect: 'error',
      signal: AbortSignal.timeout(getConfig().backendTimeoutMs),
    })
  } catch (cause) {
    throw failureOf(cause)
  }
  if (response.ok) return response
  await response.body?.cancel()
  throw new ImageRefusal(response.status === 404 ? 404 : 502, 'image source failed')
}

function failureOf(cause: unknown) {
  const timedOut = cause instanceof Error && cause.name === 'TimeoutError'
  return timedOut
    ? new ImageRefusal(504, 'image source timed out')
    : new ImageRefusal(502, 'image source failed')
}

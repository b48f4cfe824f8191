import { createHash } from 'node:crypto'

import { LRUCache } from 'lru-cache'
import pLimit from 'p-limit'
import sharp from 'sharp'

import { log } from '~/lib/log.server'

import {
  COVER_HEIGHT,
  COVER_WIDTH,
  IMAGE_FITS,
  IMAGE_FORMATS,
  IMAGE_TYPES,
  IMAGE_WIDTHS,
  type ImageFit,
  type ImageFormat,
  type SiteImage,
} from './image-set'
import { fetchSource, ImageRefusal, imageRules, sourceOfToken } from './sources.server'

/** An image of more pixels than this is refused before it is decoded: 60 megapixels. */
export const MAX_SOURCE_PIXELS = 60_000_000

/**
 * Made variants kept in memory: about 1,000 cards' images. A shared cache in front keeps them
 * for days; this spares its revalidations and a page's repeat visitors the work.
 */
const KEPT_BYTES = 32 * 1024 * 1024
const KEPT_MS = 24 * 60 * 60 * 1000

/**
 * One image is decoded and encoded at a time, on one thread: on two cores, the other stays for
 * the pages (sharp runs on libuv's pool beside zlib and DNS, so a burst must not take it all).
 * A few sources are fetched meanwhile; beyond that, a request is told to come back.
 */
/* eslint-disable import-x/no-named-as-default-member -- sharp's ESM build exports only its default:
   the named `concurrency` and `cache` its types declare do not exist at run time. */
sharp.concurrency(1)
sharp.cache(false)
/* eslint-enable import-x/no-named-as-default-member */
const encoding = pLimit(1)
const fetching = pLimit(3)
const MAX_WAITING = 24

/** Public, for days: a CDN keeps it, and revalidates it after a day while serving it. */
const VARIANT_CACHE_CONTROL =
  'public, max-age=86400, stale-while-revalidate=604800, stale-if-error=604800'

type Variant = { body: Buffer; type: string; etag: string }

const made = new LRUCache<string, Variant, { source: string; variant: VariantName }>({
  maxSize: KEPT_BYTES,
  sizeCalculation: (variant) => variant.body.byteLength,
  ttl: KEPT_MS,
  // Two requests for the same cold variant share one piece of work.
  fetchMethod: async (_key, _stale, { context }) => makeVariant(context.source, context.variant),
})

type VariantName = { fit: ImageFit; width: number; format: ImageFormat }

/** `cover-720.avif` → its parts, when each is one of the fixed set. */
function parseVariantName(name: string): VariantName | null {
  const match = /^([a-z]+)-([1-9]\d*)\.([a-z]+)$/.exec(name)
  if (!match) return null
  const [, fit, width, format] = match
  const isKnown =
    (IMAGE_FITS as readonly string[]).includes(fit!) &&
    (IMAGE_WIDTHS as readonly number[]).includes(Number(width)) &&
    (IMAGE_FORMATS as readonly string[]).includes(format!)
  return isKnown
    ? { fit: fit as ImageFit, width: Number(width), format: format as ImageFormat }
    : null
}

/**
 * The answer to `/images/{token}/{fit}-{width}.{format}`: the variant, made once and kept, or a
 * refusal that no cache keeps.
 */
export async function serveImageVariant(
  token: string,
  name: string,
  request: Request,
): Promise<Response> {
  try {
    const variant = parseVariantName(name)
    if (!variant) throw new ImageRefusal(400, 'unknown image variant')
    const source = sourceOfToken(token, imageRules())
    if (!source) throw new ImageRefusal(403, 'image not offered by this site')
    const key = keyOf(source, variant)
    const kept = made.get(key)
    if (!kept && fetching.pendingCount >= MAX_WAITING) {
      throw new ImageRefusal(503, 'too many images being made')
    }
    const variantMade = kept ?? (await made.fetch(key, { context: { source, variant } }))
    const headers = {
      'Content-Type': variantMade!.type,
      'Cache-Control': VARIANT_CACHE_CONTROL,
      ETag: variantMade!.etag,
    }
    if (isKnownTo(request, variantMade!.etag)) {
      return new Response(null, { status: 304, headers })
    }
    return new Response(bytesOf(variantMade!.body), {
      headers: { ...headers, 'Content-Length': String(variantMade!.body.byteLength) },
    })
  } catch (cause) {
    const refusal =
      cause instanceof ImageRefusal ? cause : new ImageRefusal(502, 'image could not be made')
    if (!(cause instanceof ImageRefusal)) {
      log('error', 'image variant failed', { reason: String(cause) })
    }
    return refusalResponse(refusal)
  }
}

function keyOf(source: string, { fit, width, format }: VariantName) {
  return `${fit}-${width}.${format} ${source}`
}

/** The variant a phone draws a card or a post's own image in: Lighthouse's phone takes this one. */
const ON_A_PHONE: VariantName = { fit: 'cover', width: 720, format: 'avif' }

/**
 * Starts making the images a page shows first, as a phone draws them, while the page is rendered
 * (the largest first). The browser asks for them a moment later, and images are made one at a time
 * in the order asked: the largest paint would otherwise wait behind cards further down (a phone's
 * LCP on /blog with cold variants was 1.06 to 2.3 s, by where it fell in that queue), and making
 * them before the page's scripts arrive leaves the processor to the browser while it starts them.
 */
export function prepareFirstImages(images: readonly (SiteImage | null)[]) {
  for (const image of images) {
    const source = image && 'token' in image ? sourceOfToken(image.token, imageRules()) : null
    if (!source || fetching.pendingCount >= MAX_WAITING) continue
    const variant = ON_A_PHONE
    made.fetch(keyOf(source, variant), { context: { source, variant } }).catch(() => undefined)
  }
}

/** Whether If-None-Match names the ETag (a list, weak or strong, or `*`), as RFC 9110 compares. */
function isKnownTo(request: Request, etag: string) {
  const tags = request.headers.get('if-none-match')?.split(',') ?? []
  return tags.some((tag) => ['*', etag].includes(tag.trim().replace(/^W\//, '')))
}

export function refusalResponse(refusal: ImageRefusal) {
  return new Response(refusal.message, {
    status: refusal.status,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      ...(refusal.status === 503 ? { 'Retry-After': '1' } : {}),
    },
  })
}

async function makeVariant(source: string, variant: VariantName): Promise<Variant> {
  return fetching(async () => {
    const bytes = await fetchSource(source)
    if (!isRasterImage(bytes)) throw new ImageRefusal(415, 'not a raster image')
    return encoding(() => encodeVariant(bytes, variant))
  })
}

/**
 * Whether the bytes begin as a JPEG, PNG, GIF, WebP or AVIF file does: the formats phones and
 * editors upload. The upstream's Content-Type is not trusted, and nothing else (SVG above all,
 * a script host that must never be rasterised) reaches the decoder.
 */
export function isRasterImage(bytes: Buffer) {
  const ascii = (from: number, to: number) => bytes.toString('latin1', from, to)
  return (
    (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) ||
    ascii(0, 8) === '\x89PNG\r\n\x1a\n' ||
    /^GIF8[79]a$/.test(ascii(0, 6)) ||
    (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') ||
    (ascii(4, 8) === 'ftyp' && /^avi[fs]$/.test(ascii(8, 12)))
  )
}

async function encodeVariant(bytes: Buffer, { fit, width, format }: VariantName) {
  const options = { limitInputPixels: MAX_SOURCE_PIXELS, failOn: 'error' } as const
  // The header alone tells the size: a file that would decode to too many pixels is refused unread.
  const header = await sharp(bytes, { ...options, limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new ImageRefusal(422, 'image could not be read')
    })
  if ((header.width ?? 0) * (header.height ?? 0) > MAX_SOURCE_PIXELS) {
    throw new ImageRefusal(413, 'image has too many pixels')
  }
  // autoOrient turns the pixels as the camera said; no metadata is written (no GPS, no camera).
  const image = sharp(bytes, options).autoOrient()
  if (fit === 'cover') {
    image.resize(width, Math.round((width * COVER_HEIGHT) / COVER_WIDTH), {
      fit: 'cover',
      position: 'centre',
    })
  } else {
    image.resize(width, width * 4, { fit: 'inside', withoutEnlargement: true })
  }
  if (format === 'avif') image.avif({ quality: 50, effort: 0 })
  else if (format === 'webp') image.webp({ quality: 72 })
  else image.flatten({ background: '#ffffff' }).jpeg({ quality: 75, mozjpeg: true })
  const body = await image.toBuffer().catch(() => {
    throw new ImageRefusal(422, 'image could not be read')
  })
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
  return { body, type: IMAGE_TYPES[format], etag }
}

/** The buffer's bytes as a view (a Response takes no Buffer in the DOM's types), not a copy. */
function bytesOf(buffer: Buffer) {
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength)
}
